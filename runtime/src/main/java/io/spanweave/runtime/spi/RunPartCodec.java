package io.spanweave.runtime.spi;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * A compression format for the closed parts of a run's trace file ({@code traces-000001.jsonl}
 * becomes {@code traces-000001.jsonl.<fileExtension()>}). The runtime has {@code gzip} built in;
 * a codec that needs a library lives in its own module and registers an implementation of this
 * interface in {@code META-INF/services/io.spanweave.runtime.spi.RunPartCodec}, found with
 * {@link java.util.ServiceLoader}. It is chosen by {@link #name()}: {@code SPANWEAVE_PART_CODEC},
 * or {@code TraceConfig.runFiles()}.
 *
 * <p>A part is compressed in segments of about 8 MiB of whole lines, each through its own
 * {@link #compressing} stream, written one after another into the part's file (gzip members, zstd
 * frames), so that a reader can enter a part at a segment; {@link #decompressing} must read such a
 * file to its end, every segment in turn, as gzip and zstd readers do.
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

  /** A stream that compresses what is written to it into {@code out}; closing it closes {@code out}. */
  OutputStream compressing(OutputStream out) throws IOException;

  /**
   * A stream of the decompressed bytes of {@code in}; closing it closes {@code in}. Data cut short
   * (a part whose writer was killed) must end in an {@link IOException}, never in silently missing
   * bytes.
   */
  InputStream decompressing(InputStream in) throws IOException;
}
