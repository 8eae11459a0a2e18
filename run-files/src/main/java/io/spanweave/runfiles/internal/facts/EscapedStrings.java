package io.spanweave.runfiles.internal.facts;

import java.nio.charset.StandardCharsets;

/**
 * Decodes the JSON strings a {@link JsonCursor} cannot take as their bytes: those with escapes or
 * non-ASCII characters. The rules are the span parser's: the JSON escapes, {@code \\u} as one char
 * (surrogates kept as written), UTF-8 decoded, and anything that may be invalid (a control byte, a
 * bad escape, a replacement character after decoding) gives up on the block.
 */
final class EscapedStrings {
  private EscapedStrings() {}

  /**
   * Decodes the string whose content starts at {@code start} into {@code out}.
   *
   * @return the index of its closing quote
   */
  static int decode(JsonCursor in, int start, StringBuilder out) {
    byte[] b = in.b;
    int end = in.end;
    out.setLength(0);
    int i = start;
    int runStart = start;
    boolean ascii = true;
    while (true) {
      if (i >= end) {
        throw JsonCursor.GIVE_UP;
      }
      byte c = b[i];
      if (c == '"') {
        break;
      }
      if (c < 0) {
        ascii = false;
        i++;
        continue;
      }
      if (c < 0x20) {
        throw JsonCursor.GIVE_UP;
      }
      if (c != '\\') {
        i++;
        continue;
      }
      appendRun(b, out, runStart, i, ascii);
      ascii = true;
      if (i + 1 >= end) {
        throw JsonCursor.GIVE_UP;
      }
      switch (b[i + 1]) {
        case '"' -> out.append('"');
        case '\\' -> out.append('\\');
        case '/' -> out.append('/');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          if (i + 6 > end) {
            throw JsonCursor.GIVE_UP;
          }
          int code = 0;
          for (int k = i + 2; k < i + 6; k++) {
            int d = Character.digit(b[k], 16);
            if (d < 0) {
              throw JsonCursor.GIVE_UP;
            }
            code = code * 16 + d;
          }
          out.append((char) code);
          i += 4;
        }
        default -> throw JsonCursor.GIVE_UP;
      }
      i += 2;
      runStart = i;
    }
    appendRun(b, out, runStart, i, ascii);
    return i;
  }

  private static void appendRun(byte[] b, StringBuilder out, int from, int to, boolean ascii) {
    if (ascii) {
      for (int k = from; k < to; k++) {
        out.append((char) b[k]);
      }
      return;
    }
    String s = new String(b, from, to - from, StandardCharsets.UTF_8);
    if (s.indexOf('\uFFFD') >= 0) {
      throw JsonCursor
          .GIVE_UP; // perhaps invalid UTF-8, which the span parser's general path rejects
    }
    out.append(s);
  }
}
