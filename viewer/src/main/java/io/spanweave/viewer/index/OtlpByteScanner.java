package io.spanweave.viewer.index;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the common shape of OTLP JSON lines straight from their bytes: camelCase keys, string or
 * number times, hex ids, attribute values as {@code stringValue}/{@code intValue}/
 * {@code doubleValue}/{@code boolValue}/{@code bytesValue} objects. It is what the Collector's file
 * exporter and spanweave's own writer produce, and reading it without a general JSON parser's
 * token and name machinery is about twice as fast, which is most of indexing a big file.
 *
 * <p>It never guesses: anything outside that shape (a snake_case key, an array or kvlist value,
 * a value of an unexpected type, a malformed token, a top-level key other than
 * {@code resourceSpans}) makes {@link #scanBlock} give up on the block, and the caller parses it
 * with {@link OtlpLineParser}'s Jackson path, which reads every shape. So both paths give the same
 * spans for any line this one accepts; {@code OtlpByteScannerTest} compares them.
 *
 * <p>Not thread-safe: one instance per parsing thread.
 */
final class OtlpByteScanner {
  /** Thrown (without a stack trace) to give up on the block. */
  private static final class GiveUp extends RuntimeException {
    GiveUp() {
      super(null, null, false, false);
    }
  }

  private static final GiveUp GIVE_UP = new GiveUp();

  private static final byte[] RESOURCE_SPANS = bytes("resourceSpans");
  private static final byte[] RESOURCE = bytes("resource");
  private static final byte[] SCOPE_SPANS = bytes("scopeSpans");
  private static final byte[] SCOPE = bytes("scope");
  private static final byte[] SPANS = bytes("spans");
  private static final byte[] ATTRIBUTES = bytes("attributes");
  private static final byte[] KEY = bytes("key");
  private static final byte[] VALUE = bytes("value");
  private static final byte[] STRING_VALUE = bytes("stringValue");
  private static final byte[] INT_VALUE = bytes("intValue");
  private static final byte[] DOUBLE_VALUE = bytes("doubleValue");
  private static final byte[] BOOL_VALUE = bytes("boolValue");
  private static final byte[] BYTES_VALUE = bytes("bytesValue");
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
  /** Keys the Jackson path reads under another name; seeing one means "not this shape". */
  private static final byte[] INSTRUMENTATION_LIBRARY_SPANS = bytes("instrumentationLibrarySpans");
  private static final byte[] INSTRUMENTATION_LIBRARY = bytes("instrumentationLibrary");
  private static final byte[] ARRAY_VALUE = bytes("arrayValue");
  private static final byte[] KVLIST_VALUE = bytes("kvlistValue");

  private static final String[] SPAN_KINDS = {
    "UNSPECIFIED", "INTERNAL", "SERVER", "CLIENT", "PRODUCER", "CONSUMER"
  };

  private byte[] b;
  private int pos;
  private int end;
  private int keyStart;
  private int keyLength;
  private byte[] lastResource;
  private List<Attribute> lastResourceAttributes;
  private final StringBuilder unescaped = new StringBuilder(64);
  /** Canonical strings for short texts, by their bytes (the byte-level twin of {@link TextCache}). */
  private final byte[][] cacheBytes = new byte[4096][];
  private final String[] cacheStrings = new String[4096];

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * Reads a block of whole lines, or returns null when some line is not of the shape this
   * scanner reads (the caller then parses the block with Jackson).
   *
   * @param linesRead receives the number of non-blank lines
   * @param invalid receives the number of spans dropped for a missing or invalid id
   */
  List<ParsedSpan> scanBlock(byte[] block, int length, int sourceId, long blockFileOffset, int[] linesRead,
      long[] invalid) {
    this.b = block;
    this.lastResource = null;
    this.lastResourceAttributes = null;
    List<ParsedSpan> out = new ArrayList<>();
    int lines = 0;
    long dropped = 0;
    try {
      // Lines are not looked for first: no token of a line takes a newline (strings give up on
      // control characters and whitespace stops at it), so each object must end its line.
      end = length;
      pos = 0;
      while (true) {
        skipWhitespaceAndNewlines();
        if (pos >= length) {
          break;
        }
        if (b[pos] != '{') {
          return null;
        }
        int start = pos;
        int first = out.size();
        readRequest(out);
        int objectEnd = pos;
        if (objectEnd > length) {
          return null; // the last object is cut short: what completed it lies beyond the block
        }
        skipWhitespace();
        if (pos < length && b[pos] != '\n') {
          return null;
        }
        dropped += OtlpLineParser.finish(out, first, sourceId, blockFileOffset + start, objectEnd - start);
        lines++;
      }
    } catch (GiveUp | ArrayIndexOutOfBoundsException | NumberFormatException notThisShape) {
      return null;
    } finally {
      this.b = null;
    }
    linesRead[0] = lines;
    invalid[0] = dropped;
    return out;
  }

  // ------------------------------------------------------------------ the OTLP structure

  private void readRequest(List<ParsedSpan> out) {
    expect('{');
    if (objectEmpty()) {
      return;
    }
    do {
      readKey();
      if (!keyIs(RESOURCE_SPANS)) {
        throw GIVE_UP; // another format (a Jaeger export, say) or a snake_case key
      }
      expect('[');
      if (!arrayEmpty()) {
        do {
          readResourceSpans(out);
        } while (nextInArray());
      }
    } while (nextInObject());
  }

  private void readResourceSpans(List<ParsedSpan> out) {
    expect('{');
    List<Attribute> resource = List.of();
    int first = out.size();
    if (!objectEmpty()) {
      do {
        readKey();
        if (keyIs(RESOURCE)) {
          resource = readResourceOnce();
        } else if (keyIs(SCOPE_SPANS)) {
          expect('[');
          if (!arrayEmpty()) {
            do {
              readScopeSpans(out);
            } while (nextInArray());
          }
        } else {
          skipUnknown();
        }
      } while (nextInObject());
    }
    for (int i = first; i < out.size(); i++) {
      out.get(i).resource = resource;
    }
  }

  /** The resource, reusing the previous line's attributes when its bytes are the same. */
  private List<Attribute> readResourceOnce() {
    skipWhitespace();
    int start = pos;
    if (b[pos] != '{') {
      throw GIVE_UP;
    }
    byte[] last = lastResource;
    if (last != null && start + last.length <= end
        && Arrays.equals(last, 0, last.length, b, start, start + last.length)) {
      pos = start + last.length;
      return lastResourceAttributes;
    }
    List<Attribute> attributes = List.of();
    expect('{');
    if (!objectEmpty()) {
      do {
        readKey();
        if (keyIs(ATTRIBUTES)) {
          attributes = readAttributes();
        } else {
          skipUnknown();
        }
      } while (nextInObject());
    }
    lastResource = Arrays.copyOfRange(b, start, pos);
    lastResourceAttributes = attributes;
    return attributes;
  }

  private void readScopeSpans(List<ParsedSpan> out) {
    expect('{');
    String scopeName = null;
    String scopeVersion = null;
    int first = out.size();
    if (!objectEmpty()) {
      do {
        readKey();
        if (keyIs(SCOPE)) {
          expect('{');
          if (!objectEmpty()) {
            do {
              readKey();
              if (keyIs(NAME)) {
                scopeName = readString();
              } else if (keyIs(VERSION)) {
                scopeVersion = readString();
              } else {
                skipUnknown();
              }
            } while (nextInObject());
          }
        } else if (keyIs(SPANS)) {
          expect('[');
          if (!arrayEmpty()) {
            do {
              out.add(readSpan());
            } while (nextInArray());
          }
        } else {
          skipUnknown();
        }
      } while (nextInObject());
    }
    for (int i = first; i < out.size(); i++) {
      out.get(i).scopeName = scopeName;
      out.get(i).scopeVersion = scopeVersion;
    }
  }

  private ParsedSpan readSpan() {
    ParsedSpan s = new ParsedSpan();
    expect('{');
    if (objectEmpty()) {
      return s;
    }
    do {
      readKey();
      switch (keyLength) {
        case 4 -> {
          if (keyIs(NAME)) {
            s.name = readCachedString();
          } else if (keyIs(KIND)) {
            s.kind = readEnum(SPAN_KINDS, "SPAN_KIND_");
          } else {
            skipUnknown();
          }
        }
        case 6 -> {
          if (keyIs(SPAN_ID)) {
            s.spanId = SpanIds.normalize(readString(), 8);
          } else if (keyIs(EVENTS)) {
            readEvents(s.events);
          } else if (keyIs(STATUS)) {
            readStatus(s);
          } else {
            skipUnknown();
          }
        }
        case 7 -> {
          if (keyIs(TRACE_ID)) {
            s.traceId = SpanIds.normalize(readString(), 16);
          } else {
            skipUnknown();
          }
        }
        case 12 -> {
          if (keyIs(PARENT_SPAN_ID)) {
            s.parentSpanId = SpanIds.normalize(readString(), 8);
          } else {
            skipUnknown();
          }
        }
        case 10 -> {
          if (keyIs(TRACE_STATE)) {
            s.traceState = readString();
          } else if (keyIs(ATTRIBUTES)) {
            s.attributes.addAll(readAttributes());
          } else {
            skipUnknown();
          }
        }
        case 17 -> {
          if (keyIs(START_TIME)) {
            s.startTimeUnixNano = readInt64();
          } else {
            skipUnknown();
          }
        }
        case 15 -> {
          if (keyIs(END_TIME)) {
            s.endTimeUnixNano = readInt64();
          } else {
            skipUnknown();
          }
        }
        case 5 -> {
          if (keyIs(LINKS)) {
            readLinks(s.links);
          } else {
            skipUnknown();
          }
        }
        default -> skipUnknown();
      }
    } while (nextInObject());
    return s;
  }

  private void readStatus(ParsedSpan s) {
    expect('{');
    if (objectEmpty()) {
      return;
    }
    do {
      readKey();
      if (keyIs(CODE)) {
        s.statusCode = readEnum(STATUS_CODES, "STATUS_CODE_");
      } else if (keyIs(MESSAGE)) {
        s.statusMessage = readString();
      } else {
        skipUnknown();
      }
    } while (nextInObject());
  }

  private static final String[] STATUS_CODES = {"UNSET", "OK", "ERROR"};

  private void readEvents(List<SpanEvent> out) {
    expect('[');
    if (arrayEmpty()) {
      return;
    }
    do {
      expect('{');
      long time = 0;
      String name = "";
      List<Attribute> attributes = List.of();
      if (!objectEmpty()) {
        do {
          readKey();
          if (keyIs(TIME)) {
            time = readInt64();
          } else if (keyIs(NAME)) {
            name = readString();
          } else if (keyIs(ATTRIBUTES)) {
            attributes = readAttributes();
          } else {
            skipUnknown();
          }
        } while (nextInObject());
      }
      out.add(new SpanEvent(time, name, attributes));
    } while (nextInArray());
  }

  private void readLinks(List<SpanLink> out) {
    expect('[');
    if (arrayEmpty()) {
      return;
    }
    do {
      expect('{');
      String traceId = null;
      String spanId = null;
      List<Attribute> attributes = List.of();
      if (!objectEmpty()) {
        do {
          readKey();
          if (keyIs(TRACE_ID)) {
            traceId = SpanIds.normalize(readString(), 16);
          } else if (keyIs(SPAN_ID)) {
            spanId = SpanIds.normalize(readString(), 8);
          } else if (keyIs(ATTRIBUTES)) {
            attributes = readAttributes();
          } else {
            skipUnknown();
          }
        } while (nextInObject());
      }
      out.add(new SpanLink(traceId, spanId, attributes));
    } while (nextInArray());
  }

  private List<Attribute> readAttributes() {
    expect('[');
    List<Attribute> out = new ArrayList<>();
    if (arrayEmpty()) {
      return out;
    }
    do {
      expect('{');
      String key = null;
      Object value = null;
      if (!objectEmpty()) {
        do {
          readKey();
          if (keyIs(KEY)) {
            key = readCachedString();
          } else if (keyIs(VALUE)) {
            value = readAnyValue();
          } else {
            skipUnknown();
          }
        } while (nextInObject());
      }
      if (key != null) {
        out.add(new Attribute(key, value));
      }
    } while (nextInArray());
    return out;
  }

  private Object readAnyValue() {
    expect('{');
    Object value = null;
    if (objectEmpty()) {
      return null;
    }
    do {
      readKey();
      if (keyIs(STRING_VALUE)) {
        value = readCachedString();
      } else if (keyIs(INT_VALUE)) {
        value = readIntValue();
      } else if (keyIs(DOUBLE_VALUE)) {
        value = readDouble();
      } else if (keyIs(BOOL_VALUE)) {
        value = readBoolean();
      } else if (keyIs(BYTES_VALUE)) {
        value = readString();
      } else if (keyIs(ARRAY_VALUE) || keyIs(KVLIST_VALUE)) {
        throw GIVE_UP; // nested values: the Jackson path reads them
      } else {
        skipUnknown();
      }
    } while (nextInObject());
    return value;
  }

  // ------------------------------------------------------------------ values

  private Object readIntValue() {
    skipWhitespace();
    if (b[pos] == '"') {
      int start = pos + 1;
      int close = start;
      while (close < end && b[close] != '"' && b[close] != '\\') {
        close++;
      }
      if (close >= end || b[close] != '"') {
        throw GIVE_UP;
      }
      long v = parseLong(start, close);
      pos = close + 1;
      return v;
    }
    int start = pos;
    int stop = numberEnd();
    if (!isInteger(start, stop)) {
      throw GIVE_UP;
    }
    pos = stop;
    return parseLong(start, stop);
  }

  /** Times: a string of digits (the OTLP JSON mapping) or a JSON integer. */
  private long readInt64() {
    return (Long) readIntValue();
  }

  private Double readDouble() {
    skipWhitespace();
    if (b[pos] == '"') {
      throw GIVE_UP;
    }
    int start = pos;
    int stop = numberEnd();
    pos = stop;
    return Double.parseDouble(new String(b, start, stop - start, StandardCharsets.US_ASCII));
  }

  private Boolean readBoolean() {
    skipWhitespace();
    if (matches("true")) {
      pos += 4;
      return Boolean.TRUE;
    }
    if (matches("false")) {
      pos += 5;
      return Boolean.FALSE;
    }
    throw GIVE_UP;
  }

  /** An enum as a JSON integer, or as its name with or without the prefix. */
  private int readEnum(String[] names, String prefix) {
    skipWhitespace();
    if (b[pos] == '"') {
      String text = readString();
      String bare = text.startsWith(prefix) ? text.substring(prefix.length()) : text;
      for (int i = 0; i < names.length; i++) {
        if (names[i].equals(bare)) {
          return i;
        }
      }
      throw GIVE_UP;
    }
    int start = pos;
    int stop = numberEnd();
    if (!isInteger(start, stop) || stop - start > 9) {
      throw GIVE_UP;
    }
    pos = stop;
    return (int) parseLong(start, stop);
  }

  /** A long of optional minus and digits, no leading zeros; gives up otherwise (Jackson decides). */
  private long parseLong(int start, int stop) {
    if (!isInteger(start, stop) || stop - start > 20) {
      throw GIVE_UP;
    }
    boolean negative = b[start] == '-';
    int first = negative ? start + 1 : start;
    if (stop - first > 19) {
      throw GIVE_UP;
    }
    long v = 0;
    for (int i = first; i < stop; i++) {
      v = v * 10 + (b[i] - '0');
    }
    if (v < 0) {
      throw GIVE_UP; // above Long.MAX_VALUE (19 digits wrap to a negative value)
    }
    return negative ? -v : v;
  }

  private boolean isInteger(int start, int stop) {
    if (start >= stop) {
      return false;
    }
    // Arithmetic instead of branches for the minus sign, the digit "0" and the digits: read newest
    // first, the value 0 (step 0, say) first shows up at the end of a big file, and a branch never
    // taken until then made C2 throw away and recompile every parse method this is inlined into.
    int i = start;
    int minus = b[i] ^ '-';
    i += 1 - ((minus | -minus) >>> 31);
    if (i >= stop) {
      return false;
    }
    int zero = b[i] ^ '0';
    int leadingZero = (1 - ((zero | -zero) >>> 31)) & (~(stop - i - 2) >>> 31);
    int bad = -leadingZero;
    for (; i < stop; i++) {
      int c = b[i];
      bad |= (c - '0') | ('9' - c);
    }
    return bad >= 0;
  }

  /** The end of a JSON number at {@link #pos}, checked against the JSON grammar. */
  private int numberEnd() {
    int i = pos;
    if (i < end && b[i] == '-') {
      i++;
    }
    int digits = i;
    while (i < end && b[i] >= '0' && b[i] <= '9') {
      i++;
    }
    if (i == digits || (b[digits] == '0' && i - digits > 1)) {
      throw GIVE_UP;
    }
    if (i < end && b[i] == '.') {
      i++;
      int fraction = i;
      while (i < end && b[i] >= '0' && b[i] <= '9') {
        i++;
      }
      if (i == fraction) {
        throw GIVE_UP;
      }
    }
    if (i < end && (b[i] == 'e' || b[i] == 'E')) {
      i++;
      if (i < end && (b[i] == '+' || b[i] == '-')) {
        i++;
      }
      int exponent = i;
      while (i < end && b[i] >= '0' && b[i] <= '9') {
        i++;
      }
      if (i == exponent) {
        throw GIVE_UP;
      }
    }
    return i;
  }

  /** A JSON string (escapes decoded); gives up on anything else, null included. */
  private String readString() {
    skipWhitespace();
    if (b[pos] != '"') {
      throw GIVE_UP;
    }
    int start = pos + 1;
    int i = start;
    boolean ascii = true;
    while (true) {
      byte c = b[i];
      if (c == '"') {
        break;
      }
      if (c == '\\') {
        return readEscapedString(start);
      }
      if (c < 0) {
        ascii = false;
      } else if (c < 0x20) {
        throw GIVE_UP;
      }
      i++;
      if (i >= end) {
        throw GIVE_UP;
      }
    }
    pos = i + 1;
    return decode(start, i, ascii);
  }

  /** Like {@link #readString}, but a short text comes back as the same instance every time. */
  @SuppressWarnings("ReturnValueIgnored") // the new string is hashed now, on the parse thread
  private String readCachedString() {
    skipWhitespace();
    if (b[pos] != '"') {
      throw GIVE_UP;
    }
    int start = pos + 1;
    int i = start;
    int hash = 0;
    while (true) {
      byte c = b[i];
      if (c == '"') {
        break;
      }
      if (c == '\\' || c < 0x20) { // escapes, control and non-ASCII bytes: the plain path
        return readString();
      }
      hash = 31 * hash + c;
      i++;
      if (i >= end) {
        throw GIVE_UP;
      }
    }
    int length = i - start;
    if (length > 48) {
      pos = i + 1;
      return new String(b, start, length, StandardCharsets.ISO_8859_1);
    }
    int slot = (hash ^ (hash >>> 16)) & (cacheBytes.length - 1);
    byte[] cached = cacheBytes[slot];
    pos = i + 1;
    if (cached != null && cached.length == length && Arrays.equals(cached, 0, length, b, start, i)) {
      return cacheStrings[slot];
    }
    String fresh = new String(b, start, length, StandardCharsets.ISO_8859_1);
    fresh.hashCode();
    cacheBytes[slot] = Arrays.copyOfRange(b, start, i);
    cacheStrings[slot] = fresh;
    return fresh;
  }

  private String decode(int start, int stop, boolean ascii) {
    if (ascii) {
      return new String(b, start, stop - start, StandardCharsets.ISO_8859_1);
    }
    String s = new String(b, start, stop - start, StandardCharsets.UTF_8);
    if (s.indexOf('\uFFFD') >= 0) {
      throw GIVE_UP; // perhaps invalid UTF-8, which Jackson rejects: let it decide
    }
    return s;
  }

  private String readEscapedString(int start) {
    StringBuilder out = unescaped;
    out.setLength(0);
    int i = start;
    int runStart = start;
    boolean ascii = true;
    while (true) {
      if (i >= end) {
        throw GIVE_UP;
      }
      byte c = b[i];
      if (c == '"') {
        break;
      }
      if (c < 0) {
        ascii = false;
        i++;
        continue;
      }
      if (c < 0x20) {
        throw GIVE_UP;
      }
      if (c != '\\') {
        i++;
        continue;
      }
      out.append(decode(runStart, i, ascii));
      ascii = true;
      if (i + 1 >= end) {
        throw GIVE_UP;
      }
      byte e = b[i + 1];
      switch (e) {
        case '"' -> out.append('"');
        case '\\' -> out.append('\\');
        case '/' -> out.append('/');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          if (i + 6 > end) {
            throw GIVE_UP;
          }
          int code = 0;
          for (int k = i + 2; k < i + 6; k++) {
            int d = Character.digit(b[k], 16);
            if (d < 0) {
              throw GIVE_UP;
            }
            code = code * 16 + d;
          }
          out.append((char) code);
          i += 4;
        }
        default -> throw GIVE_UP;
      }
      i += 2;
      runStart = i;
    }
    out.append(decode(runStart, i, ascii));
    pos = i + 1;
    return out.toString();
  }

  // ------------------------------------------------------------------ structure

  private void readKey() {
    skipWhitespace();
    if (b[pos] != '"') {
      throw GIVE_UP;
    }
    int start = pos + 1;
    int i = start;
    while (true) {
      byte c = b[i];
      if (c == '"') {
        break;
      }
      if (c == '\\' || c == '_' || c < 0x20) {
        throw GIVE_UP; // escaped or snake_case keys: the Jackson path maps them
      }
      i++;
      if (i >= end) {
        throw GIVE_UP;
      }
    }
    keyStart = start;
    keyLength = i - start;
    pos = i + 1;
    expect(':');
    if (keyIs(INSTRUMENTATION_LIBRARY_SPANS) || keyIs(INSTRUMENTATION_LIBRARY)) {
      throw GIVE_UP;
    }
  }

  private boolean keyIs(byte[] key) {
    return key.length == keyLength && Arrays.equals(key, 0, key.length, b, keyStart, keyStart + keyLength);
  }

  private boolean matches(String literal) {
    if (pos + literal.length() > end) {
      return false;
    }
    for (int k = 0; k < literal.length(); k++) {
      if (b[pos + k] != literal.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  private void expect(char c) {
    skipWhitespace();
    if (pos >= end || b[pos] != c) {
      throw GIVE_UP;
    }
    pos++;
  }

  /** After a '{': true (and past the '}') when the object is empty. */
  private boolean objectEmpty() {
    skipWhitespace();
    if (b[pos] == '}') {
      pos++;
      return true;
    }
    return false;
  }

  private boolean arrayEmpty() {
    skipWhitespace();
    if (b[pos] == ']') {
      pos++;
      return true;
    }
    return false;
  }

  /** After a member: true past a ',', false past the closing '}'. */
  private boolean nextInObject() {
    skipWhitespace();
    byte c = b[pos++];
    if (c == ',') {
      return true;
    }
    if (c == '}') {
      return false;
    }
    throw GIVE_UP;
  }

  private boolean nextInArray() {
    skipWhitespace();
    byte c = b[pos++];
    if (c == ',') {
      return true;
    }
    if (c == ']') {
      return false;
    }
    throw GIVE_UP;
  }

  /** Skips one value of a key the index does not read, checking its syntax as it goes. */
  private void skipUnknown() {
    skipWhitespace();
    byte c = b[pos];
    switch (c) {
      case '{' -> {
        pos++;
        if (!objectEmpty()) {
          do {
            readKey();
            skipUnknown();
          } while (nextInObject());
        }
      }
      case '[' -> {
        pos++;
        if (!arrayEmpty()) {
          do {
            skipUnknown();
          } while (nextInArray());
        }
      }
      case '"' -> readString();
      case 't' -> readBoolean();
      case 'f' -> readBoolean();
      case 'n' -> {
        if (!matches("null")) {
          throw GIVE_UP;
        }
        pos += 4;
      }
      default -> pos = numberEnd();
    }
  }

  private void skipWhitespaceAndNewlines() {
    while (pos < end && (b[pos] == ' ' || b[pos] == '\t' || b[pos] == '\r' || b[pos] == '\n')) {
      pos++;
    }
  }

  private void skipWhitespace() {
    while (pos < end) {
      byte c = b[pos];
      if (c == ' ' || c == '\t' || c == '\r') {
        pos++;
      } else {
        return;
      }
    }
  }
}
