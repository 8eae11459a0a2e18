package io.spanweave.viewer.ingest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Follows a JSONL file that another process appends to, the way {@code tail -F} does: each
 * {@link #poll} reads only the bytes after the last whole line it delivered, so a 900 MB file is
 * read once, not on every change.
 *
 * <ul>
 *   <li>The file may not exist yet; polling then does nothing until it appears.
 *   <li>What the file holds when it is first seen is read newest block first (then any rotated
 *       siblings, newest first), so the latest data is on screen early; from then on, lines are
 *       read in file order as they are appended.
 *   <li>A half-written last line is held back until its newline arrives.
 *   <li>Rotation (the path now names a different file) is noticed by the file key (device and
 *       inode): the old file is read to its end through the still-open channel, then the new
 *       file is read from its start.
 *   <li>Rotated siblings present at start ({@code traces.jsonl.1}, {@code traces-2026-...jsonl}, the
 *       names logrotate and the Collector's file exporter use) are read too.
 *   <li>Truncation in place (same file, now shorter) restarts from offset 0.
 * </ul>
 *
 * Not thread-safe: one ingest thread polls it.
 */
public final class JsonlFollower {
  /**
   * Bytes read and parsed as one piece. Below half of G1's smallest region (1 MB): a larger array
   * is "humongous", allocated straight into the old generation, and with the index filling half
   * of a small heap every such allocation starts a concurrent collection cycle. With 8 MB chunks
   * a 1.26 GB file under -Xmx512m spent more time collecting than parsing.
   */
  private static final int CHUNK = 384 << 10;
  private static final int FIRST_CHUNK = 128 << 10;
  private static final int MAX_LINE = 512 << 20;

  private final Path path;
  private final SourceFiles sources;
  private SourceFile current;
  private Object currentKey;
  /** Offset just after the last delivered line. */
  private long position;
  private boolean startedUp;
  private long bytesDelivered;

  public JsonlFollower(Path path, SourceFiles sources) {
    this.path = path;
    this.sources = sources;
  }

  public Path path() {
    return path;
  }

  /** Bytes of the current file consumed so far (for progress reporting). */
  public long position() {
    return position;
  }

  /** Delivers all whole lines appended since the last poll; returns the number of bytes delivered. */
  public long poll(LineChunkSink sink) throws IOException {
    long delivered = 0;
    if (!startedUp) {
      if (!Files.exists(path) || !openCurrent()) {
        return 0;
      }
      startedUp = true;
      // What exists already is read newest first, so the latest step (the default view) is
      // complete after the first blocks while older steps fill in behind it.
      long end = endOfLastLine(current);
      delivered += drainNewestFirst(current, end, sink);
      position = end;
      List<Path> rotated = rotatedSiblings();
      java.util.Collections.reverse(rotated);
      for (Path older : rotated) {
        SourceFile old = sources.open(older);
        delivered += drainNewestFirst(old, old.channel().size(), sink);
      }
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
      long rest = drain(current, position, sink, true);
      bytesDelivered += rest;
      delivered += rest;
      position = 0;
      current = null;
      if (openCurrent()) {
        delivered += readNew(sink);
      }
    } else if (key != null && Files.size(path) < position) {
      position = 0;
      current = sources.open(path);
      delivered += readNew(sink);
    }
    return delivered;
  }

  private boolean openCurrent() throws IOException {
    try {
      currentKey = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
      current = sources.open(path);
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

  /** Offset just after the last newline of the file as it is now. */
  private static long endOfLastLine(SourceFile file) throws IOException {
    long size = file.channel().size();
    byte[] tail = new byte[64 * 1024];
    for (long end = size; end > 0; ) {
      long start = Math.max(0, end - tail.length);
      int n = (int) (end - start);
      file.channel().read(ByteBuffer.wrap(tail, 0, n), start);
      int nl = lastIndexOf(tail, n, (byte) '\n');
      if (nl >= 0) {
        return start + nl + 1;
      }
      end = start;
    }
    return 0;
  }

  /**
   * Delivers the lines in {@code [0, end)} in blocks from the end of the file to its start; each
   * block starts at a line start and holds whole lines, in file order within the block.
   */
  private long drainNewestFirst(SourceFile file, long end, LineChunkSink sink) throws IOException {
    long blockEnd = end;
    // The first block is smaller still, so the newest spans are parsed and shown while the JVM is
    // still cold.
    int blockSize = FIRST_CHUNK;
    while (blockEnd > 0) {
      int want = blockSize;
      blockSize = Math.min(CHUNK, blockSize * 2);
      while (true) {
        long blockStart = Math.max(0, blockEnd - want);
        int length = (int) (blockEnd - blockStart);
        byte[] block = new byte[length];
        ByteBuffer target = ByteBuffer.wrap(block);
        while (target.hasRemaining()) {
          if (file.channel().read(target, blockStart + target.position()) < 0) {
            throw new IOException(file.path() + " shrank while it was read");
          }
        }
        int skip = 0;
        if (blockStart > 0) {
          // The bytes before the first newline end a line that belongs to the previous block.
          int nl = indexOf(block, (byte) '\n');
          if (nl < 0) {
            if (want >= MAX_LINE) {
              throw new IOException("line longer than " + MAX_LINE + " bytes before offset " + blockEnd);
            }
            want *= 2;
            continue;
          }
          skip = nl + 1;
        }
        byte[] lines = skip == 0 ? block : java.util.Arrays.copyOfRange(block, skip, length);
        if (lines.length > 0) {
          sink.accept(lines, lines.length, blockStart + skip, file);
          bytesDelivered += lines.length;
        }
        blockEnd = blockStart + skip;
        break;
      }
    }
    return end;
  }

  private static int indexOf(byte[] buffer, byte b) {
    for (int i = 0; i < buffer.length; i++) {
      if (buffer[i] == b) {
        return i;
      }
    }
    return -1;
  }

  private long readNew(LineChunkSink sink) throws IOException {
    long before = position;
    position = drain(current, position, sink, false) + position;
    bytesDelivered += position - before;
    return position - before;
  }

  /**
   * Reads from {@code from} to the end of {@code file}, delivering whole lines.
   *
   * @param flushTail deliver a last line without newline too (the file will not grow any more)
   * @return bytes delivered
   */
  private static long drain(SourceFile file, long from, LineChunkSink sink, boolean flushTail)
      throws IOException {
    long offset = from;
    byte[] buffer = new byte[CHUNK];
    int filled = 0;
    while (true) {
      if (filled == buffer.length) {
        if (buffer.length >= MAX_LINE) {
          throw new IOException("line longer than " + MAX_LINE + " bytes at offset " + offset);
        }
        buffer = java.util.Arrays.copyOf(buffer, buffer.length * 2);
      }
      int n = file.channel().read(ByteBuffer.wrap(buffer, filled, buffer.length - filled), offset + filled);
      if (n <= 0) {
        break;
      }
      filled += n;
      int lastNewline = lastIndexOf(buffer, filled, (byte) '\n');
      if (lastNewline < 0) {
        continue;
      }
      int whole = lastNewline + 1;
      byte[] rest = new byte[Math.max(CHUNK, filled - whole)];
      System.arraycopy(buffer, whole, rest, 0, filled - whole);
      sink.accept(buffer, whole, offset, file);
      offset += whole;
      filled -= whole;
      buffer = rest;
    }
    if (flushTail && filled > 0) {
      sink.accept(buffer, filled, offset, file);
      offset += filled;
    }
    return offset - from;
  }

  private static int lastIndexOf(byte[] buffer, int length, byte b) {
    for (int i = length - 1; i >= 0; i--) {
      if (buffer[i] == b) {
        return i;
      }
    }
    return -1;
  }

  private Object fileKeyOrNull() throws IOException {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    } catch (NoSuchFileException gone) {
      return null;
    }
  }

  /** Rotated copies of the file next to it, oldest first. */
  List<Path> rotatedSiblings() throws IOException {
    Path dir = path.toAbsolutePath().getParent();
    String name = path.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    String ext = dot > 0 ? name.substring(dot) : "";
    List<Path> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      files.filter(Files::isRegularFile).forEach(p -> {
        String n = p.getFileName().toString();
        boolean numbered = n.startsWith(name + ".") && n.substring(name.length() + 1).matches("\\d+");
        boolean stamped = n.startsWith(stem + "-") && n.endsWith(ext) && !n.equals(name);
        if (numbered || stamped) {
          out.add(p);
        }
      });
    }
    out.sort(Comparator.comparingLong(JsonlFollower::modifiedMillis).thenComparing(
        Comparator.comparing((Path p) -> p.getFileName().toString()).reversed()));
    return out;
  }

  private static long modifiedMillis(Path p) {
    try {
      return Files.getLastModifiedTime(p).toMillis();
    } catch (IOException e) {
      return 0;
    }
  }
}
