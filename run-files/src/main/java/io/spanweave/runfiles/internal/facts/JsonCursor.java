package io.spanweave.runfiles.internal.facts;

import io.spanweave.runfiles.internal.json.JsonByteCursor;
import io.spanweave.runfiles.internal.json.JsonStrings;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The token level of the facts scanner: a cursor over a block of JSON bytes that checks the grammar
 * as it goes, skips what the summaries do not read without making any object, and decodes only the
 * strings and numbers asked for. It reads the same shape the viewer's span parser reads on its fast
 * path, with the same rules (keys plain camelCase, strings checked for control characters and
 * invalid UTF-8, integers without leading zeros), and gives up ({@link #GIVE_UP}) wherever that
 * parser would hand the block to its general JSON reader, so what it accepts it reads the same way.
 *
 * <p>State is plain fields the scanner's classes (same package, same thread) read directly, so the
 * hot loop stays free of accessor calls. Not thread-safe.
 */
final class JsonCursor extends JsonByteCursor {
  private static final byte[] INSTRUMENTATION_LIBRARY_SPANS = bytes("instrumentationLibrarySpans");
  private static final byte[] INSTRUMENTATION_LIBRARY = bytes("instrumentationLibrary");

  /**
   * The bytes a plain string stops at: its closing quote, a backslash, a control or non-ASCII byte.
   */
  private static final boolean[] STRING_STOPS = new boolean[256];

  /** The bytes a key stops at: those of a string, and the underscore of a snake_case key. */
  private static final boolean[] KEY_STOPS = new boolean[256];

  static {
    for (int c = 0; c < 256; c++) {
      STRING_STOPS[c] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80;
      KEY_STOPS[c] = STRING_STOPS[c] || c == '_';
    }
  }

  /** The block's bytes read eight at a time, the first in the lowest bits. */
  private static final VarHandle WORDS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private static final int CACHE_SLOTS = 4096;
  private static final int CACHED_LENGTH = 48;

  int keyStart;
  int keyLength;

  /**
   * The string {@link #scanString} read last: its content's bounds, and whether it is plain ASCII.
   */
  int strStart;

  int strEnd;
  boolean strPlain;
  private final StringBuilder unescaped = new StringBuilder(64);

  /**
   * Canonical strings for short plain texts, by their bytes: repeated values cost no allocation.
   */
  private final byte[][] cacheBytes = new byte[CACHE_SLOTS][];

  private final String[] cacheStrings = new String[CACHE_SLOTS];

  void reset(byte[] block, int length) {
    b = block;
    pos = 0;
    end = length;
  }

  // ------------------------------------------------------------------ strings

  /**
   * Reads a JSON string at the cursor, setting {@link #strStart}/{@link #strEnd}/{@link #strPlain};
   * a string with escapes or non-ASCII bytes is checked (and decoded) in full.
   */
  void scanString() {
    skipWhitespace();
    if (b[pos] != '"') {
      throw GIVE_UP;
    }
    int start = pos + 1;
    int i = firstStringStop(start);
    if (i >= end) {
      throw GIVE_UP;
    }
    strStart = start;
    if (b[i] != '"') {
      strPlain = false;
      decodeFrom(start);
      return;
    }
    strEnd = i;
    strPlain = true;
    pos = i + 1;
  }

  /** Skips a JSON string the summaries do not read (checked as {@link #scanString} checks it). */
  void skipString() {
    scanString();
  }

  /**
   * The index of the first byte from {@code from} that ends a plain string ({@link #STRING_STOPS})
   * or key ({@link #KEY_STOPS}), {@link #end} if none does. One table load a byte: the keys and
   * values of a span are short, and reading them eight bytes at a time measured slower.
   */
  private int firstFlagged(int from, boolean[] stops) {
    byte[] bytes = b;
    int stop = end;
    for (int i = from; i < stop; i++) {
      if (stops[bytes[i] & 0xFF]) {
        return i;
      }
    }
    return stop;
  }

  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  /**
   * {@link #firstFlagged} for {@link #STRING_STOPS}, eight bytes a step: each byte of a word that
   * is a quote, a backslash, below 0x20 or above 0x7f gets its high bit set in a mask whose lowest
   * set bit marks the first (borrows of the subtractions only run towards later bytes, so a stray
   * bit can only follow a true one).
   */
  private int firstStringStop(int from) {
    byte[] bytes = b;
    int i = from;
    for (; i + 8 <= end; i += 8) {
      long w = (long) WORDS.get(bytes, i);
      long quote = w ^ 0x2222222222222222L;
      long backslash = w ^ 0x5C5C5C5C5C5C5C5CL;
      long flags =
          ((quote - ONES) & ~quote)
              | ((backslash - ONES) & ~backslash)
              | ((w - 0x2020202020202020L) & ~w)
              | w;
      flags &= HIGHS;
      if (flags != 0) {
        return i + (Long.numberOfTrailingZeros(flags) >>> 3);
      }
    }
    return firstFlagged(i, STRING_STOPS);
  }

  /** String.hashCode of the plain string scanned last (its bytes are its chars). */
  int strHash() {
    int hash = 0;
    for (int i = strStart; i < strEnd; i++) {
      hash = 31 * hash + b[i];
    }
    return hash;
  }

  /** The last string scanned, as a String (a cached instance when short and plain). */
  String text() {
    if (!strPlain) {
      return unescaped.toString();
    }
    int length = strEnd - strStart;
    if (length > CACHED_LENGTH) {
      return new String(b, strStart, length, StandardCharsets.ISO_8859_1);
    }
    int slot = textSlot(length);
    byte[] cached = cacheBytes[slot];
    if (cached != null && cached.length == length && sameWords(strStart, cached.length, cached)) {
      return cacheStrings[slot];
    }
    String fresh = new String(b, strStart, length, StandardCharsets.ISO_8859_1);
    cacheBytes[slot] = Arrays.copyOfRange(b, strStart, strEnd);
    cacheStrings[slot] = fresh;
    return fresh;
  }

  /**
   * The cache slot of the plain string scanned last: from its words (first, middle, last) once it
   * has eight bytes, as a byte-by-byte hash of every string read cost more than the rest of {@link
   * #text()}. Strings alike in those words share a slot, and take turns in it.
   */
  private int textSlot(int length) {
    if (length < 8) {
      int hash = strHash();
      return (hash ^ (hash >>> 16)) & (CACHE_SLOTS - 1);
    }
    long h = word(strStart) ^ Long.rotateLeft(word(strEnd - 8), 21) ^ length;
    if (length > 16) {
      h ^= Long.rotateLeft(word(strStart + (length >>> 1) - 4), 42);
    }
    return (int) ((h * 0x9E3779B97F4A7C15L) >>> 52) & (CACHE_SLOTS - 1);
  }

  /** Reads a string and returns it. */
  @Override
  public String readString() {
    scanString();
    return text();
  }

  /** Whether the last string scanned is exactly {@code literal} (plain ASCII). */
  boolean textIs(byte[] literal) {
    if (!strPlain) {
      return unescaped.length() == literal.length
          && unescaped.toString().equals(new String(literal, StandardCharsets.ISO_8859_1));
    }
    return strEnd - strStart == literal.length && same(literal, b, strStart);
  }

  /**
   * Decodes a string with escapes or non-ASCII bytes into {@link #unescaped}, as the span parser
   * does.
   */
  private void decodeFrom(int start) {
    unescaped.setLength(0);
    strEnd = JsonStrings.unescape(b, start, end, unescaped);
    pos = strEnd + 1;
  }

  // ------------------------------------------------------------------ the writers' compact form

  /**
   * A run of bytes the writers put between the tokens a reader needs, such as <code>&#123;"key":"
   * </code>: OpenTelemetry's JSON writers (the runtime's exporter, the Collector's file exporter)
   * print OTLP compactly and always the same way, so matching such a run whole, a word or four at a
   * time, stands for the handful of grammar steps (brace, quote, key, quote, colon) it spells.
   * Whatever does not match is read token by token as before.
   *
   * <p>A record because the JIT trusts a record's final fields: a literal held in a static final
   * field compares against constants.
   *
   * @param length 1 to 32 bytes
   * @param head the first eight bytes (fewer, under {@code mask}, for a shorter literal)
   * @param second the bytes from 8, for a literal longer than 16
   * @param third the bytes from 16, for a literal longer than 24
   * @param tail the last eight bytes, for a literal longer than 8 (overlapping the word before)
   */
  record Literal(int length, long head, long mask, long second, long third, long tail) {
    static Literal of(String text) {
      byte[] bytes = Arrays.copyOf(bytes(text), Math.max(8, text.length()));
      int length = text.length();
      if (length == 0 || length > 32) {
        throw new IllegalArgumentException("a literal of 1 to 32 bytes: " + text);
      }
      return new Literal(
          length,
          (long) WORDS.get(bytes, 0),
          length >= 8 ? -1L : (1L << (8 * length)) - 1,
          length > 16 ? (long) WORDS.get(bytes, 8) : 0,
          length > 24 ? (long) WORDS.get(bytes, 16) : 0,
          length > 8 ? (long) WORDS.get(bytes, length - 8) : 0);
    }
  }

  /**
   * Steps past {@code literal} if the bytes at the cursor are exactly it, else stays put and
   * returns false.
   */
  boolean skip(Literal literal) {
    int p = pos;
    int length = literal.length();
    if (p + Math.max(8, length) > end
        || ((long) WORDS.get(b, p) & literal.mask()) != literal.head()
        || (length > 8 && (long) WORDS.get(b, p + length - 8) != literal.tail())
        || (length > 16 && (long) WORDS.get(b, p + 8) != literal.second())
        || (length > 24 && (long) WORDS.get(b, p + 16) != literal.third())) {
      return false;
    }
    pos = p + length;
    return true;
  }

  /**
   * The index of the closing quote of the plain string whose content starts at {@code from}, or -1
   * when it holds an escape, a control or non-ASCII byte, or is not closed in the block. The string
   * is not consumed; {@link #strStart}, {@link #strEnd} and {@link #strPlain} are set for {@link
   * #text()}.
   */
  int plainString(int from) {
    int i = firstStringStop(from);
    if (i >= end || b[i] != '"') {
      return -1;
    }
    strStart = from;
    strEnd = i;
    strPlain = true;
    return i;
  }

  /** The word of the eight bytes at {@code at} (the caller checked they are in the block). */
  long word(int at) {
    return (long) WORDS.get(b, at);
  }

  /**
   * Whether {@code b[from, from + length)} equals {@code other[0, length)}, a word at a time: the
   * keys and values compared are short, but mostly longer than eight bytes.
   */
  boolean sameWords(int from, int length, byte[] other) {
    if (length < 8) {
      for (int k = 0; k < length; k++) {
        if (b[from + k] != other[k]) {
          return false;
        }
      }
      return true;
    }
    int k = 0;
    for (; k + 8 < length; k += 8) {
      if ((long) WORDS.get(b, from + k) != (long) WORDS.get(other, k)) {
        return false;
      }
    }
    return (long) WORDS.get(b, from + length - 8) == (long) WORDS.get(other, length - 8);
  }

  // ------------------------------------------------------------------ numbers and literals

  /** An int64 as a string of digits or a JSON integer (times, intValue). */
  long readInt64() {
    skipWhitespace();
    if (b[pos] == '"') {
      int start = pos + 1;
      // Any byte that stops a plain string before the quote is no digit: it gives up either way.
      int close = firstStringStop(start);
      if (close >= end || b[close] != '"') {
        throw GIVE_UP;
      }
      long v = parseLong(start, close);
      pos = close + 1;
      return v;
    }
    int start = pos;
    int stop = numberEnd();
    long v = parseLong(start, stop); // gives up on a fraction or exponent
    pos = stop;
    return v;
  }

  /** A double written as a JSON number (a string gives up, as on the span parser's fast path). */
  double readDouble() {
    skipWhitespace();
    if (b[pos] == '"') {
      throw GIVE_UP;
    }
    int start = pos;
    int stop = numberEnd();
    pos = stop;
    double exact = shortDecimal(start, stop);
    return !Double.isNaN(exact)
        ? exact
        : Double.parseDouble(new String(b, start, stop - start, StandardCharsets.US_ASCII));
  }

  private static final double[] POWERS_OF_TEN = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15
  };

  /**
   * The value of the number in {@code b[start, stop)} when it has at most 15 digits and no exponent
   * (the metric values and rewards of spans), else NaN. Its digits as an integer and the power of
   * ten it is divided by are both exact doubles then, and a division rounds once: the value is the
   * one {@link Double#parseDouble} gives (the fast path of correctly rounded decimal reading),
   * without a String and the parser's buffers for each value.
   */
  double shortDecimal(int start, int stop) {
    int i = start;
    boolean negative = b[i] == '-';
    if (negative) {
      i++;
    }
    long digits = 0;
    int count = 0;
    int scale = -1;
    for (; i < stop; i++) {
      int c = b[i];
      if (c == '.' && scale < 0) {
        scale = 0;
        continue;
      }
      if (c < '0' || c > '9' || ++count > 15) {
        return Double.NaN;
      }
      digits = digits * 10 + (c - '0');
      if (scale >= 0) {
        scale++;
      }
    }
    double v = scale <= 0 ? (double) digits : digits / POWERS_OF_TEN[scale];
    return negative ? -v : v;
  }

  // ------------------------------------------------------------------ structure

  /** Reads an object key (plain camelCase only) and the colon after it. */
  void readKey() {
    skipWhitespace();
    if (b[pos] != '"') {
      throw GIVE_UP;
    }
    int start = pos + 1;
    int i = firstFlagged(start, KEY_STOPS);
    if (i >= end || b[i] != '"') {
      throw GIVE_UP; // escaped or snake_case keys: the span parser's general path maps them
    }
    keyStart = start;
    keyLength = i - start;
    pos = i + 1;
    expect(':');
    if (keyLength >= INSTRUMENTATION_LIBRARY.length
        && (keyIs(INSTRUMENTATION_LIBRARY_SPANS) || keyIs(INSTRUMENTATION_LIBRARY))) {
      throw GIVE_UP;
    }
  }

  boolean keyIs(byte[] key) {
    return key.length == keyLength && same(key, b, keyStart);
  }

  /**
   * Whether {@code bytes} holds all of {@code literal} at {@code from}: a plain loop, which for the
   * few bytes of a key costs less than {@link Arrays#equals}' vectorised compare.
   */
  static boolean same(byte[] literal, byte[] bytes, int from) {
    for (int k = 0; k < literal.length; k++) {
      if (literal[k] != bytes[from + k]) {
        return false;
      }
    }
    return true;
  }

  /** Skips one value of a key the summaries do not read, checking its syntax as it goes. */
  void skipValue() {
    skipWhitespace();
    switch (b[pos]) {
      case '{' -> {
        pos++;
        if (!objectEmpty()) {
          do {
            readKey();
            skipValue();
          } while (nextInObject());
        }
      }
      case '[' -> {
        pos++;
        if (!arrayEmpty()) {
          do {
            skipValue();
          } while (nextInArray());
        }
      }
      case '"' -> skipString();
      case 't', 'f' -> readBoolean();
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
