package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runfiles.spi.PartInput;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runfiles.spi.SeekPoint;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * One physical file the viewer has read spans from. Its channel stays open after the file is
 * rotated away (renamed or even deleted, on POSIX), so span details can still be read from the
 * offsets recorded in the index. Offsets are decompressed offsets: a compressed part's bytes are
 * decompressed again from the nearest place its codec can start at.
 */
public final class SourceFile {
  private final int id;
  private final Path path;
  private final FileChannel channel;
  private final RunPartCodec codec;
  private final PartState part;

  /**
   * For spans from a tracing backend: fetches a trace's spans again by its id (there is no file).
   */
  private final TraceFetcher backend;

  /** Fetches one trace's spans from a backend, as a line the viewer's parsers read. */
  @FunctionalInterface
  interface TraceFetcher {
    byte[] trace(String traceHex) throws IOException;
  }

  SourceFile(int id, Path path, FileChannel channel) {
    this(id, path, channel, PlainCodec.INSTANCE, null);
  }

  SourceFile(int id, Path path, FileChannel channel, RunPartCodec codec, PartState part) {
    this(id, path, channel, codec, part, null);
  }

  private SourceFile(
      int id,
      Path path,
      FileChannel channel,
      RunPartCodec codec,
      PartState part,
      TraceFetcher backend) {
    this.id = id;
    this.path = path;
    this.channel = channel;
    this.codec = codec;
    this.part = part;
    this.backend = backend;
  }

  /**
   * Spans from a backend: {@code name} says where (its URL), details are fetched again by trace id.
   */
  static SourceFile backend(int id, Path name, TraceFetcher fetcher) {
    return new SourceFile(id, name, null, PlainCodec.INSTANCE, null, fetcher);
  }

  public int id() {
    return id;
  }

  public Path path() {
    return path;
  }

  FileChannel channel() {
    return channel;
  }

  RunPartCodec codec() {
    return codec;
  }

  /** The part of a run this file holds, or null for a file outside any run's parts (live.jsonl). */
  PartState part() {
    return part;
  }

  /**
   * The line that holds a span of trace {@code traceHex}, read at {@code position}: from the file,
   * or, for spans from a backend, the trace as the backend answers it now.
   */
  public byte[] readLine(String traceHex, long position, int length) throws IOException {
    if (backend != null) {
      byte[] trace = backend.trace(traceHex);
      if (trace == null) {
        throw new IOException("the backend no longer has trace " + traceHex);
      }
      return trace;
    }
    return read(position, length);
  }

  /** Whether details are fetched from a backend rather than read from a file. */
  public boolean fromBackend() {
    return backend != null;
  }

  /** Reads {@code length} bytes at {@code position}; fewer if the file is shorter now. */
  public byte[] read(long position, int length) throws IOException {
    if (codec == PlainCodec.INSTANCE) {
      ByteBuffer buffer = ByteBuffer.allocate(length);
      while (buffer.hasRemaining()) {
        int n = channel.read(buffer, position + buffer.position());
        if (n < 0) {
          break;
        }
      }
      byte[] out = new byte[buffer.position()];
      buffer.flip();
      buffer.get(out);
      return out;
    }
    SeekPoint from = part == null ? SeekPoint.START : part.seekPointBefore(position);
    byte[] out = new byte[length];
    byte[] skip = new byte[1 << 16];
    try (PartInput in = codec.open(channel, from)) {
      while (in.position() < position) {
        if (in.read(skip, 0, (int) Math.min(skip.length, position - in.position())) < 0) {
          return new byte[0];
        }
      }
      int filled = 0;
      while (filled < length) {
        int n = in.read(out, filled, length - filled);
        if (n < 0) {
          break;
        }
        filled += n;
      }
      return filled == length ? out : java.util.Arrays.copyOf(out, filled);
    }
  }

  void close() {
    if (channel == null) {
      return;
    }
    try {
      channel.close();
    } catch (IOException ignored) {
      // Closing a read-only channel cannot lose data; nothing to report.
    }
  }
}
