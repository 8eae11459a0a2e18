package io.spanweave.runfiles.internal.json;

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

  public static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
