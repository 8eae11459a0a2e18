package io.spanweave.viewer.ingest;

/**
 * Receives bytes that hold only whole lines (each ending in a newline, except perhaps a rotated
 * file's last).
 */
@FunctionalInterface
public interface LineChunkSink {
  /**
   * @param data owned by the sink from now on (the follower never reuses it)
   * @param length number of valid bytes in {@code data}
   * @param fileOffset offset of {@code data[0]} in the source file
   */
  void accept(byte[] data, int length, long fileOffset, SourceFile source);
}
