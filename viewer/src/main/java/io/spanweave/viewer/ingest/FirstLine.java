package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.spi.DamagedPartException;
import io.spanweave.runfiles.spi.PartInput;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runfiles.spi.SeekPoint;
import io.spanweave.viewer.index.ParsedSpan;
import io.spanweave.viewer.index.SpanSummaries;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.Arrays;

/** The first line of a part, decompressed and parsed: which step a part starts with. */
final class FirstLine {
  private static final ChunkParser PARSER = new ChunkParser();

  private FirstLine() {}

  /** The lowest step of the spans on the part's first line, or {@code Integer.MIN_VALUE}. */
  static int step(FileChannel channel, RunPartCodec codec) throws IOException {
    if (codec == null) {
      return Integer.MIN_VALUE;
    }
    byte[] buffer = new byte[64 << 10];
    int filled = 0;
    try (PartInput in = codec.open(channel, SeekPoint.START)) {
      while (true) {
        int nl = PartReading.lastNewline(buffer, 0, filled);
        if (nl >= 0) {
          int first = PartReading.indexOf(buffer, filled, (byte) '\n');
          return lowestStep(buffer, first + 1);
        }
        if (filled == buffer.length) {
          if (buffer.length >= PartReading.MAX_LINE) {
            return Integer.MIN_VALUE;
          }
          buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        int n = in.read(buffer, filled, buffer.length - filled);
        if (n < 0) {
          return filled == 0 ? Integer.MIN_VALUE : lowestStep(buffer, filled);
        }
        filled += n;
      }
    } catch (DamagedPartException damaged) {
      return Integer.MIN_VALUE;
    }
  }

  private static int lowestStep(byte[] line, int length) {
    int lowest = Integer.MAX_VALUE;
    for (ParsedSpan s : PARSER.parse(line, length, 0, 0).spans()) {
      int step = SpanSummaries.stepOf(s);
      if (step != Integer.MIN_VALUE) {
        lowest = Math.min(lowest, step);
      }
    }
    return lowest == Integer.MAX_VALUE ? Integer.MIN_VALUE : lowest;
  }
}
