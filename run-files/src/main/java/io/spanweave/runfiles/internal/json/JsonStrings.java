package io.spanweave.runfiles.internal.json;

import static io.spanweave.runfiles.internal.json.JsonByteCursor.GIVE_UP;

import java.nio.charset.StandardCharsets;

/**
 * The bytes of a JSON string as the readers of OTLP/JSON lines turn them into text: runs of ASCII
 * or UTF-8 and the escapes between them ({@code \\u} as one char, surrogates kept as written). Like
 * the readers it never guesses: what a general JSON reader might read otherwise (a control byte, a
 * bad escape, perhaps invalid UTF-8, an unclosed string) throws {@link JsonByteCursor#GIVE_UP}, and
 * the block goes to that reader.
 */
public final class JsonStrings {

  private JsonStrings() {}

  /**
   * The text of {@code b[start, stop)}: ISO-8859-1 when it is all ASCII (the same, and faster),
   * else UTF-8.
   */
  public static String decode(byte[] b, int start, int stop, boolean ascii) {
    if (ascii) {
      return new String(b, start, stop - start, StandardCharsets.ISO_8859_1);
    }
    String s = new String(b, start, stop - start, StandardCharsets.UTF_8);
    if (s.indexOf('\uFFFD') >= 0) {
      throw GIVE_UP; // perhaps invalid UTF-8, which Jackson rejects: let it decide
    }
    return s;
  }

  /**
   * Appends to {@code out} the string that starts at {@code b[start]} (past its opening quote),
   * with its escapes decoded, and returns the index of its closing quote; {@code end} is past the
   * block.
   */
  public static int unescape(byte[] b, int start, int end, StringBuilder out) {
    int i = start;
    int runStart = start;
    boolean ascii = true;
    while (true) {
      if (i >= end) {
        throw GIVE_UP;
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
        throw GIVE_UP;
      }
      if (c != '\\') {
        i++;
        continue;
      }
      out.append(decode(b, runStart, i, ascii));
      ascii = true;
      if (i + 1 >= end) {
        throw GIVE_UP;
      }
      byte e = b[i + 1];
      switch (e) {
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
            throw GIVE_UP;
          }
          int code = 0;
          for (int k = i + 2; k < i + 6; k++) {
            int d = Character.digit(b[k], 16);
            if (d < 0) {
              throw GIVE_UP;
            }
            code = code * 16 + d;
          }
          out.append((char) code);
          i += 4;
        }
        default -> throw GIVE_UP;
      }
      i += 2;
      runStart = i;
    }
    out.append(decode(b, runStart, i, ascii));
    return i;
  }
}
