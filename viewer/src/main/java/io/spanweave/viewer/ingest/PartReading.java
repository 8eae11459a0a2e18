package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.LineChunks;
import io.spanweave.runfiles.spi.PartInput;
import java.io.IOException;

/**
 * Cuts a file's bytes into chunks of whole lines for a {@link LineChunkSink}, with run-files'
 * {@link LineChunks} (the cutter the runtime summarises its parts with, so that its summaries are
 * the ones this viewer builds): forward from an offset, newest block first (a plain file, for the
 * latest step early), or decompressed forward.
 */
final class PartReading {
  static final int CHUNK = LineChunks.CHUNK;
  static final int FIRST_CHUNK = LineChunks.FIRST_CHUNK;
  static final int MAX_LINE = LineChunks.MAX_LINE;

  private PartReading() {}

  /** Offset just after the last newline of the plain file as it is now. */
  static long endOfLastLine(SourceFile file) throws IOException {
    return LineChunks.endOfLastLine(file.channel());
  }

  /** See {@link LineChunks#newestFirst}. */
  static long newestFirst(SourceFile file, long from, long end, LineChunkSink sink)
      throws IOException {
    return LineChunks.newestFirst(
        file.channel(),
        String.valueOf(file.path()),
        from,
        end,
        new LineChunks.Sink() {
          @Override
          public void accept(byte[] data, int length, long offset) {
            sink.accept(data, length, offset, file);
          }

          @Override
          public byte[] buffer(int minLength) {
            return sink.buffer(minLength);
          }
        });
  }

  /** See {@link LineChunks#forward}. */
  static long forward(SourceFile file, long from, long until, LineChunkSink sink, boolean flushTail)
      throws IOException {
    return LineChunks.forward(
        file.channel(),
        from,
        until,
        (data, length, offset) -> sink.accept(data, length, offset, file),
        flushTail);
  }

  /** See {@link LineChunks#decompressed}. */
  static long decompressed(SourceFile file, PartInput in, long until, LineChunkSink sink)
      throws IOException {
    return LineChunks.decompressed(
        in, until, (data, length, offset) -> sink.accept(data, length, offset, file));
  }

  static int indexOf(byte[] buffer, int length, byte b) {
    return LineChunks.indexOf(buffer, length, b);
  }

  static int lastNewline(byte[] buffer, int from, int to) {
    return LineChunks.lastNewline(buffer, from, to);
  }
}
