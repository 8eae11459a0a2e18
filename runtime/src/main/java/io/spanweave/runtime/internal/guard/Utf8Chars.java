package io.spanweave.runtime.internal.guard;

/**
 * UTF-8 bytes read as characters one byte each, for {@link
 * io.spanweave.conventions.ContentPolicy#mayHoldSecret}'s quick scan without making a string:
 * everything that scan looks for is ASCII, and a byte of a multi-byte character reads as a
 * character above ASCII that matches none of it. Reused: one per writer, not thread-safe.
 */
final class Utf8Chars implements CharSequence {

  private byte[] bytes;
  private int offset;
  private int length;

  Utf8Chars of(byte[] bytes, int offset, int length) {
    this.bytes = bytes;
    this.offset = offset;
    this.length = length;
    return this;
  }

  @Override
  public int length() {
    return length;
  }

  @Override
  public char charAt(int index) {
    return (char) (bytes[offset + index] & 0xff);
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    throw new UnsupportedOperationException("a view for scanning only");
  }

  @Override
  public String toString() {
    return new String(bytes, offset, length, java.nio.charset.StandardCharsets.UTF_8);
  }
}
