package io.spanweave.runfiles.spi;

import java.io.IOException;
import java.util.List;

/** The decompressed bytes of a part, read forward from a {@link SeekPoint}. Not thread-safe. */
public interface PartInput extends AutoCloseable {
  /**
   * Reads up to {@code length} bytes into {@code buffer}.
   *
   * @return how many, at least one; -1 at the end of the part
   * @throws DamagedPartException when the stored bytes end early or do not decode; every byte
   *     before the damage has been returned by earlier calls
   */
  int read(byte[] buffer, int offset, int length) throws IOException;

  /** The decompressed offset of the next byte {@link #read} returns. */
  long position();

  /** Places passed so far where a later read may start (always including the one it opened at). */
  List<SeekPoint> seekPoints();

  @Override
  void close();
}
