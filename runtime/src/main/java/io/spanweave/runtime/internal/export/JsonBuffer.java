package io.spanweave.runtime.internal.export;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer that JSON is written into directly: the pieces of OTLP/JSON that need no
 * escaping (field names, punctuation, hex ids, decimal integers, plain ASCII strings) are copied
 * in as bytes, with none of a generator's per-token work (context checks, separators, escape
 * tables, a second buffer). Text that does need escaping, and numbers with a format of their own
 * (doubles, base64), are written by a Jackson generator over this same buffer
 * ({@link OtlpJsonSpanEncoder}), so they read exactly as before.
 *
 * <p>Commas are placed by {@link #separate()}: one is written unless the last byte opens an object
 * or array, the same rule a generator's context applies, without the context.
 *
 * <p>The content is handed to {@code JsonLinesFile.append} as it is ({@link #array()}, {@link #size()}):
 * a copy of every batch would cost megabytes a second at full rate only to be dropped. The live
 * file's records are written into one by a Jackson generator alone.
 *
 * <p>Not thread-safe: one instance per encoder.
 */
final class JsonBuffer extends OutputStream {

  private byte[] bytes;
  private int size;

  JsonBuffer(int initialCapacity) {
    bytes = new byte[initialCapacity];
  }

  /** The backing array; its first {@link #size()} bytes are the content. Valid until the next write. */
  byte[] array() {
    return bytes;
  }

  int size() {
    return size;
  }

  void reset() {
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
  void raw(byte[] json) {
    write(json, 0, json.length);
  }

  /** A comma, unless the last byte opens an object or an array: before a field or an array element. */
  void separate() {
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
  boolean plainString(String value) {
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
   * {@value #PLAIN_MAX_LENGTH} characters (longer ones gain little from a copy in one go), about 64 KB
   * held at most.
   */
  private final String[] plain = new String[PLAIN_SLOTS];
  private static final int PLAIN_SLOTS = 512;
  private static final int PLAIN_MAX_LENGTH = 64;

  /** From {@code String.hashCode}, which the string caches; entries still match by identity only. */
  private static int plainSlot(String value) {
    int hash = value.hashCode();
    return (hash ^ (hash >>> 16)) & (PLAIN_SLOTS - 1);
  }

  /** {@code value}, all printable ASCII, quoted. */
  @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): exact for ASCII, and the one copy without a new array
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

  /** {@code value} as the JSON string of its decimal digits, as OTLP/JSON writes 64-bit integers. */
  void quotedDecimal(long value) {
    ensure(22);
    bytes[size++] = '"';
    decimal(value);
    bytes[size++] = '"';
  }

  /** {@code value} as a JSON number. */
  void decimal(long value) {
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

  /** Writes the last {@code count} digits of {@code value} into the bytes before {@code end}, two at a time. */
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

  private static final int[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};

  private static final byte[] DIGIT_TENS = new byte[100];
  private static final byte[] DIGIT_ONES = new byte[100];

  static {
    for (int i = 0; i < 100; i++) {
      DIGIT_TENS[i] = (byte) ('0' + i / 10);
      DIGIT_ONES[i] = (byte) ('0' + i % 10);
    }
  }

  /** The UTF-8 bytes of {@code json}, text that is already JSON, for {@link #raw}. */
  static byte[] utf8(String json) {
    return json.getBytes(StandardCharsets.UTF_8);
  }
}
