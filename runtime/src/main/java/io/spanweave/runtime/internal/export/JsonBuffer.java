package io.spanweave.runtime.internal.export;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer that JSON is written into directly: the pieces of OTLP/JSON that need no
 * escaping (field names, punctuation, hex ids, decimal integers, plain ASCII strings) are copied in
 * as bytes, with none of a generator's per-token work (context checks, separators, escape tables, a
 * second buffer). Text that does need escaping, and numbers with a format of their own (doubles,
 * base64), are written by a Jackson generator over this same buffer ({@link OtlpJsonSpanEncoder}),
 * so they read exactly as before.
 *
 * <p>Commas are placed by {@link #separate()}: one is written unless the last byte opens an object
 * or array, the same rule a generator's context applies, without the context.
 *
 * <p>The content is handed to {@code JsonLinesFile.append} as it is ({@link #array()}, {@link
 * #size()}): a copy of every batch would cost megabytes a second at full rate only to be dropped.
 * The live file's records are written into one by a Jackson generator alone.
 *
 * <p>The local collector writes the lines of received requests into one as well ({@code
 * io.spanweave.runtime.internal.collector.TraceLineWriter}), with the methods that take values as
 * they arrive over the wire: UTF-8 bytes, binary ids, unsigned integers, doubles.
 *
 * <p>Not thread-safe: one instance per encoder.
 */
public final class JsonBuffer extends OutputStream {

  private byte[] bytes;
  private int size;

  public JsonBuffer(int initialCapacity) {
    bytes = new byte[initialCapacity];
  }

  /**
   * The backing array; its first {@link #size()} bytes are the content. Valid until the next write.
   */
  public byte[] array() {
    return bytes;
  }

  public int size() {
    return size;
  }

  public void reset() {
    size = 0;
  }

  /** Room for {@code more} bytes past the content. */
  private void ensure(int more) {
    if (size + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
    }
  }

  @Override
  public void write(int b) {
    ensure(1);
    bytes[size++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, bytes, size, len);
    size += len;
  }

  /** Bytes of JSON made beforehand (a field name with its quotes and colon, punctuation). */
  public void raw(byte[] json) {
    write(json, 0, json.length);
  }

  /**
   * A comma, unless the last byte opens an object or an array: before a field or an array element.
   */
  public void separate() {
    byte last = bytes[size - 1];
    if (last != '{' && last != '[') {
      write(',');
    }
  }

  /**
   * Writes {@code value} as a JSON string value if every character is printable ASCII that JSON
   * does not escape (the common case: names, keys, enum-like values), and says whether it did;
   * otherwise writes nothing and the caller takes the escaping path.
   */
  public boolean plainString(String value) {
    int length = value.length();
    ensure(length + 2);
    int slot = plainSlot(value);
    if (plain[slot] == value) {
      copyAscii(value, length); // this very string was checked before
      return true;
    }
    byte[] out = bytes;
    int at = size;
    out[at++] = '"';
    for (int i = 0; i < length; i++) {
      char c = value.charAt(i);
      if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
        return false; // size unchanged: what was copied is overwritten by the next write
      }
      out[at++] = (byte) c;
    }
    out[at++] = '"';
    size = at;
    if (length <= PLAIN_MAX_LENGTH) {
      plain[slot] = value;
    }
    return true;
  }

  /**
   * Strings found plain before, by identity, in a direct-mapped table: span after span the same
   * instances recur (constants of the generated code, a thread's name, the SDK's attribute values),
   * and one of them is then copied in one go instead of checked character by character. A one-off
   * value costs one reference store. Memory stays bounded: {@value #PLAIN_SLOTS} strings of at most
   * {@value #PLAIN_MAX_LENGTH} characters (longer ones gain little from a copy in one go), about 64
   * KB held at most.
   */
  private final String[] plain = new String[PLAIN_SLOTS];

  private static final int PLAIN_SLOTS = 512;
  private static final int PLAIN_MAX_LENGTH = 64;

  /**
   * From {@code String.hashCode}, which the string caches; entries still match by identity only.
   */
  private static int plainSlot(String value) {
    int hash = value.hashCode();
    return (hash ^ (hash >>> 16)) & (PLAIN_SLOTS - 1);
  }

  /** {@code value}, all printable ASCII, quoted. */
  @SuppressWarnings(
      "deprecation") // getBytes(int, int, byte[], int): exact for ASCII, and the one copy without a
  // new array
  private void copyAscii(String value, int length) {
    bytes[size++] = '"';
    value.getBytes(0, length, bytes, size);
    size += length;
    bytes[size++] = '"';
  }

  /**
   * Writes {@code hex}, known to hold only the lowercase hex digits of an id, as a JSON string
   * value: a straight copy of its bytes.
   */
  void knownHexString(String hex) {
    int length = hex.length();
    ensure(length + 2);
    copyAscii(hex, length);
  }

  /**
   * {@code value} as the JSON string of its decimal digits, as OTLP/JSON writes 64-bit integers.
   */
  public void quotedDecimal(long value) {
    ensure(22);
    bytes[size++] = '"';
    decimal(value);
    bytes[size++] = '"';
  }

  /** {@code value} as a JSON number. */
  public void decimal(long value) {
    if (value < 0) {
      if (value == Long.MIN_VALUE) {
        raw(LONG_MIN_VALUE); // the one negative without a positive counterpart
        return;
      }
      write('-');
      value = -value;
    }
    ensure(19);
    // In int arithmetic, nine digits at a time: a time stamp (19 digits) costs a few long
    // divisions instead of one per digit.
    if (value < BILLION) {
      digits((int) value);
      return;
    }
    long high = value / BILLION;
    int low = (int) (value - high * BILLION);
    if (high < BILLION) {
      digits((int) high);
    } else {
      long top = high / BILLION;
      digits((int) top);
      nineDigits((int) (high - top * BILLION));
    }
    nineDigits(low);
  }

  private static final long BILLION = 1_000_000_000L;
  private static final byte[] LONG_MIN_VALUE = utf8(Long.toString(Long.MIN_VALUE));

  /** The digits of {@code value}, 0 to 999,999,999, without leading zeros. */
  private void digits(int value) {
    int count = 1;
    while (count < 9 && value >= POWERS_OF_TEN[count]) {
      count++;
    }
    size += count;
    backwards(value, size, count);
  }

  /** {@code value}, 0 to 999,999,999, as nine digits, with leading zeros. */
  private void nineDigits(int value) {
    size += 9;
    backwards(value, size, 9);
  }

  /**
   * Writes the last {@code count} digits of {@code value} into the bytes before {@code end}, two at
   * a time.
   */
  private void backwards(int value, int end, int count) {
    int at = end;
    int rest = value;
    int start = end - count;
    while (at - start >= 2) {
      int pair = rest % 100;
      rest /= 100;
      bytes[--at] = DIGIT_ONES[pair];
      bytes[--at] = DIGIT_TENS[pair];
    }
    if (at > start) {
      bytes[--at] = (byte) ('0' + rest % 10);
    }
  }

  private static final int[] POWERS_OF_TEN = {
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000
  };

  private static final byte[] DIGIT_TENS = new byte[100];
  private static final byte[] DIGIT_ONES = new byte[100];

  static {
    for (int i = 0; i < 100; i++) {
      DIGIT_TENS[i] = (byte) ('0' + i / 10);
      DIGIT_ONES[i] = (byte) ('0' + i % 10);
    }
  }

  /** Drops everything after the first {@code newSize} bytes. */
  public void truncate(int newSize) {
    if (newSize < 0 || newSize > size) {
      throw new IndexOutOfBoundsException(newSize + " is outside 0.." + size);
    }
    size = newSize;
  }

  /** Puts {@code json} in at {@code at}, moving the bytes from there on behind it. */
  public void insert(int at, byte[] json) {
    if (at < 0 || at > size) {
      throw new IndexOutOfBoundsException(at + " is outside 0.." + size);
    }
    ensure(json.length);
    System.arraycopy(bytes, at, bytes, at + json.length, size - at);
    System.arraycopy(json, 0, bytes, at, json.length);
    size += json.length;
  }

  /** {@code value} as the JSON string of its decimal digits, read as an unsigned 64-bit integer. */
  public void quotedUnsignedDecimal(long value) {
    if (value >= 0) {
      quotedDecimal(value);
    } else {
      raw(utf8('"' + Long.toUnsignedString(value) + '"')); // past 2^63 ns: never a real time stamp
    }
  }

  /**
   * {@code value} as a JSON number, in Java's shortest form that reads back the same double; NaN
   * and the infinities as the strings the protobuf JSON mapping uses for them.
   */
  public void number(double value) {
    if (Double.isNaN(value)) {
      raw(NAN);
    } else if (Double.isInfinite(value)) {
      raw(value > 0 ? INFINITY : MINUS_INFINITY);
    } else {
      String text = Double.toString(value);
      ensure(text.length());
      copyAsciiUnquoted(text);
    }
  }

  private static final byte[] NAN = utf8("\"NaN\"");
  private static final byte[] INFINITY = utf8("\"Infinity\"");
  private static final byte[] MINUS_INFINITY = utf8("\"-Infinity\"");

  @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): exact for ASCII
  private void copyAsciiUnquoted(String ascii) {
    ascii.getBytes(0, ascii.length(), bytes, size);
    size += ascii.length();
  }

  /** {@code length} bytes as a JSON string of lowercase hex digits, as OTLP/JSON writes ids. */
  public void hexString(byte[] source, int offset, int length) {
    ensure(2 * length + 2);
    bytes[size++] = '"';
    for (int i = offset; i < offset + length; i++) {
      bytes[size++] = HEX_DIGITS[(source[i] >> 4) & 0xf];
      bytes[size++] = HEX_DIGITS[source[i] & 0xf];
    }
    bytes[size++] = '"';
  }

  private static final byte[] HEX_DIGITS = utf8("0123456789abcdef");

  /**
   * {@code length} bytes as a JSON string in base64, as the protobuf JSON mapping writes {@code
   * bytes}.
   */
  public void base64String(byte[] source, int offset, int length) {
    byte[] encoded =
        java.util.Base64.getEncoder()
            .encode(
                offset == 0 && length == source.length
                    ? source
                    : Arrays.copyOfRange(source, offset, offset + length));
    ensure(encoded.length + 2);
    bytes[size++] = '"';
    write(encoded, 0, encoded.length);
    bytes[size++] = '"';
  }

  /**
   * Valid UTF-8 text as a JSON string: copied as it is but for the quote, the backslash and the
   * control characters, which are escaped. The caller has checked that it is valid UTF-8.
   */
  public void utf8String(byte[] source, int offset, int length) {
    ensure(length + 2);
    bytes[size++] = '"';
    int end = offset + length;
    int run = offset;
    for (int i = offset; i < end; i++) {
      byte b = source[i];
      if (b >= 0 && (b < 0x20 || b == '"' || b == '\\')) {
        write(source, run, i - run);
        escape(b);
        run = i + 1;
      }
    }
    write(source, run, end - run);
    write('"');
  }

  /**
   * {@code value} as a JSON string: plain ASCII copied, the quote, the backslash and control
   * characters escaped, everything else as UTF-8; an unpaired surrogate, which UTF-8 cannot hold,
   * becomes {@code ?}, as {@code String.getBytes} makes it.
   */
  public void string(String value) {
    if (plainString(value)) {
      return;
    }
    int length = value.length();
    ensure(3 * length + 2);
    bytes[size++] = '"';
    for (int i = 0; i < length; i++) {
      char c = value.charAt(i);
      if (c < 0x80) {
        if (c < 0x20 || c == '"' || c == '\\') {
          escape((byte) c);
        } else {
          bytes[size++] = (byte) c;
        }
      } else if (c < 0x800) {
        bytes[size++] = (byte) (0xc0 | (c >> 6));
        bytes[size++] = (byte) (0x80 | (c & 0x3f));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < length
          && Character.isLowSurrogate(value.charAt(i + 1))) {
        int codePoint = Character.toCodePoint(c, value.charAt(++i));
        bytes[size++] = (byte) (0xf0 | (codePoint >> 18));
        bytes[size++] = (byte) (0x80 | ((codePoint >> 12) & 0x3f));
        bytes[size++] = (byte) (0x80 | ((codePoint >> 6) & 0x3f));
        bytes[size++] = (byte) (0x80 | (codePoint & 0x3f));
      } else if (Character.isSurrogate(c)) {
        bytes[size++] = '?';
      } else {
        bytes[size++] = (byte) (0xe0 | (c >> 12));
        bytes[size++] = (byte) (0x80 | ((c >> 6) & 0x3f));
        bytes[size++] = (byte) (0x80 | (c & 0x3f));
      }
    }
    bytes[size++] = '"';
  }

  /** The JSON escape of an ASCII quote, backslash or control character. */
  private void escape(byte b) {
    ensure(6);
    bytes[size++] = '\\';
    switch (b) {
      case '"' -> bytes[size++] = '"';
      case '\\' -> bytes[size++] = '\\';
      case '\n' -> bytes[size++] = 'n';
      case '\r' -> bytes[size++] = 'r';
      case '\t' -> bytes[size++] = 't';
      case '\b' -> bytes[size++] = 'b';
      case '\f' -> bytes[size++] = 'f';
      default -> {
        bytes[size++] = 'u';
        bytes[size++] = '0';
        bytes[size++] = '0';
        bytes[size++] = HEX_DIGITS[(b >> 4) & 0xf];
        bytes[size++] = HEX_DIGITS[b & 0xf];
      }
    }
  }

  /** The UTF-8 bytes of {@code json}, text that is already JSON, for {@link #raw}. */
  public static byte[] utf8(String json) {
    return json.getBytes(StandardCharsets.UTF_8);
  }
}
