package io.spanweave.viewer.parts;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * How the bytes of a part are stored on disk. A part decompressed is OTLP JSON lines; a codec turns
 * the stored bytes into those lines from a {@link SeekPoint}: the start of the file, or any place
 * where the format lets a reader start afresh (a gzip member, a zstd frame) that a previous read
 * reported through {@link PartInput#seekPoints}.
 *
 * <p>Codecs other than the built-in ones are found with {@link java.util.ServiceLoader}, so a codec
 * that needs a library can be put on the class path beside the viewer.
 */
public interface PartCodec {
  /** The file name extension of parts in this format, without the dot ({@code gz}); empty for plain parts. */
  String extension();

  /**
   * Opens the decompressed bytes of {@code channel} at {@code from}; the channel stays the caller's
   * to close. A stream cut short or damaged must end in a {@link DamagedPartException} after the
   * bytes that did decode, never in silently missing bytes.
   */
  PartInput open(FileChannel channel, SeekPoint from) throws IOException;

  /** Whether {@link PartInput#seekPoints} can report places other than the start. */
  default boolean seekable() {
    return false;
  }
}
