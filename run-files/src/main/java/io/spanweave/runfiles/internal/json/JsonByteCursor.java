package io.spanweave.runfiles.internal.json;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A cursor over a block of JSON bytes with the structural steps both readers of OTLP/JSON lines
 * share: the viewer's span parser on its fast path and the facts-only summariser. Each checks the
 * JSON grammar as it goes and gives up ({@link #GIVE_UP}) where the line is not the plain shape
 * they read, so the caller hands the block to a general JSON reader.
 *
 * <p>The state is public fields, read and moved directly by the readers' classes on one thread so
 * the hot loops make no accessor calls. Not thread-safe.
 */
public abstract class JsonByteCursor {
  /** Thrown (without a stack trace) to give up on the block. */
  public static final class GiveUp extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GiveUp() {
      super(null, null, false, false);
    }
  }

  /** The one instance thrown: giving up costs no allocation. */
  public static final GiveUp GIVE_UP = new GiveUp();

  /** The block being read. */
  public byte[] b;

  /** The next byte to read. */
  public int pos;

  /** Just past the block's last byte. */
  public int end;

  /** The block's bytes read eight at a time, the first in the lowest bits. */
  private static final VarHandle WORDS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  protected JsonByteCursor() {}

  public final void expect(char c) {
    skipWhitespace();
    if (pos >= end || b[pos] != c) {
      throw GIVE_UP;
    }
    pos++;
  }

  /** After a '{': true (and past the '}') when the object is empty. */
  public final boolean objectEmpty() {
    skipWhitespace();
    if (b[pos] == '}') {
      pos++;
      return true;
    }
    return false;
  }

  public final boolean arrayEmpty() {
    skipWhitespace();
    if (b[pos] == ']') {
      pos++;
      return true;
    }
    return false;
  }

  /** After a member: true past a ',', false past the closing '}'. */
  public final boolean nextInObject() {
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

  public final boolean nextInArray() {
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

  /** The end of a JSON number at {@link #pos}, checked against the JSON grammar. */
  public final int numberEnd() {
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

  public final boolean matches(String literal) {
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

  public final void skipWhitespace() {
    while (pos < end) {
      byte c = b[pos];
      if (c == ' ' || c == '\t' || c == '\r') {
        pos++;
      } else {
        return;
      }
    }
  }

  public final void skipWhitespaceAndNewlines() {
    while (pos < end && (b[pos] == ' ' || b[pos] == '\t' || b[pos] == '\r' || b[pos] == '\n')) {
      pos++;
    }
  }

  /** A JSON string (escapes decoded); gives up on anything else. */
  public abstract String readString();

  /** A JSON {@code true} or {@code false}; gives up on anything else. */
  public final boolean readBoolean() {
    skipWhitespace();
    if (matches("true")) {
      pos += 4;
      return true;
    }
    if (matches("false")) {
      pos += 5;
      return false;
    }
    throw GIVE_UP;
  }

  /** An enum as a JSON integer, or as its name with or without the prefix. */
  public final int readEnum(String[] names, String prefix) {
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

  /**
   * A long of optional minus and digits, no leading zeros; gives up otherwise. One pass checks and
   * adds the digits (times are 19 of them, twice a span).
   */
  public final long parseLong(int start, int stop) {
    boolean negative = start < stop && b[start] == '-';
    int first = negative ? start + 1 : start;
    int digits = stop - first;
    if (digits < 1 || digits > 19 || (b[first] == '0' && digits > 1)) {
      throw GIVE_UP;
    }
    long v = 0;
    int i = first;
    for (; i + 8 <= stop; i += 8) {
      long eight = eightDigits((long) WORDS.get(b, i));
      if (eight < 0) {
        throw GIVE_UP;
      }
      v = v * 100_000_000L + eight;
    }
    for (; i < stop; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        throw GIVE_UP;
      }
      v = v * 10 + d;
    }
    if (v < 0) {
      throw GIVE_UP; // above Long.MAX_VALUE
    }
    return negative ? -v : v;
  }

  /**
   * The number the eight ASCII digits of {@code w} spell (the first in its lowest byte), -1 if a
   * byte is not a digit: times are nineteen digits, and read this way take three steps, not
   * nineteen. A byte is a digit when its high nibble is 3 and adding 6 keeps it so; then pairs,
   * fours and the eight are summed with multiplies that each add two lanes at once.
   */
  public static long eightDigits(long w) {
    if (((w & 0xF0F0F0F0F0F0F0F0L) | ((w + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) >>> 4)
        != 0x3333333333333333L) {
      return -1;
    }
    long d = w - 0x3030303030303030L;
    d = d * 10 + (d >>> 8); // each even byte: the two digits from it
    return ((d & 0x000000FF000000FFL) * (100 + (1_000_000L << 32))
            + ((d >>> 16) & 0x000000FF000000FFL) * (1 + (10_000L << 32)))
        >>> 32;
  }

  public final boolean isInteger(int start, int stop) {
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

  public static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
