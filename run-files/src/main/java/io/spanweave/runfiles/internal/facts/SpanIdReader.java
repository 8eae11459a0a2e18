package io.spanweave.runfiles.internal.facts;

import java.util.Base64;

/**
 * Reads trace and span ids as numbers: hex as the OTLP JSON mapping writes them (either case), or
 * base64 as protobuf's generic JSON printer does, the way the viewer normalises ids. A missing,
 * empty, all-zero or undecodable id reads as 0 (a span id) or 0/0 (a trace id), which the scanner
 * treats as no id. Not thread-safe.
 */
final class SpanIdReader {
  private final JsonCursor in;

  /** The trace id {@link #traceId} read last, high and low 64 bits. */
  long hi;

  long lo;

  SpanIdReader(JsonCursor in) {
    this.in = in;
  }

  /** Reads a trace id into {@link #hi} and {@link #lo}. */
  void traceId() {
    in.scanString();
    hi = 0;
    lo = 0;
    if (in.strPlain && in.strEnd - in.strStart == 32) {
      long high = hex(in.b, in.strStart);
      boolean highHex = allHex;
      long low = hex(in.b, in.strStart + 16);
      if (highHex && allHex) {
        hi = high;
        lo = low;
        return;
      }
    }
    byte[] raw = decoded(in.text(), 16);
    if (raw != null) {
      hi = bits(raw, 0);
      lo = bits(raw, 8);
    }
  }

  /** Reads a span id; 0 for none. */
  long spanId() {
    in.scanString();
    if (in.strPlain && in.strEnd - in.strStart == 16) {
      long id = hex(in.b, in.strStart);
      if (allHex) {
        return id;
      }
    }
    byte[] raw = decoded(in.text(), 8);
    return raw == null ? 0 : bits(raw, 0);
  }

  /** The id's bytes from hex of the right length (any case) or base64; null for anything else. */
  private static byte[] decoded(String text, int bytes) {
    if (text.isEmpty()) {
      return null;
    }
    if (text.length() == bytes * 2 && isHex(text)) {
      byte[] out = new byte[bytes];
      for (int i = 0; i < bytes; i++) {
        out[i] =
            (byte)
                (Character.digit(text.charAt(2 * i), 16) << 4
                    | Character.digit(text.charAt(2 * i + 1), 16));
      }
      return out;
    }
    try {
      byte[] out = Base64.getDecoder().decode(text);
      return out.length == bytes ? out : null;
    } catch (IllegalArgumentException notBase64) {
      return null;
    }
  }

  private static boolean isHex(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
        return false;
      }
    }
    return true;
  }

  /** Hex digit values by byte, {@link #NOT_HEX} for any other byte. */
  private static final int[] DIGITS = new int[256];

  private static final int NOT_HEX = 0x100;

  static {
    java.util.Arrays.fill(DIGITS, NOT_HEX);
    for (int c = '0'; c <= '9'; c++) {
      DIGITS[c] = c - '0';
    }
    for (int c = 'a'; c <= 'f'; c++) {
      DIGITS[c] = c - 'a' + 10;
      DIGITS[c - 'a' + 'A'] = c - 'a' + 10;
    }
  }

  /** Whether the 16 bytes {@link #hex} read last were all hex digits. */
  private boolean allHex;

  /**
   * 16 hex digits (either case) as a long, checked in the same pass ({@link #allHex}): ids are hex
   * in every file the writers make, and read this way take one table load a byte.
   */
  private long hex(byte[] b, int from) {
    long v = 0;
    int bad = 0;
    for (int i = from; i < from + 16; i++) {
      int d = DIGITS[b[i] & 0xFF];
      v = v << 4 | (d & 0xF);
      bad |= d;
    }
    allHex = (bad & NOT_HEX) == 0;
    return v;
  }

  private static long bits(byte[] raw, int from) {
    long v = 0;
    for (int i = from; i < from + 8; i++) {
      v = v << 8 | (raw[i] & 0xFF);
    }
    return v;
  }
}
