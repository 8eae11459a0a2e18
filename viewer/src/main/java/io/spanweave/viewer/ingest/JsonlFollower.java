package io.spanweave.viewer.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * Follows a JSONL file that another process appends to, the way {@code tail -F} does: each {@link
 * #poll} reads only the bytes after the last whole line it delivered, so a 900 MB file is read
 * once, not on every change.
 *
 * <ul>
 *   <li>The file may not exist yet; polling then does nothing until it appears.
 *   <li>What the file holds when it is first seen is read newest block first, so the latest data is
 *       on screen early; from then on, lines are read in file order as they are appended.
 *   <li>A half-written last line is held back until its newline arrives.
 *   <li>Rotation (the path now names a different file) is noticed by the file key (device and
 *       inode): the old file is read to its end through the still-open channel, the {@link Opener}
 *       is told, then the new file is read from its start.
 *   <li>Truncation in place (same file, now shorter) restarts from offset 0.
 * </ul>
 *
 * Files rotated away before the follower started are the {@link
 * io.spanweave.runfiles.internal.parts.PartCatalog}'s to find. Not thread-safe: one ingest thread
 * polls it.
 */
public final class JsonlFollower {
  /** Opens the followed file as a source, and hears when it was rotated away. */
  interface Opener {
    SourceFile open(Path path) throws IOException;

    /** {@code old} was read to its end; the path names another file now. */
    default void rotated(SourceFile old) throws IOException {}
  }

  private final Path path;
  private final Opener opener;
  private SourceFile current;
  private Object currentKey;

  /** Offset just after the last delivered line. */
  private long position;

  private boolean startedUp;
  private long bytesDelivered;

  public JsonlFollower(Path path, SourceFiles sources) {
    this(path, sources::open);
  }

  JsonlFollower(Path path, Opener opener) {
    this.path = path;
    this.opener = opener;
  }

  public Path path() {
    return path;
  }

  /** Bytes of the current file consumed so far (for progress reporting). */
  public long position() {
    return position;
  }

  /**
   * Delivers all whole lines appended since the last poll; returns the number of bytes delivered.
   */
  public long poll(LineChunkSink sink) throws IOException {
    long delivered = 0;
    if (!startedUp) {
      if (!Files.exists(path) || !openCurrent()) {
        return 0;
      }
      startedUp = true;
      // What exists already is read newest first, so the latest step (the default view) is
      // complete after the first blocks while older steps fill in behind it.
      long end = PartReading.endOfLastLine(current);
      delivered += PartReading.newestFirst(current, 0, end, sink);
      bytesDelivered += delivered;
      position = end;
    }
    if (current == null) {
      if (!openCurrent()) {
        return delivered;
      }
    }
    delivered += readNew(sink);
    Object key = fileKeyOrNull();
    if (key != null && !Objects.equals(key, currentKey)) {
      // Rotated: finish the old file (a final line without newline is complete now), then switch.
      long rest = PartReading.forward(current, position, Long.MAX_VALUE, sink, true);
      bytesDelivered += rest;
      delivered += rest;
      SourceFile old = current;
      position = 0;
      current = null;
      opener.rotated(old);
      if (openCurrent()) {
        delivered += readNew(sink);
      }
    } else if (key != null && Files.size(path) < position) {
      position = 0;
      currentKey = null;
      current = null;
      if (openCurrent()) {
        delivered += readNew(sink);
      }
    }
    return delivered;
  }

  private boolean openCurrent() throws IOException {
    try {
      currentKey = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
      current = opener.open(path);
      position = 0;
      return true;
    } catch (NoSuchFileException gone) {
      return false;
    }
  }

  /** Bytes handed to the sink so far, over all files (for progress reporting). */
  public long bytesDelivered() {
    return bytesDelivered;
  }

  private long readNew(LineChunkSink sink) throws IOException {
    long n = PartReading.forward(current, position, Long.MAX_VALUE, sink, false);
    position += n;
    bytesDelivered += n;
    return n;
  }

  private Object fileKeyOrNull() throws IOException {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    } catch (NoSuchFileException gone) {
      return null;
    }
  }
}
