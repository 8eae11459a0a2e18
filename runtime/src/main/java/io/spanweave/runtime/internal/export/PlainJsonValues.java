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
   * JSON string value.
   */
  void writeHexId(JsonGenerator json, String hex) throws IOException {
    int length = hex.length();
    if (length > scratch.length) {
      json.writeString(hex); // not an OpenTelemetry id; take the general path
      return;
    }
    for (int i = 0; i < length; i++) {
      char c = hex.charAt(i);
      if (c >= 0x80 || c == '"' || c == '\\' || c < 0x20) {
        json.writeString(hex); // cannot happen for a valid id; never write unescaped JSON
        return;
      }
      scratch[i] = (byte) c;
    }
    json.writeRawUTF8String(scratch, 0, length);
  }

  /**
   * Writes {@code value} as a JSON string of its decimal digits, as OTLP/JSON writes 64-bit
   * integers.
   */
  void writeDecimalString(JsonGenerator json, long value) throws IOException {
    int start = digits(value, scratch.length);
    json.writeRawUTF8String(scratch, start, scratch.length - start);
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

  /**
   * Writes the digits of {@code value} into {@link #scratch}, ending before {@code end}; returns
   * where they start.
   */
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
