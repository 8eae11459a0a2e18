package io.spanweave.viewer.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.viewer.index.OtlpLineParser;
import io.spanweave.viewer.index.ParsedSpan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One line of a trace file in whichever format it is, told apart per line: a JSON array is Zipkin's
 * (API v2), an object with a {@code data} array and no {@code resourceSpans} is Jaeger's, anything
 * else OTLP JSON. Files may mix them (a run's own spans, then a backend's export appended). OTLP,
 * by far the most common, goes straight to {@link OtlpLineParser}; only lines that may be another
 * format are parsed into a tree first.
 */
public final class SpanLineParser {
  private static final byte[] DATA_FIELD = "\"data\"".getBytes(StandardCharsets.US_ASCII);

  private final OtlpLineParser otlp;
  private final ZipkinJsonParser zipkin = new ZipkinJsonParser();
  private final JaegerJsonParser jaeger = new JaegerJsonParser();
  private final AtomicLong invalidSpans = new AtomicLong();

  public SpanLineParser(OtlpLineParser otlp) {
    this.otlp = otlp;
  }

  /**
   * @return the line's spans in document order, placed at {@code sourceId}/{@code lineOffset};
   *     spans without a valid trace or span id are left out and counted
   */
  public List<ParsedSpan> parse(
      byte[] buffer, int offset, int length, int sourceId, long lineOffset) throws FormatException {
    int first = offset;
    while (first < offset + length && Character.isWhitespace(buffer[first])) {
      first++;
    }
    boolean array = first < offset + length && buffer[first] == '[';
    if (!array && !contains(buffer, offset, length, DATA_FIELD)) {
      return otlp(buffer, offset, length, sourceId, lineOffset);
    }
    JsonNode root;
    try {
      root = BackendTags.JSON.readTree(buffer, offset, length);
    } catch (IOException e) {
      throw new FormatException("not JSON: " + e.getMessage());
    }
    if (root == null) {
      throw new FormatException("empty line");
    }
    boolean isJaeger =
        root.isObject()
            && root.has("data")
            && !root.has("resourceSpans")
            && !root.has("resource_spans");
    if (!array && !isJaeger) {
      return otlp(buffer, offset, length, sourceId, lineOffset);
    }
    List<ParsedSpan> spans;
    try {
      spans = array ? zipkin.parse(root) : jaeger.parse(root);
    } catch (RuntimeException e) {
      throw new FormatException(String.valueOf(e.getMessage()));
    }
    return place(spans, sourceId, lineOffset, length);
  }

  private List<ParsedSpan> otlp(
      byte[] buffer, int offset, int length, int sourceId, long lineOffset) throws FormatException {
    try {
      return otlp.parse(buffer, offset, length, sourceId, lineOffset);
    } catch (OtlpLineParser.MalformedLineException e) {
      throw new FormatException(String.valueOf(e.getMessage()));
    }
  }

  /** Spans this parser (OTLP lines included) left out for an invalid trace or span id so far. */
  public long invalidSpans() {
    return invalidSpans.get() + otlp.invalidSpans();
  }

  private List<ParsedSpan> place(
      List<ParsedSpan> spans, int sourceId, long lineOffset, int length) {
    int kept = 0;
    for (ParsedSpan s : spans) {
      if (s.traceId != null && s.spanId != null) {
        s.sourceId = sourceId;
        s.lineOffset = lineOffset;
        s.lineLength = length;
        s.ordinalInLine = kept;
        spans.set(kept++, s);
      }
    }
    invalidSpans.addAndGet(spans.size() - kept);
    spans.subList(kept, spans.size()).clear();
    return spans;
  }

  private static boolean contains(byte[] buffer, int offset, int length, byte[] needle) {
    outer:
    for (int i = offset; i <= offset + length - needle.length; i++) {
      for (int k = 0; k < needle.length; k++) {
        if (buffer[i + k] != needle[k]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
