package io.spanweave.runfiles.spi;

import java.io.IOException;

/**
 * A compressed part that ends early (its writer was killed while compressing, the disk filled) or
 * holds bytes that do not decode. The reader has delivered every byte before {@link #offset()}.
 */
public final class DamagedPartException extends IOException {
  private final long offset;
  private final long storedOffset;

  public DamagedPartException(String message, long offset, long storedOffset) {
    super(message);
    this.offset = offset;
    this.storedOffset = storedOffset;
  }

  /** Decompressed bytes delivered before the damage. */
  public long offset() {
    return offset;
  }

  /** Where in the stored file the damage was found. */
  public long storedOffset() {
    return storedOffset;
  }
}
