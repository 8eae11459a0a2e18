package io.spanweave.runtime.internal.jsonl;

import io.spanweave.api.TracingFaults;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A JSON-lines file that only grows by whole lines, even when several processes of one run append
 * to it: each {@link #append} writes its complete lines in one locked, appending write, so a reader
 * (the viewer, {@code tail -f}) never sees half a line from us or a line of ours interleaved with
 * another process's. Within a process one instance is shared by every writer of the file (the span
 * exporter and the local collector both append to {@code traces.jsonl}); instances of one path in
 * one JVM are serialised on a monitor of that path, and the file lock then only has other processes
 * to exclude.
 *
 * <p><b>Rotation.</b> Opened with a {@link Rotation}, the file is closed as a part once an append
 * would take it past {@link Rotation#maxBytes()}: under the lock it is renamed to the name the
 * rotation gives, a new file starts at the old name, and the rotation is told of the closed part
 * after the lock is released (it hands it to a background thread; nothing slow happens here). A
 * rotation may instead carry some lines into the new file, which then replaces the full one in one
 * rename ({@link Rotation#replacementStart}: {@code live.jsonl} keeps its open spans). The lock is
 * taken on a small lock file beside the data file ({@code .traces.jsonl.lock}), which is never
 * renamed, so that a writer in another process whose file was renamed away notices it under the
 * same lock (the file at the path is no longer the one it has open) and reopens the path before it
 * writes: no line lands in a closed part.
 *
 * <p><b>Failed writes.</b> A write that fails part way (a full disk) is cut back to where it
 * started, so the file still ends with a whole line; the caller gets the {@link IOException} and
 * counts the lines as lost.
 *
 * <p>Support code of the runtime, public only because the SDK adapter and the collector live in
 * separate packages; not an API for applications.
 */
public final class JsonLinesFile implements Closeable {

  /** When and how the file is closed as a part; see the class comment. */
  public interface Rotation {

    /** The size past which an append first closes the file as a part; 0 never does. */
    long maxBytes();

    /** Called under the lock: the path the full file is renamed to (it must not exist). */
    Path nameForClosedPart() throws IOException;

    /**
     * Called after the lock is released, with the closed part at its new name; must return at once.
     */
    void closed(Path part);

    /**
     * Called under the lock with the full file: the lines a new file starts with, which then
     * replaces the full one at once (renamed over it), no part kept and {@link #nameForClosedPart}
     * not asked; {@code null} (the default) to close the full file as a part instead.
     */
    default byte[] replacementStart(Path full) throws IOException {
      return null;
    }
  }

  private static final ConcurrentHashMap<Path, Object> MONITORS = new ConcurrentHashMap<>();
  private static final long ROTATION_RETRY_NANOS = 60_000_000_000L;

  private final Path path;
  private final Path lockPath;
  private final Rotation rotation;
  private final Object monitor;
  private FileChannel channel; // null once closed
  private Object
      fileKey; // the identity of the file the channel has open, when the file system has one
  private FileChannel lockChannel;
  private long
      rotationRetryAt; // System.nanoTime() before which a failed rotation is not tried again

  private JsonLinesFile(Path path, Rotation rotation) {
    this.path = path;
    this.lockPath = path.resolveSibling("." + path.getFileName() + ".lock");
    this.rotation = rotation;
    this.monitor = MONITORS.computeIfAbsent(path.toAbsolutePath().normalize(), p -> new Object());
  }

  /** Opens {@code path} for appending, creating it and its directories; never rotated. */
  public static JsonLinesFile open(Path path) throws IOException {
    return open(path, null);
  }

  /**
   * Opens {@code path} for appending, creating it and its directories, closed as parts by {@code
   * rotation}.
   */
  public static JsonLinesFile open(Path path, Rotation rotation) throws IOException {
    Files.createDirectories(path.toAbsolutePath().getParent());
    JsonLinesFile file = new JsonLinesFile(path, rotation);
    synchronized (file.monitor) {
      file.lockChannel = openLockChannel(file.lockPath);
      FileLock lock = file.lockAgainstOtherProcesses();
      try {
        cutTornLine(path);
        file.reopen();
      } catch (IOException e) {
        file.lockChannel.close();
        throw e;
      } finally {
        release(lock);
      }
    }
    return file;
  }

  /**
   * Cuts off the start of a line that a file ends with: what a process that died while it wrote
   * (SIGKILL in the middle of a large write) left. Lines are written whole under the lock, so with
   * the lock held no live writer is in the middle of one; appending after such a start would glue
   * the next line to it and leave a malformed line in the middle of the file, which {@code jq}, the
   * summariser and the viewer then cannot read. The cut bytes are no whole line, so no span is
   * lost; the cut is logged.
   */
  static void cutTornLine(Path path) throws IOException {
    try (FileChannel channel =
        FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      long size = channel.size();
      long end = size;
      ByteBuffer block = ByteBuffer.allocate(64 << 10);
      while (end > 0) {
        block.clear();
        long from = Math.max(0, end - block.capacity());
        block.limit((int) (end - from));
        while (block.hasRemaining() && channel.read(block, from + block.position()) >= 0) {
          // read the whole block
        }
        int k = block.position() - 1;
        while (k >= 0 && block.get(k) != '\n') {
          k--;
        }
        if (k >= 0) {
          end = from + k + 1;
          break;
        }
        end = from;
      }
      if (end < size) {
        channel.truncate(end);
        System.getLogger("io.spanweave")
            .log(
                System.Logger.Level.WARNING,
                "spanweave: "
                    + path
                    + " ended with "
                    + (size - end)
                    + " bytes of a line cut short (a process of this run died while it wrote"
                    + " them); they were removed, so the lines written from now on are whole");
      }
    } catch (NoSuchFileException absent) {
      // A new file: nothing to repair.
    }
  }

  private static FileChannel openChannel(Path path) throws IOException {
    return FileChannel.open(
        path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
  }

  private static FileChannel openLockChannel(Path lockPath) throws IOException {
    return FileChannel.open(lockPath, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
  }

  public Path path() {
    return path;
  }

  /**
   * Appends {@code length} bytes of {@code lines}, which must be complete JSON lines; a missing
   * final newline is added so that the next append starts a new line.
   */
  public void append(byte[] lines, int length) throws IOException {
    if (length == 0) {
      return;
    }
    ByteBuffer buffer;
    if (lines[length - 1] == '\n') {
      buffer = ByteBuffer.wrap(lines, 0, length);
    } else {
      buffer = ByteBuffer.allocate(length + 1).put(lines, 0, length).put((byte) '\n').flip();
    }
    Path closedPart = null;
    try {
      synchronized (monitor) {
        if (channel == null) {
          throw new IOException("the file " + path + " was already closed");
        }
        FileLock lock = lockAgainstOtherProcesses();
        try {
          ensureCurrentFile();
          long size = channel.size();
          if (dueForRotation(size, buffer.remaining())) {
            closedPart = rotate();
            size = channel.isOpen() ? channel.size() : size;
          }
          write(buffer, size);
        } finally {
          release(lock);
        }
      }
    } finally {
      if (closedPart != null) {
        rotation.closed(
            closedPart); // also when the write into the new part failed: the closed part is whole
      }
    }
  }

  private boolean dueForRotation(long size, int adding) {
    return rotation != null
        && rotation.maxBytes() > 0
        && size > 0
        && size + adding > rotation.maxBytes()
        && System.nanoTime() - rotationRetryAt >= 0;
  }

  /**
   * Renames the full file to its part name and opens a new one, or replaces it with a file that
   * starts with the rotation's {@link Rotation#replacementStart}; returns the closed part, or
   * {@code null} when none is kept or the rotation failed (reported).
   */
  private Path rotate() {
    Path part;
    try {
      byte[] start = rotation.replacementStart(path);
      if (start != null) {
        replace(start);
        part = null;
      } else {
        part = rotation.nameForClosedPart();
        Files.move(path, part, StandardCopyOption.ATOMIC_MOVE);
      }
    } catch (IOException | RuntimeException e) {
      rotationRetryAt = System.nanoTime() + ROTATION_RETRY_NANOS;
      TracingFaults.report(
          "rotate",
          "could not rotate "
              + path
              + ", so it grows past its size limit for "
              + "now (tried again in a minute); no record is lost",
          e);
      return null;
    }
    try {
      reopen();
    } catch (IOException e) {
      // The next append tries again: ensureCurrentFile finds no file at the path.
      TracingFaults.report("rotate", "rotated " + path + " but could not start a new one", e);
    }
    return part;
  }

  /**
   * Writes {@code start} to a new file beside the full one and renames it over the full one, so
   * that the path always names a whole file: the full one, or the new one with all of {@code
   * start}.
   */
  private void replace(byte[] start) throws IOException {
    Path next = path.resolveSibling("." + path.getFileName() + ".next");
    try (FileChannel out =
        FileChannel.open(
            next,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer bytes = ByteBuffer.wrap(start);
      while (bytes.hasRemaining()) {
        out.write(bytes);
      }
      out.force(false);
    } catch (IOException e) {
      Files.deleteIfExists(next);
      throw e;
    }
    Files.move(next, path, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * Writes all of {@code buffer} at the end, or cuts the file back to {@code sizeBefore} and
   * throws.
   */
  private void write(ByteBuffer buffer, long sizeBefore) throws IOException {
    try {
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    } catch (IOException e) {
      try {
        if (channel.isOpen() && channel.size() > sizeBefore) {
          channel.truncate(
              sizeBefore); // no torn line for readers: the file ends with a whole line again
        }
      } catch (IOException ignored) {
        // the first failure is the one reported
      }
      throw e;
    }
  }

  /**
   * Makes the channel point at the file now at {@link #path}: reopens it when an interrupt closed
   * it, or when the file was renamed away (another writer closed it as a part) or deleted.
   */
  private void ensureCurrentFile() throws IOException {
    if (!channel.isOpen()) {
      reopen(); // an interrupt of the writing thread closes a FileChannel; reopen rather than lose
      // the run
      return;
    }
    Object key;
    try {
      key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    } catch (NoSuchFileException e) {
      reopen();
      return;
    }
    if (key != null && !key.equals(fileKey)) {
      reopen();
    }
  }

  private void reopen() throws IOException {
    if (channel != null && channel.isOpen()) {
      channel.close();
    }
    channel = openChannel(path);
    fileKey = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
  }

  private FileLock lockAgainstOtherProcesses() throws IOException {
    if (!lockChannel.isOpen()) {
      lockChannel = openLockChannel(lockPath);
    }
    try {
      return lockChannel.lock();
    } catch (OverlappingFileLockException e) {
      // The same file under another spelling of its path (a link) in this JVM. Write unlocked: an
      // appending write of a whole buffer is not interleaved on local file systems.
      return null;
    }
  }

  private static void release(FileLock lock) throws IOException {
    if (lock != null && lock.isValid()) {
      lock.release();
    }
  }

  /**
   * Closes the file as {@link #close} does, first closing it as a part (renamed to the rotation's
   * next part name, under the lock against other writers) when it holds any line: a run that was
   * written in parts then ends with all its lines in closed parts, which the runtime compresses and
   * summarises at close, and no part being written is left for a reader to parse. Returns that
   * part, or null (no rotation, nothing written since the last part, or the rename failed:
   * reported, and the file stays as it is).
   */
  public Path closeAsPart() throws IOException {
    Path part = null;
    synchronized (monitor) {
      if (channel != null && rotation != null) {
        FileLock lock = lockAgainstOtherProcesses();
        try {
          if (Files.exists(path) && Files.size(path) > 0) {
            part = rotation.nameForClosedPart();
            Files.move(path, part, StandardCopyOption.ATOMIC_MOVE);
          }
        } catch (IOException | RuntimeException e) {
          part = null;
          TracingFaults.report(
              "rotate", "could not close " + path + " as a part at close; it stays as it is", e);
        } finally {
          release(lock);
        }
      }
      close();
    }
    if (part != null) {
      rotation.closed(part);
    }
    return part;
  }

  @Override
  public void close() throws IOException {
    synchronized (monitor) {
      if (channel != null) {
        try {
          channel.close();
        } finally {
          channel = null;
          lockChannel.close();
        }
      }
    }
  }

  @Override
  public String toString() {
    return "JsonLinesFile{"
        + path
        + (rotation == null ? "" : ", parts of " + rotation.maxBytes() + " bytes")
        + "}";
  }
}
