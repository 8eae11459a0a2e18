package io.spanweave.viewer.ingest;

/**
 * Receives bytes that hold only whole lines (each ending in a newline, except perhaps a rotated
 * file's last).
 */
@FunctionalInterface
public interface LineChunkSink {
  /**
   * @param data owned by the sink from now on (the follower never reuses it); from {@link #buffer}
   *     when the chunk was read into an array the sink handed out
   * @param length number of valid bytes in {@code data}
   * @param fileOffset offset of {@code data[0]} in the source file
   */
  void accept(byte[] data, int length, long fileOffset, SourceFile source);

  /**
   * An array of at least {@code minLength} bytes to read a chunk into (a plain file read newest
   * first; see {@link io.spanweave.runfiles.internal.parts.LineChunks.Sink#buffer}): a new one
   * unless the sink reuses the arrays of chunks it is done with.
   */
  default byte[] buffer(int minLength) {
    return new byte[minLength];
  }
}
