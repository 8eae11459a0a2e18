package io.spanweave.runfiles.internal.facts;

import io.spanweave.runfiles.internal.summary.SegmentSummary;
import java.util.Map;

/**
 * Summarises a chunk of OTLP JSON lines straight from their bytes: the per-segment summaries the
 * viewer's first pass builds, without parsing a span into an object. It reads each line once, keeps
 * of each span only the facts the summaries count, in columns reused from chunk to chunk, and makes
 * no object per span; that is what lets a run nobody summarised be read at a fraction of the cost
 * of parsing it (docs/performance.md gives the figure).
 *
 * <p>Its summaries are those the viewer builds from parsed spans, byte for byte once written: it
 * reads the shape of lines the viewer's span parser reads on its fast path (spanweave's own writer
 * and the OpenTelemetry Collector's file exporter write it), arrays and kvlists included, and
 * returns null for a chunk holding any other line (a malformed or torn line, snake_case keys,
 * another format), which the caller then parses as before. It depends on the JDK, the attribute
 * names of {@code conventions} and the summary classes only, so the runtime can summarise the parts
 * it writes with it too.
 *
 * <p>Not thread-safe: one instance per thread.
 */
public final class FactsScanner {
  private final JsonCursor in = new JsonCursor();
  private final ChunkSpans spans = new ChunkSpans();
  private final OtlpFactsWalk walk = new OtlpFactsWalk(in, spans);
  private final ChunkSummariser summariser = new ChunkSummariser();

  /**
   * A chunk's summaries.
   *
   * @param segments per segment index, the summary of the chunk's lines in that segment
   * @param lines the chunk's non-blank lines
   * @param spans the spans summarised
   * @param invalidSpans spans left out for a missing or invalid trace or span id
   */
  public record Result(
      Map<Integer, SegmentSummary> segments, int lines, int spans, long invalidSpans) {}

  /**
   * Summarises a chunk of whole lines.
   *
   * @param block the chunk's bytes from index 0, {@code length} of them, whole lines only
   * @param blockOffset the decompressed offset of the chunk's first byte in its part
   * @param segmentBytes the size of a segment (a line belongs to the segment its offset lies in)
   * @return the summaries, or null when some line is not of the shape this scanner reads
   */
  public Result scan(byte[] block, int length, long blockOffset, long segmentBytes) {
    in.reset(block, length);
    spans.clear();
    walk.invalidSpans = 0;
    int lines = 0;
    try {
      // No token of a line takes a newline (strings refuse control characters, whitespace inside
      // a line stops at one), so each object must end its line.
      while (true) {
        in.skipWhitespaceAndNewlines();
        if (in.pos >= length) {
          break;
        }
        if (block[in.pos] != '{') {
          return null;
        }
        int start = in.pos;
        int first = spans.size;
        walk.request();
        int objectEnd = in.pos;
        if (objectEnd > length) {
          return null; // the last object is cut short: what completed it lies beyond the chunk
        }
        in.skipWhitespace();
        if (in.pos < length && block[in.pos] != '\n') {
          return null;
        }
        spans.place(first, blockOffset + start, objectEnd - start);
        lines++;
      }
    } catch (JsonCursor.GiveUp
        | ArrayIndexOutOfBoundsException
        | NumberFormatException notThisShape) {
      return null;
    } finally {
      in.b = null;
    }
    return new Result(
        summariser.summarise(spans, segmentBytes), lines, spans.size, walk.invalidSpans);
  }
}
