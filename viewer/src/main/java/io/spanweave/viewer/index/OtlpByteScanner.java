package io.spanweave.viewer.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the common shape of OTLP JSON lines straight from their bytes: camelCase keys, string or
 * number times, hex ids, attribute values as {@code stringValue}/{@code intValue}/ {@code
 * doubleValue}/{@code boolValue}/{@code bytesValue} objects. It is what the Collector's file
 * exporter and spanweave's own writer produce, and reading it without a general JSON parser's token
 * and name machinery is about twice as fast, which is most of indexing a big file.
 *
 * <p>It never guesses: anything outside that shape (a snake_case key, an array or kvlist value, a
 * value of an unexpected type, a malformed token, a top-level key other than {@code resourceSpans})
 * makes {@link #scanBlock} give up on the block, and the caller parses it with {@link
 * OtlpLineParser}'s Jackson path, which reads every shape. So both paths give the same spans for
 * any line this one accepts; {@code OtlpByteScannerTest} compares them.
 *
 * <p>This class walks the OTLP structure (requests, resources, scopes, spans, events, links); the
 * JSON tokens and attribute values under it are read by its {@link OtlpValueReader}.
 *
 * <p>Not thread-safe: one instance per parsing thread.
 */
final class OtlpByteScanner {
  private static final byte[] RESOURCE_SPANS = bytes("resourceSpans");
  private static final byte[] RESOURCE = bytes("resource");
  private static final byte[] SCOPE_SPANS = bytes("scopeSpans");
  private static final byte[] SCOPE = bytes("scope");
  private static final byte[] SPANS = bytes("spans");
  private static final byte[] ATTRIBUTES = bytes("attributes");
  private static final byte[] TRACE_ID = bytes("traceId");
  private static final byte[] SPAN_ID = bytes("spanId");
  private static final byte[] PARENT_SPAN_ID = bytes("parentSpanId");
  private static final byte[] TRACE_STATE = bytes("traceState");
  private static final byte[] NAME = bytes("name");
  private static final byte[] VERSION = bytes("version");
  private static final byte[] KIND = bytes("kind");
  private static final byte[] START_TIME = bytes("startTimeUnixNano");
  private static final byte[] END_TIME = bytes("endTimeUnixNano");
  private static final byte[] TIME = bytes("timeUnixNano");
  private static final byte[] EVENTS = bytes("events");
  private static final byte[] LINKS = bytes("links");
  private static final byte[] STATUS = bytes("status");
  private static final byte[] CODE = bytes("code");
  private static final byte[] MESSAGE = bytes("message");

  private static final String[] SPAN_KINDS = {
    "UNSPECIFIED", "INTERNAL", "SERVER", "CLIENT", "PRODUCER", "CONSUMER"
  };

  private final OtlpValueReader in = new OtlpValueReader();
  private List<Attribute> lastResourceAttributes;
  private byte[] lastResource;

  private static byte[] bytes(String s) {
    return OtlpValueReader.bytes(s);
  }

  /**
   * Reads a block of whole lines, or returns null when some line is not of the shape this scanner
   * reads (the caller then parses the block with Jackson).
   *
   * @param linesRead receives the number of non-blank lines
   * @param invalid receives the number of spans dropped for a missing or invalid id
   */
  List<ParsedSpan> scanBlock(
      byte[] block,
      int length,
      int sourceId,
      long blockFileOffset,
      int[] linesRead,
      long[] invalid) {
    in.b = block;
    this.lastResource = null;
    this.lastResourceAttributes = null;
    List<ParsedSpan> out = new ArrayList<>();
    int lines = 0;
    long dropped = 0;
    try {
      // Lines are not looked for first: no token of a line takes a newline (strings give up on
      // control characters and whitespace stops at it), so each object must end its line.
      in.end = length;
      in.pos = 0;
      while (true) {
        in.skipWhitespaceAndNewlines();
        if (in.pos >= length) {
          break;
        }
        if (in.b[in.pos] != '{') {
          return null;
        }
        int start = in.pos;
        int first = out.size();
        readRequest(out);
        int objectEnd = in.pos;
        if (objectEnd > length) {
          return null; // the last object is cut short: what completed it lies beyond the block
        }
        in.skipWhitespace();
        if (in.pos < length && in.b[in.pos] != '\n') {
          return null;
        }
        dropped +=
            OtlpLineParser.finish(out, first, sourceId, blockFileOffset + start, objectEnd - start);
        lines++;
      }
    } catch (OtlpValueReader.GiveUp
        | ArrayIndexOutOfBoundsException
        | NumberFormatException notThisShape) {
      return null;
    } finally {
      in.b = null;
    }
    linesRead[0] = lines;
    invalid[0] = dropped;
    return out;
  }

  // ------------------------------------------------------------------ the OTLP structure

  private void readRequest(List<ParsedSpan> out) {
    in.expect('{');
    if (in.objectEmpty()) {
      return;
    }
    do {
      in.readKey();
      if (!in.keyIs(RESOURCE_SPANS)) {
        throw OtlpValueReader.GIVE_UP; // another format (a Jaeger export, say) or a snake_case key
      }
      in.expect('[');
      if (!in.arrayEmpty()) {
        do {
          readResourceSpans(out);
        } while (in.nextInArray());
      }
    } while (in.nextInObject());
  }

  private void readResourceSpans(List<ParsedSpan> out) {
    in.expect('{');
    List<Attribute> resource = List.of();
    int first = out.size();
    if (!in.objectEmpty()) {
      do {
        in.readKey();
        if (in.keyIs(RESOURCE)) {
          resource = readResourceOnce();
        } else if (in.keyIs(SCOPE_SPANS)) {
          in.expect('[');
          if (!in.arrayEmpty()) {
            do {
              readScopeSpans(out);
            } while (in.nextInArray());
          }
        } else {
          in.skipUnknown();
        }
      } while (in.nextInObject());
    }
    for (int i = first; i < out.size(); i++) {
      out.get(i).resource = resource;
    }
  }

  /** The resource, reusing the previous line's attributes when its bytes are the same. */
  private List<Attribute> readResourceOnce() {
    in.skipWhitespace();
    int start = in.pos;
    if (in.b[in.pos] != '{') {
      throw OtlpValueReader.GIVE_UP;
    }
    byte[] last = lastResource;
    if (last != null
        && start + last.length <= in.end
        && Arrays.equals(last, 0, last.length, in.b, start, start + last.length)) {
      in.pos = start + last.length;
      return lastResourceAttributes;
    }
    List<Attribute> attributes = List.of();
    in.expect('{');
    if (!in.objectEmpty()) {
      do {
        in.readKey();
        if (in.keyIs(ATTRIBUTES)) {
          attributes = in.readAttributes();
        } else {
          in.skipUnknown();
        }
      } while (in.nextInObject());
    }
    lastResource = Arrays.copyOfRange(in.b, start, in.pos);
    lastResourceAttributes = attributes;
    return attributes;
  }

  private void readScopeSpans(List<ParsedSpan> out) {
    in.expect('{');
    String scopeName = null;
    String scopeVersion = null;
    int first = out.size();
    if (!in.objectEmpty()) {
      do {
        in.readKey();
        if (in.keyIs(SCOPE)) {
          in.expect('{');
          if (!in.objectEmpty()) {
            do {
              in.readKey();
              if (in.keyIs(NAME)) {
                scopeName = in.readString();
              } else if (in.keyIs(VERSION)) {
                scopeVersion = in.readString();
              } else {
                in.skipUnknown();
              }
            } while (in.nextInObject());
          }
        } else if (in.keyIs(SPANS)) {
          in.expect('[');
          if (!in.arrayEmpty()) {
            do {
              out.add(readSpan());
            } while (in.nextInArray());
          }
        } else {
          in.skipUnknown();
        }
      } while (in.nextInObject());
    }
    for (int i = first; i < out.size(); i++) {
      out.get(i).scopeName = scopeName;
      out.get(i).scopeVersion = scopeVersion;
    }
  }

  private ParsedSpan readSpan() {
    ParsedSpan s = new ParsedSpan();
    in.expect('{');
    if (in.objectEmpty()) {
      return s;
    }
    do {
      in.readKey();
      switch (in.keyLength) {
        case 4 -> {
          if (in.keyIs(NAME)) {
            s.name = in.readCachedString();
          } else if (in.keyIs(KIND)) {
            s.kind = in.readEnum(SPAN_KINDS, "SPAN_KIND_");
          } else {
            in.skipUnknown();
          }
        }
        case 6 -> {
          if (in.keyIs(SPAN_ID)) {
            s.spanId = SpanIds.normalize(in.readString(), 8);
          } else if (in.keyIs(EVENTS)) {
            readEvents(s.events);
          } else if (in.keyIs(STATUS)) {
            readStatus(s);
          } else {
            in.skipUnknown();
          }
        }
        case 7 -> {
          if (in.keyIs(TRACE_ID)) {
            s.traceId = SpanIds.normalize(in.readString(), 16);
          } else {
            in.skipUnknown();
          }
        }
        case 12 -> {
          if (in.keyIs(PARENT_SPAN_ID)) {
            s.parentSpanId = SpanIds.normalize(in.readString(), 8);
          } else {
            in.skipUnknown();
          }
        }
        case 10 -> {
          if (in.keyIs(TRACE_STATE)) {
            s.traceState = in.readString();
          } else if (in.keyIs(ATTRIBUTES)) {
            s.attributes.addAll(in.readAttributes());
          } else {
            in.skipUnknown();
          }
        }
        case 17 -> {
          if (in.keyIs(START_TIME)) {
            s.startTimeUnixNano = in.readInt64();
          } else {
            in.skipUnknown();
          }
        }
        case 15 -> {
          if (in.keyIs(END_TIME)) {
            s.endTimeUnixNano = in.readInt64();
          } else {
            in.skipUnknown();
          }
        }
        case 5 -> {
          if (in.keyIs(LINKS)) {
            readLinks(s.links);
          } else {
            in.skipUnknown();
          }
        }
        default -> in.skipUnknown();
      }
    } while (in.nextInObject());
    return s;
  }

  private void readStatus(ParsedSpan s) {
    in.expect('{');
    if (in.objectEmpty()) {
      return;
    }
    do {
      in.readKey();
      if (in.keyIs(CODE)) {
        s.statusCode = in.readEnum(STATUS_CODES, "STATUS_CODE_");
      } else if (in.keyIs(MESSAGE)) {
        s.statusMessage = in.readString();
      } else {
        in.skipUnknown();
      }
    } while (in.nextInObject());
  }

  private static final String[] STATUS_CODES = {"UNSET", "OK", "ERROR"};

  private void readEvents(List<SpanEvent> out) {
    in.expect('[');
    if (in.arrayEmpty()) {
      return;
    }
    do {
      in.expect('{');
      long time = 0;
      String name = "";
      List<Attribute> attributes = List.of();
      if (!in.objectEmpty()) {
        do {
          in.readKey();
          if (in.keyIs(TIME)) {
            time = in.readInt64();
          } else if (in.keyIs(NAME)) {
            name = in.readString();
          } else if (in.keyIs(ATTRIBUTES)) {
            attributes = in.readAttributes();
          } else {
            in.skipUnknown();
          }
        } while (in.nextInObject());
      }
      out.add(new SpanEvent(time, name, attributes));
    } while (in.nextInArray());
  }

  private void readLinks(List<SpanLink> out) {
    in.expect('[');
    if (in.arrayEmpty()) {
      return;
    }
    do {
      in.expect('{');
      String traceId = null;
      String spanId = null;
      List<Attribute> attributes = List.of();
      if (!in.objectEmpty()) {
        do {
          in.readKey();
          if (in.keyIs(TRACE_ID)) {
            traceId = SpanIds.normalize(in.readString(), 16);
          } else if (in.keyIs(SPAN_ID)) {
            spanId = SpanIds.normalize(in.readString(), 8);
          } else if (in.keyIs(ATTRIBUTES)) {
            attributes = in.readAttributes();
          } else {
            in.skipUnknown();
          }
        } while (in.nextInObject());
      }
      out.add(new SpanLink(traceId, spanId, attributes));
    } while (in.nextInArray());
  }
}
