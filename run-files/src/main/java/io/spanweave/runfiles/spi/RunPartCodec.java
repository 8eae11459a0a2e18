package io.spanweave.runfiles.spi;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;

/**
 * A compression format for the closed parts of a run's trace file ({@code traces-000001.jsonl}
 * becomes {@code traces-000001.jsonl.<fileExtension()>}): the one codec interface that the runtime
 * writes parts with and that the runtime, the viewer and the rollout preset read them with. {@code
 * gzip} is built in; a codec that needs a library lives in its own module and registers an
 * implementation of this interface in {@code
 * META-INF/services/io.spanweave.runfiles.spi.RunPartCodec}, found with {@link
 * java.util.ServiceLoader}. The runtime chooses it by {@link #name()} ({@code
 * SPANWEAVE_PART_CODEC}, or {@code TraceConfig.runFiles()}); readers find it by {@link
 * #fileExtension()}.
 *
 * <p>A part is compressed in segments of about 8 MiB of whole lines, each through its own {@link
 * #compressing} stream, written one after another into the part's file (gzip members, zstd frames),
 * so that a reader can enter a part at a segment; {@link #decompressing} must read such a file to
 * its end, every segment in turn, as gzip and zstd readers do. A codec that can report where its
 * segments start overrides {@link #open} and {@link #seekable()} (gzip does); the others are read
 * from the start.
 *
 * <p>A part once decompressed is the same OTLP JSON lines it was before, byte for byte. Streams are
 * used by one thread at a time; the runtime compresses on a background thread of its own, never on
 * a traced thread or the export worker.
 */
public interface RunPartCodec {

  /** The name settings use, such as {@code zstd}: lower case letters and digits. */
  String name();

  /** The file name extension of a compressed part, without the dot, such as {@code zst}. */
  String fileExtension();

  /**
   * A stream that compresses what is written to it into {@code out}; closing it closes {@code out}.
   */
  OutputStream compressing(OutputStream out) throws IOException;

  /**
   * A stream of the decompressed bytes of {@code in}; closing it closes {@code in}. Data cut short
   * (a part whose writer was killed) must end in an {@link IOException}, never in silently missing
   * bytes.
   */
  InputStream decompressing(InputStream in) throws IOException;

  /**
   * The decompressed bytes of {@code channel} from {@code from}: the start of the file, or a place
   * a previous read reported through {@link PartInput#seekPoints}. The channel stays the caller's
   * to close. A part cut short or damaged ends in a {@link DamagedPartException} after the bytes
   * that did decode. By default the part is read through {@link #decompressing} from its start,
   * which is its only seek point.
   *
   * @throws IllegalArgumentException when {@code from} is not the start and the codec is not {@link
   *     #seekable()}
   */
  default PartInput open(FileChannel channel, SeekPoint from) throws IOException {
    if (!from.equals(SeekPoint.START)) {
      throw new IllegalArgumentException(
          name() + " parts are read from their start only, not from " + from);
    }
    return new DecompressedInput(this, channel);
  }

  /** Whether {@link #open} reports, and can start at, places other than the start. */
  default boolean seekable() {
    return false;
  }
}
