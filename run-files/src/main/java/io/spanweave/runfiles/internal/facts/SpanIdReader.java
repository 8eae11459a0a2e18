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
    int p = in.pos;
    if (p + 34 <= in.end && in.b[p] == '"' && in.b[p + 33] == '"') {
      // 32 hex digits between quotes: a plain string (a digit is no quote, backslash or control).
      long high = hex16(p + 1);
      boolean highHex = allHex;
      long low = hex16(p + 17);
      if (highHex && allHex) {
        hi = high;
        lo = low;
        in.pos = p + 34;
        return;
      }
    }
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
    int p = in.pos;
    if (p + 18 <= in.end && in.b[p] == '"' && in.b[p + 17] == '"') {
      long id = hex16(p + 1);
      if (allHex) {
        in.pos = p + 18;
        return id;
      }
    }
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

  /** {@link #hex} a word at a time, for ids read where they stand. */
  private long hex16(int from) {
    long high = hexWord(in.word(from));
    long low = hexWord(in.word(from + 8));
    allHex = (high | low) >= 0;
    return high << 32 | low;
  }

  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  /**
   * The eight hex digits (either case) of {@code w}, the first in its lowest byte, as 32 bits; -1
   * if a byte is not one. With every byte below 0x80, adding {@code 0x80 - lo} to each sets its
   * high bit exactly when it is at least {@code lo}, with no carry into the next byte: that tests
   * the three ranges of a digit for all eight bytes at once. A digit's value is its low nibble,
   * plus 9 for a letter (bit 6); the nibbles are then packed into four bytes.
   */
  static long hexWord(long w) {
    long lower = w | 0x2020202020202020L;
    long digit = (w + 0x50 * ONES) & ~(w + 0x46 * ONES); // 0x30..0x39
    long letter = (lower + 0x1F * ONES) & ~(lower + 0x19 * ONES) & (w + 0x3F * ONES); // a..f, A..F
    if (((digit | letter) & HIGHS) != HIGHS || (w & HIGHS) != 0) {
      return -1;
    }
    long x = Long.reverseBytes((w & 0x0F0F0F0F0F0F0F0FL) + ((w >>> 6) & ONES) * 9);
    x = (x | (x >>> 4)) & 0x00FF00FF00FF00FFL;
    x = (x | (x >>> 8)) & 0x0000FFFF0000FFFFL;
    return (x | (x >>> 16)) & 0xFFFFFFFFL;
  }

  private static long bits(byte[] raw, int from) {
    long v = 0;
    for (int i = from; i < from + 8; i++) {
      v = v << 8 | (raw[i] & 0xFF);
    }
    return v;
  }
}
