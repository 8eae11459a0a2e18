package io.spanweave.viewer.ingest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * One physical file the viewer has read spans from. Its channel stays open after the file is
 * rotated away (renamed or even deleted, on POSIX), so span details can still be read from the
 * offsets recorded in the index.
 */
public final class SourceFile {
  private final int id;
  private final Path path;
  private final FileChannel channel;

  SourceFile(int id, Path path, FileChannel channel) {
    this.id = id;
    this.path = path;
    this.channel = channel;
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

  /** Reads {@code length} bytes at {@code position}; fewer if the file is shorter now. */
  public byte[] read(long position, int length) throws IOException {
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

  void close() {
    try {
      channel.close();
    } catch (IOException ignored) {
      // Closing a read-only channel cannot lose data; nothing to report.
    }
  }
}
