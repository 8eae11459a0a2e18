package io.spanweave.runfiles.internal.facts;

import io.spanweave.runfiles.internal.parts.LineChunks;
import io.spanweave.runfiles.internal.parts.PartFingerprint;
import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runfiles.spi.PartInput;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runfiles.spi.SeekPoint;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Summarises one closed part from its facts, as the viewer's first pass summarises a part it reads
 * to its end: cut into the same chunks ({@link LineChunks}: a compressed part decompressed forward,
 * a plain part newest block first and then what follows its last newline), each chunk's segment
 * summaries merged in the order the viewer merges them, the segments sealed with the seek point
 * before each. The summary file written from the result is the one the viewer would write, byte for
 * byte.
 *
 * <p>Returns no summary for a part holding a line the facts scanner does not read (a torn line,
 * another format): the viewer parses such a part itself. Not thread-safe: one instance a thread.
 */
public final class PartSummariser {
  private final FactsScanner scanner = new FactsScanner();

  /** A part's summary file name and contents. */
  public record Summary(long fingerprint, PartSummaryFile.Contents contents) {}

  /**
   * Summarises the closed part at {@code path}, stored with {@code codec}.
   *
   * @return its summary, or null when it holds a line the facts scanner does not read, or is too
   *     short to have a fingerprint
   */
  public Summary summarise(Path path, RunPartCodec codec, boolean compressed, long segmentBytes)
      throws IOException {
    PartSummaryFile.Check check = PartSummaryFile.Check.of(path);
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      long fingerprint = PartFingerprint.of(channel, codec, true);
      if (fingerprint == 0) {
        return null;
      }
      Chunks chunks = new Chunks(segmentBytes);
      List<SeekPoint> seekPoints = new ArrayList<>(List.of(SeekPoint.START));
      if (compressed) {
        try (PartInput in = codec.open(channel, SeekPoint.START)) {
          LineChunks.decompressed(in, Long.MAX_VALUE, chunks);
          for (SeekPoint p : in.seekPoints()) {
            if (p.offset() > seekPoints.get(seekPoints.size() - 1).offset()) {
              seekPoints.add(p);
            }
          }
        }
      } else {
        long end = LineChunks.endOfLastLine(channel);
        LineChunks.newestFirst(channel, String.valueOf(path), 0, end, chunks);
        LineChunks.forward(channel, end, Long.MAX_VALUE, chunks, true);
      }
      if (chunks.unreadable) {
        return null;
      }
      List<SegmentSummary> segments = new ArrayList<>(chunks.segments.values());
      for (SegmentSummary s : segments) {
        s.seekFrom(before(seekPoints, s.start()));
        s.seal();
      }
      if (!check.equals(PartSummaryFile.Check.of(path))) {
        return null; // changed while it was read: it was not closed after all
      }
      return new Summary(
          fingerprint, new PartSummaryFile.Contents(check, chunks.decoded, seekPoints, segments));
    }
  }

  private static SeekPoint before(List<SeekPoint> points, long offset) {
    SeekPoint best = SeekPoint.START;
    for (SeekPoint p : points) {
      if (p.offset() <= offset) {
        best = p;
      }
    }
    return best;
  }

  /** The chunks' summaries merged per segment, in the order the chunks come. */
  private final class Chunks implements LineChunks.Sink {
    final long segmentBytes;
    final TreeMap<Integer, SegmentSummary> segments = new TreeMap<>();
    long decoded;
    boolean unreadable;

    Chunks(long segmentBytes) {
      this.segmentBytes = segmentBytes;
    }

    @Override
    public void accept(byte[] data, int length, long offset) {
      if (unreadable) {
        return;
      }
      FactsScanner.Result r = scanner.scan(data, length, offset, segmentBytes);
      if (r == null) {
        unreadable = true;
        return;
      }
      for (Map.Entry<Integer, SegmentSummary> e : r.segments().entrySet()) {
        segments.computeIfAbsent(e.getKey(), SegmentSummary::new).merge(e.getValue());
      }
      decoded += length;
    }
  }
}
