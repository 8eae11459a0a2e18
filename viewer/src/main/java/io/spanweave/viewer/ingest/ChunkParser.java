package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.facts.FactsScanner;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.viewer.formats.FormatException;
import io.spanweave.viewer.formats.SpanLineParser;
import io.spanweave.viewer.index.OtlpLineParser;
import io.spanweave.viewer.index.ParsedSpan;
import io.spanweave.viewer.index.SpanSummaries;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Parses a chunk of whole lines: the whole block at once on the fast path, line by line (to skip
 * and count a bad line) when some line is not a well-formed OTLP request. A chunk whose spans are
 * not kept is only summarised, from its bytes ({@link #summarise}). Thread-safe.
 */
final class ChunkParser {
  private final OtlpLineParser parser = new OtlpLineParser();

  /** Lines the fast OTLP path refused, in whichever format each is (OTLP, Zipkin, Jaeger). */
  private final SpanLineParser lineParser = new SpanLineParser(parser);

  private static final ThreadLocal<FactsScanner> FACTS = ThreadLocal.withInitial(FactsScanner::new);

  /** Spans the facts scanner left out for an invalid id. */
  private final AtomicLong invalidFacts = new AtomicLong();

  /** The spans of a chunk, with its non-blank and malformed line counts. */
  record Result(List<ParsedSpan> spans, int lines, int malformed) {}

  Result parse(byte[] data, int length, long fileOffset, int sourceId) {
    try {
      int[] counted = new int[1];
      List<ParsedSpan> spans = parser.parseBlock(data, length, sourceId, fileOffset, counted);
      return new Result(spans, counted[0], 0);
    } catch (OtlpLineParser.MalformedLineException somewhereABadLine) {
      return parseLineByLine(data, length, fileOffset, sourceId);
    }
  }

  /** The summaries of a chunk, with its non-blank and malformed line counts and its spans. */
  record Summarised(Map<Integer, SegmentSummary> segments, int lines, int malformed, int spans) {}

  /**
   * Summarises a chunk without keeping its spans: from the facts of its lines when the facts
   * scanner reads them all, else parsed as by {@link #parse} (the summaries are the same either
   * way).
   */
  Summarised summarise(byte[] data, int length, long fileOffset, int sourceId, long segmentBytes) {
    FactsScanner.Result facts = FACTS.get().scan(data, length, fileOffset, segmentBytes);
    if (facts != null) {
      invalidFacts.addAndGet(facts.invalidSpans());
      return new Summarised(facts.segments(), facts.lines(), 0, facts.spans());
    }
    Result r = parse(data, length, fileOffset, sourceId);
    return new Summarised(
        SpanSummaries.of(r.spans(), segmentBytes), r.lines(), r.malformed(), r.spans().size());
  }

  /** Spans left out because their trace or span id is missing or not an id. */
  long invalidSpans() {
    return lineParser.invalidSpans() + invalidFacts.get();
  }

  /** The slow path: each line on its own, so a bad line is skipped and counted. */
  private Result parseLineByLine(byte[] data, int length, long fileOffset, int sourceId) {
    List<ParsedSpan> out = new ArrayList<>();
    int lineCount = 0;
    int malformed = 0;
    int lineStart = 0;
    while (lineStart < length) {
      int lineEnd = lineStart;
      while (lineEnd < length && data[lineEnd] != '\n') {
        lineEnd++;
      }
      int contentEnd = lineEnd;
      while (contentEnd > lineStart
          && (data[contentEnd - 1] == '\r' || data[contentEnd - 1] == ' ')) {
        contentEnd--;
      }
      if (contentEnd > lineStart) {
        lineCount++;
        try {
          out.addAll(
              lineParser.parse(
                  data, lineStart, contentEnd - lineStart, sourceId, fileOffset + lineStart));
        } catch (FormatException e) {
          malformed++;
          out.addAll(wholeRequestAfterTornLine(data, lineStart, contentEnd, sourceId, fileOffset));
        }
      }
      lineStart = lineEnd + 1;
    }
    return new Result(out, lineCount, malformed);
  }

  private static final byte[] REQUEST_START =
      "{\"resourceSpans\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  /**
   * The spans of a whole request glued to the end of a torn line. A process killed in the middle of
   * writing a line leaves it without its end, and the next attempt of the run appends its first
   * line right after it: the torn part is skipped (and counted), the whole request after it is not
   * lost.
   */
  private List<ParsedSpan> wholeRequestAfterTornLine(
      byte[] data, int lineStart, int contentEnd, int sourceId, long fileOffset) {
    for (int k = lineStart + 1; k + REQUEST_START.length <= contentEnd; k++) {
      if (data[k] == '{'
          && java.util.Arrays.equals(
              data, k, k + REQUEST_START.length, REQUEST_START, 0, REQUEST_START.length)) {
        try {
          return lineParser.parse(data, k, contentEnd - k, sourceId, fileOffset + k);
        } catch (FormatException stillBroken) {
          return List.of();
        }
      }
    }
    return List.of();
  }
}
