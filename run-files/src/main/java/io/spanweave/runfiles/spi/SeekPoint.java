package io.spanweave.runfiles.spi;

/**
 * A place where reading a part may start: {@code storedOffset} in the file as stored (compressed),
 * which holds the decompressed byte at {@code offset}. The start of every part is {@link #START}.
 */
public record SeekPoint(long storedOffset, long offset) {
  public static final SeekPoint START = new SeekPoint(0, 0);
}
