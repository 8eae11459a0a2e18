package io.spanweave.viewer.index;

import static io.spanweave.viewer.index.OtlpJsonValues.TEXTS;
import static io.spanweave.viewer.index.OtlpJsonValues.camel;
import static io.spanweave.viewer.index.OtlpJsonValues.expect;
import static io.spanweave.viewer.index.OtlpJsonValues.readAttributes;
import static io.spanweave.viewer.index.OtlpJsonValues.readEnum;
import static io.spanweave.viewer.index.OtlpJsonValues.readInt64;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.spanweave.conventions.TraceFileFields;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Stream-parses one line of an OTLP JSON file (an {@code ExportTraceServiceRequest}, the
 * OpenTelemetry Collector file exporter's format) into {@link ParsedSpan}s without building a JSON
 * tree. Accepts camelCase and snake_case keys, hex and base64 ids, int64 as string or number, and
 * the older {@code instrumentationLibrarySpans} shape. Unknown fields are skipped.
 *
 * <p>Thread-safe: it holds no per-line state, so chunks of a file may be parsed in parallel.
 */
public final class OtlpLineParser {
  private static final JsonFactory JSON = JsonFactory.builder().build();

  /** Longest attribute value kept for search; longer ones are found through the inspector only. */
  static final int MAX_SEARCHABLE_VALUE = 256;

  /**
   * The block being parsed on this thread, or null when parsing a single line. Lets the resource of
   * a line be compared with the previous line's by its bytes: a process writes the same resource on
   * every line, and comparing 300 bytes is much cheaper than parsing them again.
   */
  private static final class Block {
    final byte[] bytes;
    byte[] lastResource;
    List<Attribute> lastAttributes;

    Block(byte[] bytes) {
      this.bytes = bytes;
    }
  }

  private static final ThreadLocal<Block> BLOCK = new ThreadLocal<>();

  /** The fast path for the common shape of lines; a block it does not take is read with Jackson. */
  private static final ThreadLocal<OtlpByteScanner> SCANNER =
      ThreadLocal.withInitial(OtlpByteScanner::new);

  /** Spans left out because their trace or span id is missing, all zero or not an id. */
  private final java.util.concurrent.atomic.AtomicLong invalidSpans =
      new java.util.concurrent.atomic.AtomicLong();

  /** Thrown for a line that is not a well-formed request; the caller counts and skips it. */
  public static final class MalformedLineException extends Exception {
    MalformedLineException(String message, Throwable cause) {
      super(message, cause, false, false);
    }
  }

  /**
   * @return the spans of the line in document order; spans without a valid trace or span id are
   *     left out and counted in {@link #invalidSpans()}
   */
  public List<ParsedSpan> parse(
      byte[] buffer, int offset, int length, int sourceId, long lineOffset)
      throws MalformedLineException {
    List<ParsedSpan> out = new ArrayList<>();
    try (JsonParser p = JSON.createParser(buffer, offset, length)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new MalformedLineException("line is not a JSON object", null);
      }
      readRequest(p, out);
      if (p.nextToken() != null) {
        throw new MalformedLineException("trailing content after the JSON object", null);
      }
    } catch (IOException | RuntimeException e) {
      throw new MalformedLineException(e.getMessage(), e);
    }
    invalidSpans.addAndGet(finish(out, 0, sourceId, lineOffset, length));
    return out;
  }

  /** How many spans this parser left out for an invalid trace or span id so far. */
  public long invalidSpans() {
    return invalidSpans.get();
  }

  /**
   * Parses a block of whole lines with one parser. Creating a parser per line costs more than
   * parsing a 1 KB line, so this is the fast path for big files; it insists that every line holds
   * exactly one request object and throws otherwise, and the caller then falls back to {@link
   * #parse} line by line to skip and count the bad lines.
   *
   * @param block bytes starting at index 0, {@code length} of them, all whole lines
   */
  public List<ParsedSpan> parseBlock(
      byte[] block, int length, int sourceId, long blockFileOffset, int[] linesRead)
      throws MalformedLineException {
    long[] dropped = new long[1];
    List<ParsedSpan> scanned =
        SCANNER.get().scanBlock(block, length, sourceId, blockFileOffset, linesRead, dropped);
    if (scanned != null) {
      invalidSpans.addAndGet(dropped[0]);
      return scanned;
    }
    return parseBlockWithJackson(block, length, sourceId, blockFileOffset, linesRead);
  }

  /** {@link #parseBlock} without the fast path: every shape, token by token. */
  List<ParsedSpan> parseBlockWithJackson(
      byte[] block, int length, int sourceId, long blockFileOffset, int[] linesRead)
      throws MalformedLineException {
    List<ParsedSpan> out = new ArrayList<>();
    int lines = 0;
    long invalid = 0;
    TEXTS.set(new TextCache());
    BLOCK.set(new Block(block));
    try (JsonParser p = JSON.createParser(block, 0, length)) {
      int previousEnd = -1;
      JsonToken token;
      while ((token = p.nextToken()) != null) {
        if (token != JsonToken.START_OBJECT) {
          throw new MalformedLineException("a line is not a JSON object", null);
        }
        int start = (int) p.currentTokenLocation().getByteOffset();
        if (previousEnd >= 0 && !hasNewline(block, previousEnd, start)) {
          throw new MalformedLineException("two objects on one line", null);
        }
        int first = out.size();
        readRequest(p, out);
        int end = (int) p.currentLocation().getByteOffset();
        invalid += finish(out, first, sourceId, blockFileOffset + start, end - start);
        previousEnd = end;
        lines++;
      }
      linesRead[0] = lines;
      // Counted only now: a block that fails is parsed again line by line, and counted there.
      invalidSpans.addAndGet(invalid);
    } catch (IOException | RuntimeException e) {
      throw new MalformedLineException(e.getMessage(), e);
    } finally {
      BLOCK.remove();
    }
    return out;
  }

  private static boolean hasNewline(byte[] block, int from, int to) {
    for (int i = from; i < to; i++) {
      if (block[i] == '\n') {
        return true;
      }
    }
    return false;
  }

  /**
   * Drops the spans of one line that have no valid ids, and gives the others their place and their
   * facts.
   *
   * @return how many spans were dropped
   */
  static int finish(
      List<ParsedSpan> out, int first, int sourceId, long lineOffset, int lineLength) {
    int kept = first;
    for (int i = first; i < out.size(); i++) {
      ParsedSpan s = out.get(i);
      if (s.traceId != null && s.spanId != null) {
        out.set(kept++, s);
      }
    }
    int dropped = out.size() - kept;
    out.subList(kept, out.size()).clear();
    for (int i = first; i < out.size(); i++) {
      ParsedSpan s = out.get(i);
      s.sourceId = sourceId;
      s.lineOffset = lineOffset;
      s.lineLength = lineLength;
      s.ordinalInLine = i - first;
      s.facts = SpanFacts.of(s, MAX_SEARCHABLE_VALUE);
    }
    return dropped;
  }

  /** Reads the fields of one request object; the parser is on its START_OBJECT. */
  private void readRequest(JsonParser p, List<ParsedSpan> out) throws IOException {
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = camel(p.currentName());
      p.nextToken();
      if (field.equals("data")) {
        // Jaeger's JSON ({"data": [traces]}), not OTLP: the caller parses such lines as Jaeger's.
        throw new IOException("a Jaeger line, not OTLP");
      }
      if (field.equals(TraceFileFields.RESOURCE_SPANS)) {
        expect(p, JsonToken.START_ARRAY);
        while (p.nextToken() == JsonToken.START_OBJECT) {
          readResourceSpans(p, out);
        }
      } else {
        p.skipChildren();
      }
    }
  }

  private void readResourceSpans(JsonParser p, List<ParsedSpan> out) throws IOException {
    List<Attribute> resource = List.of();
    int first = out.size();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = camel(p.currentName());
      p.nextToken();
      switch (field) {
        case TraceFileFields.RESOURCE ->
            resource = BLOCK.get() == null ? readResource(p) : readResourceOnce(p, BLOCK.get());
        case TraceFileFields.SCOPE_SPANS, "instrumentationLibrarySpans" -> {
          expect(p, JsonToken.START_ARRAY);
          while (p.nextToken() == JsonToken.START_OBJECT) {
            readScopeSpans(p, out);
          }
        }
        default -> p.skipChildren();
      }
    }
    // The resource may come after the spans in the object; attach it once the object is closed.
    for (int i = first; i < out.size(); i++) {
      out.get(i).resource = resource;
    }
  }

  /**
   * The resource at the parser, reusing the previous line's attributes when the bytes are the same.
   */
  private List<Attribute> readResourceOnce(JsonParser p, Block block) throws IOException {
    expect(p, JsonToken.START_OBJECT);
    int start = (int) p.currentTokenLocation().getByteOffset();
    p.skipChildren();
    int end = (int) p.currentLocation().getByteOffset();
    byte[] last = block.lastResource;
    if (last != null
        && last.length == end - start
        && java.util.Arrays.equals(last, 0, last.length, block.bytes, start, end)) {
      return block.lastAttributes;
    }
    List<Attribute> attributes;
    try (JsonParser resource = JSON.createParser(block.bytes, start, end - start)) {
      resource.nextToken();
      attributes = readResource(resource);
    }
    block.lastResource = java.util.Arrays.copyOfRange(block.bytes, start, end);
    block.lastAttributes = attributes;
    return attributes;
  }

  private List<Attribute> readResource(JsonParser p) throws IOException {
    expect(p, JsonToken.START_OBJECT);
    List<Attribute> attributes = List.of();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = camel(p.currentName());
      p.nextToken();
      if (field.equals(TraceFileFields.ATTRIBUTES)) {
        attributes = readAttributes(p);
      } else {
        p.skipChildren();
      }
    }
    return attributes;
  }

  private void readScopeSpans(JsonParser p, List<ParsedSpan> out) throws IOException {
    String scopeName = null;
    String scopeVersion = null;
    int first = out.size();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = camel(p.currentName());
      p.nextToken();
      switch (field) {
        case TraceFileFields.SCOPE, "instrumentationLibrary" -> {
          expect(p, JsonToken.START_OBJECT);
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = camel(p.currentName());
            p.nextToken();
            if (f.equals(TraceFileFields.NAME)) {
              scopeName = p.getValueAsString();
            } else if (f.equals(TraceFileFields.VERSION)) {
              scopeVersion = p.getValueAsString();
            } else {
              p.skipChildren();
            }
          }
        }
        case TraceFileFields.SPANS -> {
          expect(p, JsonToken.START_ARRAY);
          while (p.nextToken() == JsonToken.START_OBJECT) {
            out.add(readSpan(p)); // spans without valid ids are counted and dropped in finish()
          }
        }
        default -> p.skipChildren();
      }
    }
    for (int i = first; i < out.size(); i++) {
      out.get(i).scopeName = scopeName;
      out.get(i).scopeVersion = scopeVersion;
    }
  }

  private ParsedSpan readSpan(JsonParser p) throws IOException {
    ParsedSpan s = new ParsedSpan();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = camel(p.currentName());
      p.nextToken();
      switch (field) {
        case TraceFileFields.TRACE_ID -> s.traceId = SpanIds.normalize(p.getValueAsString(), 16);
        case TraceFileFields.SPAN_ID -> s.spanId = SpanIds.normalize(p.getValueAsString(), 8);
        case TraceFileFields.PARENT_SPAN_ID ->
            s.parentSpanId = SpanIds.normalize(p.getValueAsString(), 8);
        case TraceFileFields.TRACE_STATE -> s.traceState = p.getValueAsString();
        case TraceFileFields.NAME ->
            s.name =
                p.currentToken() == JsonToken.VALUE_STRING
                    ? TEXTS.get().text(p)
                    : p.getValueAsString("");
        case TraceFileFields.KIND -> s.kind = readEnum(p, "SPAN_KIND_", SPAN_KINDS);
        case TraceFileFields.START_TIME -> s.startTimeUnixNano = readInt64(p);
        case TraceFileFields.END_TIME -> s.endTimeUnixNano = readInt64(p);
        case TraceFileFields.ATTRIBUTES -> s.attributes.addAll(readAttributes(p));
        case TraceFileFields.EVENTS -> readEvents(p, s.events);
        case TraceFileFields.LINKS -> readLinks(p, s.links);
        case TraceFileFields.STATUS -> readStatus(p, s);
        default -> p.skipChildren();
      }
    }
    return s;
  }

  private static final String[] SPAN_KINDS = {
    "UNSPECIFIED", "INTERNAL", "SERVER", "CLIENT", "PRODUCER", "CONSUMER"
  };
  private static final String[] STATUS_CODES = {"UNSET", "OK", "ERROR"};

  private void readStatus(JsonParser p, ParsedSpan s) throws IOException {
    expect(p, JsonToken.START_OBJECT);
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = camel(p.currentName());
      p.nextToken();
      if (field.equals(TraceFileFields.CODE)) {
        s.statusCode = readEnum(p, "STATUS_CODE_", STATUS_CODES);
      } else if (field.equals(TraceFileFields.MESSAGE)) {
        s.statusMessage = p.getValueAsString();
      } else {
        p.skipChildren();
      }
    }
  }

  private void readEvents(JsonParser p, List<SpanEvent> out) throws IOException {
    expect(p, JsonToken.START_ARRAY);
    while (p.nextToken() == JsonToken.START_OBJECT) {
      long time = 0;
      String name = "";
      List<Attribute> attributes = List.of();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = camel(p.currentName());
        p.nextToken();
        switch (field) {
          case TraceFileFields.TIME -> time = readInt64(p);
          case TraceFileFields.NAME -> name = p.getValueAsString("");
          case TraceFileFields.ATTRIBUTES -> attributes = readAttributes(p);
          default -> p.skipChildren();
        }
      }
      out.add(new SpanEvent(time, name, attributes));
    }
  }

  private void readLinks(JsonParser p, List<SpanLink> out) throws IOException {
    expect(p, JsonToken.START_ARRAY);
    while (p.nextToken() == JsonToken.START_OBJECT) {
      String traceId = null;
      String spanId = null;
      List<Attribute> attributes = List.of();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = camel(p.currentName());
        p.nextToken();
        switch (field) {
          case TraceFileFields.TRACE_ID -> traceId = SpanIds.normalize(p.getValueAsString(), 16);
          case TraceFileFields.SPAN_ID -> spanId = SpanIds.normalize(p.getValueAsString(), 8);
          case TraceFileFields.ATTRIBUTES -> attributes = readAttributes(p);
          default -> p.skipChildren();
        }
      }
      out.add(new SpanLink(traceId, spanId, attributes));
    }
  }
}
