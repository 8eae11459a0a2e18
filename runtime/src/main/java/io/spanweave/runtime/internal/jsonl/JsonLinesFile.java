package io.spanweave.runtime.internal.jsonl;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A JSON-lines file that only grows by whole lines, even when several processes of one run append
 * to it: each {@link #append} writes its complete lines in one locked, appending write, so a
 * reader (the viewer, {@code tail -f}) never sees half a line from us or a line of ours interleaved
 * with another process's. Within a process one instance is shared by every writer of the file (the
 * span exporter and the local collector both append to {@code traces.jsonl}): appends are
 * serialised on the instance, and the file lock then only has other processes to exclude.
 *
 * <p>Support code of the runtime, public only because the SDK adapter and the collector live in
 * separate packages; not an API for applications.
 */
public final class JsonLinesFile implements Closeable {

  private final Path path;
  private FileChannel channel;

  private JsonLinesFile(Path path, FileChannel channel) {
    this.path = path;
    this.channel = channel;
  }

  /** Opens {@code path} for appending, creating it and its directories. */
  public static JsonLinesFile open(Path path) throws IOException {
    Files.createDirectories(path.toAbsolutePath().getParent());
    return new JsonLinesFile(path, openChannel(path));
  }

  private static FileChannel openChannel(Path path) throws IOException {
    return FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
  }

  public Path path() {
    return path;
  }

  /**
   * Appends {@code length} bytes of {@code lines}, which must be complete JSON lines; a missing
   * final newline is added so that the next append starts a new line.
   */
  public synchronized void append(byte[] lines, int length) throws IOException {
    if (length == 0) {
      return;
    }
    if (channel == null) {
      throw new IOException("the file " + path + " was already closed");
    }
    if (!channel.isOpen()) {
      // An interrupt of the writing thread closes a FileChannel; reopen rather than lose the run.
      channel = openChannel(path);
    }
    ByteBuffer buffer;
    if (lines[length - 1] == '\n') {
      buffer = ByteBuffer.wrap(lines, 0, length);
    } else {
      buffer = ByteBuffer.allocate(length + 1).put(lines, 0, length).put((byte) '\n').flip();
    }
    FileLock lock = lockAgainstOtherProcesses();
    try {
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    } finally {
      if (lock != null) {
        lock.release();
      }
    }
  }

  private FileLock lockAgainstOtherProcesses() throws IOException {
    try {
      return channel.lock();
    } catch (OverlappingFileLockException e) {
      // Another channel of this JVM holds the lock (two runtimes writing one file at once). Write
      // unlocked: an appending write of a whole buffer is not interleaved on local file systems.
      return null;
    }
  }

  @Override
  public synchronized void close() throws IOException {
    if (channel != null) {
      channel.close();
      channel = null;
    }
  }
}
