package io.spanweave.runtime.internal.export;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * Writes the string values that never need escaping, hex ids and decimal integers, by copying
 * bytes: Jackson's {@code writeString} would check every character against its escape table and
 * {@code Long.toString} would allocate a string per time stamp, several per span at hundreds of
 * thousands of spans a second.
 *
 * <p>Not thread-safe: one instance per worker (it owns a scratch buffer).
 */
final class PlainJsonValues {

  /** Room for a 32-character trace id, and for 19 digits and a sign. */
  private final byte[] scratch = new byte[32];

  /**
   * Writes {@code hex}, a trace or span id as OpenTelemetry keeps it (lowercase hex, ASCII), as a
   * JSON string value. The characters are copied as bytes in one go ({@code String.getBytes} with
   * a byte array, an array copy for the Latin-1 strings ids are), then checked: the SDK only makes
   * valid ids, and anything else takes Jackson's escaping path.
   */
  @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): the low byte of each char, no allocation
  void writeHexId(JsonGenerator json, String hex) throws IOException {
    int length = hex.length();
    if (length > scratch.length) {
      json.writeString(hex); // not an OpenTelemetry id; take the general path
      return;
    }
    hex.getBytes(0, length, scratch, 0);
    for (int i = 0; i < length; i++) {
      byte b = scratch[i];
      // Lowercase hex bytes only, so the output is valid JSON whatever the string held. (A char
      // above Latin-1 keeps only its low byte in the copy; the SDK's ids never have one.)
      if (!((b >= '0' && b <= '9') || (b >= 'a' && b <= 'f'))) {
        json.writeString(hex); // cannot happen for a valid id; never write unescaped JSON
        return;
      }
    }
    json.writeRawUTF8String(scratch, 0, length);
  }

  /**
   * Writes {@code value} as a JSON string of its decimal digits, as OTLP/JSON writes 64-bit integers.
   *
   * <p>Most values are times in nanoseconds since the epoch, and the times of one batch share their
   * seconds: the digits of the seconds are kept from the last value, so a time costs nine digits
   * of {@code int} arithmetic instead of nineteen of {@code long}.
   */
  void writeDecimalString(JsonGenerator json, long value) throws IOException {
    if (value < NANOS_PER_SECOND) {
      writeDigits(json, value);
      return;
    }
    long seconds = value / NANOS_PER_SECOND;
    int nanos = (int) (value - seconds * NANOS_PER_SECOND);
    if (seconds != cachedSeconds) {
      int start = digits(seconds, secondsDigits.length);
      secondsLength = secondsDigits.length - start;
      System.arraycopy(scratch, start, secondsDigits, 0, secondsLength);
      cachedSeconds = seconds;
    }
    byte[] out = timeDigits;
    System.arraycopy(secondsDigits, 0, out, 0, secondsLength);
    int end = secondsLength + 9;
    for (int i = end - 1; i >= secondsLength; i--) {
      int next = nanos / 10;
      out[i] = (byte) ('0' + (nanos - next * 10));
      nanos = next;
    }
    json.writeRawUTF8String(out, 0, end);
  }

  /**
   * As {@link #writeDecimalString}, quotes included, with {@code JsonGenerator.writeRaw}: for a
   * caller that writes the element around it raw as well, out of the generator's sight.
   */
  void writeDecimalStringRaw(JsonGenerator json, long value) throws IOException {
    int start = digits(value, scratch.length - 1);
    scratch[scratch.length - 1] = '"';
    scratch[--start] = '"';
    for (int i = start; i < scratch.length; i++) {
      rawChars[i] = (char) scratch[i];
    }
    json.writeRaw(rawChars, start, scratch.length - start);
  }

  /** {@link #scratch} as chars, for {@code writeRaw}, which takes chars (ASCII here) or strings. */
  private final char[] rawChars = new char[32];

  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  /** The seconds whose digits are in {@link #secondsDigits}; -1 for none. */
  private long cachedSeconds = -1;
  private final byte[] secondsDigits = new byte[20];
  private int secondsLength;
  /** Seconds and nanoseconds digits of the value being written. */
  private final byte[] timeDigits = new byte[32];

  /** Any {@code long}, negative ones too. */
  private void writeDigits(JsonGenerator json, long value) throws IOException {
    int start = digits(value, scratch.length);
    json.writeRawUTF8String(scratch, start, scratch.length - start);
  }

  /** Writes the digits of {@code value} into {@link #scratch}, ending before {@code end}; returns where they start. */
  private int digits(long value, int end) {
    int start = end;
    long rest = value;
    boolean negative = rest < 0;
    do {
      int digit = (int) (rest % 10);
      scratch[--start] = (byte) ('0' + (negative ? -digit : digit));
      rest /= 10;
    } while (rest != 0);
    if (negative) {
      scratch[--start] = '-';
    }
    return start;
  }
}
