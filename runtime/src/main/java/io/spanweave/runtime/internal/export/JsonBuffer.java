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
   * does not escape (the common case: names, keys, ids, enum-like values), and says whether it did;
   * otherwise writes nothing and the caller takes the escaping path.
   */
  boolean plainString(String value) {
    int length = value.length();
    ensure(length + 2);
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
    return true;
  }

  /**
   * Writes {@code hex}, known to hold only the lowercase hex digits of an id, as a JSON string
   * value: a straight copy of its (Latin-1) bytes.
   */
  @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int) is the one copy of a string's bytes without a new array
  void knownHexString(String hex) {
    int length = hex.length();
    ensure(length + 2);
    bytes[size++] = '"';
    hex.getBytes(0, length, bytes, size);
    size += length;
    bytes[size++] = '"';
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
    ensure(20);
    int digits = 1;
    long rest = value;
    if (rest < 0) {
      bytes[size++] = '-';
      // digit by digit from the negative side: Long.MIN_VALUE has no positive counterpart
      for (long r = rest / 10; r != 0; r /= 10) {
        digits++;
      }
      int end = size + digits;
      for (int at = end - 1; at >= size; at--) {
        bytes[at] = (byte) ('0' - (int) (rest % 10));
        rest /= 10;
      }
      size = end;
      return;
    }
    for (long r = rest / 10; r != 0; r /= 10) {
      digits++;
    }
    int end = size + digits;
    int at = end;
    // two digits a division while the rest is large: halves the divisions of a 19-digit time stamp
    while (rest >= 100) {
      int pair = (int) (rest % 100);
      rest /= 100;
      bytes[--at] = DIGIT_ONES[pair];
      bytes[--at] = DIGIT_TENS[pair];
    }
    if (rest >= 10) {
      bytes[--at] = DIGIT_ONES[(int) rest];
      bytes[--at] = DIGIT_TENS[(int) rest];
    } else {
      bytes[--at] = (byte) ('0' + rest);
    }
    size = end;
  }

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
