package io.spanweave.viewer.index;

import io.spanweave.runfiles.internal.json.JsonByteCursor;
import io.spanweave.runfiles.internal.json.JsonStrings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The token level of {@link OtlpByteScanner}: a cursor over a block of OTLP JSON bytes that reads
 * keys, strings, numbers, enums and attribute values, and skips what the index does not read. It is
 * apart from the scanner so that the walk over resources, scopes and spans reads as the OTLP
 * structure it follows, while the JSON grammar checks live here in one place.
 *
 * <p>Like the scanner, it never guesses: anything outside the shape it reads throws {@link
 * #GIVE_UP}, and the scanner hands the block to the Jackson path. Its state is plain fields the
 * scanner (same package, same thread) reads and sets directly, so the hot loop stays free of
 * accessor calls and allocation.
 *
 * <p>Not thread-safe: one instance per scanner.
 */
final class OtlpValueReader extends JsonByteCursor {
  private static final byte[] KEY = bytes("key");
  private static final byte[] VALUE = bytes("value");
  private static final byte[] STRING_VALUE = bytes("stringValue");
  private static final byte[] INT_VALUE = bytes("intValue");
  private static final byte[] DOUBLE_VALUE = bytes("doubleValue");
  private static final byte[] BOOL_VALUE = bytes("boolValue");
  private static final byte[] BYTES_VALUE = bytes("bytesValue");

  /** Keys the Jackson path reads under another name; seeing one means "not this shape". */
  private static final byte[] INSTRUMENTATION_LIBRARY_SPANS = bytes("instrumentationLibrarySpans");

  private static final byte[] INSTRUMENTATION_LIBRARY = bytes("instrumentationLibrary");
  private static final byte[] ARRAY_VALUE = bytes("arrayValue");
  private static final byte[] KVLIST_VALUE = bytes("kvlistValue");

  private int keyStart;

  /** The length of the key {@link #readKey} read last. */
  int keyLength;

  private final StringBuilder unescaped = new StringBuilder(64);

  /**
   * Canonical strings for short texts, by their bytes (the byte-level twin of {@link TextCache}).
   */
  private final byte[][] cacheBytes = new byte[4096][];

  private final String[] cacheStrings = new String[4096];

  // ------------------------------------------------------------------ attributes and values

  List<Attribute> readAttributes() {
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
  long readInt64() {
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

  /** A JSON string (escapes decoded); gives up on anything else, null included. */
  @Override
  public String readString() {
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
  String readCachedString() {
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
    if (cached != null
        && cached.length == length
        && Arrays.equals(cached, 0, length, b, start, i)) {
      return cacheStrings[slot];
    }
    String fresh = new String(b, start, length, StandardCharsets.ISO_8859_1);
    fresh.hashCode();
    cacheBytes[slot] = Arrays.copyOfRange(b, start, i);
    cacheStrings[slot] = fresh;
    return fresh;
  }

  private String decode(int start, int stop, boolean ascii) {
    return JsonStrings.decode(b, start, stop, ascii);
  }

  /**
   * The string from {@code start} on, which has an escape; the unescaping is {@link JsonStrings}'.
   */
  private String readEscapedString(int start) {
    StringBuilder out = unescaped;
    out.setLength(0);
    int close = JsonStrings.unescape(b, start, end, out);
    pos = close + 1;
    return out.toString();
  }

  // ------------------------------------------------------------------ structure

  void readKey() {
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

  boolean keyIs(byte[] key) {
    return key.length == keyLength
        && Arrays.equals(key, 0, key.length, b, keyStart, keyStart + keyLength);
  }

  /** Skips one value of a key the index does not read, checking its syntax as it goes. */
  void skipUnknown() {
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
}
