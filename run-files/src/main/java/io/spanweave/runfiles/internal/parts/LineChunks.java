package io.spanweave.runfiles.internal.parts;

import io.spanweave.runfiles.spi.DamagedPartException;
import io.spanweave.runfiles.spi.PartInput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;

/**
 * Cuts a part's bytes into chunks of whole lines: forward from an offset, newest block first (a
 * plain file, for the latest step early), or decompressed forward. One cutter for the viewer's
 * first pass and the runtime's summaries of the parts it closes: a span takes its step, run and
 * sample from the spans of its chunk, so both must cut a part at the same places for their
 * summaries to be the same ({@link io.spanweave.runfiles.internal.facts.PartSummariser}).
 */
public final class LineChunks {
  /**
   * Receives a chunk of whole lines: {@code data[0, length)}, starting at {@code offset} of the
   * part.
   */
  @FunctionalInterface
  public interface Sink {
    void accept(byte[] data, int length, long offset);

    /**
     * An array of at least {@code minLength} bytes that {@link #newestFirst} reads the next chunk
     * into and then hands to {@link #accept}: a new one by default. A sink that is done with the
     * chunks it was given (parsed, not kept) can hand them out again: a 10M-span file is 8 GB of
     * chunks, and allocating each anew was most of what its first pass allocated.
     */
    default byte[] buffer(int minLength) {
      return new byte[minLength];
    }
  }

  /**
   * Bytes read and parsed as one piece. Below half of G1's smallest region (1 MB): a larger array
   * is "humongous", allocated straight into the old generation, and with the index filling half of
   * a small heap every such allocation starts a concurrent collection cycle. With 8 MB chunks a
   * 1.26 GB file under -Xmx512m spent more time collecting than parsing.
   */
  public static final int CHUNK = 384 << 10;

  public static final int FIRST_CHUNK = 128 << 10;
  public static final int MAX_LINE = 512 << 20;

  private LineChunks() {}

  /** Offset just after the last newline of the plain file as it is now. */
  public static long endOfLastLine(FileChannel channel) throws IOException {
    long size = channel.size();
    byte[] tail = new byte[64 * 1024];
    for (long end = size; end > 0; ) {
      long start = Math.max(0, end - tail.length);
      int n = (int) (end - start);
      channel.read(ByteBuffer.wrap(tail, 0, n), start);
      int nl = lastIndexOf(tail, n, (byte) '\n');
      if (nl >= 0) {
        return start + nl + 1;
      }
      end = start;
    }
    return 0;
  }

  /**
   * Delivers the lines of a plain file in {@code [from, end)} in blocks from the end to the start;
   * each block starts at a line start and holds whole lines, in file order within the block. {@code
   * from} must be a line start.
   *
   * @return bytes delivered
   */
  public static long newestFirst(FileChannel channel, String name, long from, long end, Sink sink)
      throws IOException {
    long blockEnd = end;
    long delivered = 0;
    byte[] probe = new byte[PROBE];
    // The first block is smaller still, so the newest spans are parsed and shown while the JVM is
    // still cold.
    int blockSize = FIRST_CHUNK;
    while (blockEnd > from) {
      int want = blockSize;
      blockSize = Math.max(blockSize, Math.min(CHUNK, blockSize * 2));
      while (true) {
        long blockStart = Math.max(from, blockEnd - want);
        long linesStart = blockStart;
        if (blockStart > from) {
          // The bytes before the first newline end a line that belongs to the previous block. The
          // block's last byte ends the line before blockEnd: a line longer than the block has no
          // other newline in it, and the block must grow.
          long nl = firstNewline(channel, name, blockStart, blockEnd - 1, probe);
          if (nl < 0) {
            if (want >= MAX_LINE) {
              throw new IOException(
                  "line longer than " + MAX_LINE + " bytes before offset " + blockEnd);
            }
            want *= 2;
            // The lines are that long: the next blocks start that big, not read twice each.
            blockSize = Math.max(blockSize, want);
            continue;
          }
          linesStart = nl + 1;
        }
        int length = (int) (blockEnd - linesStart);
        if (length > 0) {
          // Only the whole lines are read into the chunk (no copy of them, no array a block):
          // where they start was found by reading the block's first bytes.
          byte[] lines = sink.buffer(length);
          readFully(channel, name, lines, length, linesStart);
          sink.accept(lines, length, linesStart);
          delivered += length;
        }
        blockEnd = linesStart;
        break;
      }
    }
    return delivered;
  }

  /** Bytes read at a time while looking for the first newline of a block. */
  private static final int PROBE = 16 << 10;

  /** The offset of the first newline in {@code [from, to)} of the file, or -1. */
  private static long firstNewline(
      FileChannel channel, String name, long from, long to, byte[] probe) throws IOException {
    for (long at = from; at < to; at += probe.length) {
      int n = (int) Math.min(probe.length, to - at);
      readFully(channel, name, probe, n, at);
      int nl = firstNewline(probe, 0, n);
      if (nl >= 0) {
        return at + nl;
      }
    }
    return -1;
  }

  private static void readFully(FileChannel channel, String name, byte[] into, int n, long at)
      throws IOException {
    ByteBuffer target = ByteBuffer.wrap(into, 0, n);
    while (target.hasRemaining()) {
      if (channel.read(target, at + target.position()) < 0) {
        throw new IOException(name + " shrank while it was read");
      }
    }
  }

  /**
   * Reads a plain file from {@code from} to its end (or to {@code until}), delivering whole lines.
   *
   * @param flushTail deliver a last line without newline too (the file will not grow any more)
   * @return bytes delivered
   */
  public static long forward(
      FileChannel channel, long from, long until, Sink sink, boolean flushTail) throws IOException {
    Lines lines = new Lines(sink, from);
    while (true) {
      lines.makeRoom();
      int room = (int) Math.min(lines.room(), until - lines.end());
      if (room <= 0) {
        break;
      }
      int n = channel.read(ByteBuffer.wrap(lines.buffer, lines.filled, room), lines.end());
      if (n <= 0) {
        break;
      }
      lines.added(n);
    }
    lines.deliverWhole();
    if (flushTail) {
      lines.deliverAll();
    }
    return lines.offset - from;
  }

  /**
   * Decompresses forward from where {@code in} stands to {@code until} (or the end), delivering
   * whole lines; {@code until} must be a line end. A last line without newline is delivered at the
   * end of the part. When the part turns out damaged, the whole lines before the damage are
   * delivered, then the exception thrown.
   *
   * @return decompressed bytes delivered
   */
  public static long decompressed(PartInput in, long until, Sink sink) throws IOException {
    long from = in.position();
    Lines lines = new Lines(sink, from);
    boolean atEnd = false;
    try {
      while (lines.end() < until) {
        lines.makeRoom();
        int n =
            in.read(lines.buffer, lines.filled, (int) Math.min(lines.room(), until - lines.end()));
        if (n < 0) {
          atEnd = true;
          break;
        }
        lines.added(n);
      }
    } catch (DamagedPartException damaged) {
      lines.deliverWhole();
      throw new DamagedPartException(damaged.getMessage(), lines.offset, damaged.storedOffset());
    }
    // At the end of the part, or at {@code until} (a line end), the last line is whole too.
    if (atEnd || lines.end() >= until) {
      lines.deliverAll();
    } else {
      lines.deliverWhole();
    }
    return lines.offset - from;
  }

  /**
   * Bytes read but not yet handed to the sink. Whole lines go to the sink when the buffer is full;
   * a line longer than the buffer grows it (up to {@link #MAX_LINE}).
   */
  private static final class Lines {
    private final Sink sink;
    byte[] buffer = new byte[CHUNK];
    int filled;

    /**
     * The last newline in buffer[0, filled), or -1: each byte is looked at once, however long its
     * line.
     */
    private int lastNewline = -1;

    /** The offset in the part of buffer[0]: what was delivered ends there. */
    long offset;

    Lines(Sink sink, long offset) {
      this.sink = sink;
      this.offset = offset;
    }

    long end() {
      return offset + filled;
    }

    int room() {
      return buffer.length - filled;
    }

    /**
     * Leaves room to read into: delivers the whole lines of a full buffer, or grows it for a long
     * line. The buffer after a delivery is as large as the one delivered, up to 1 MB: the runtime's
     * lines (512 spans, about 420 KB) are longer than {@link #CHUNK}, and going back to it made
     * every buffer grow again (a copy each time: five bytes allocated per byte read of a 10M-span
     * run). It grows by a quarter while below 1 MB, so that a buffer that holds such a line stays
     * below G1's humongous size (half of a 1 MB region; see {@link #CHUNK}). A buffer grown larger
     * for one very long line is not kept: up to eight chunks are in flight.
     */
    void makeRoom() throws IOException {
      while (filled == buffer.length) {
        if (lastNewline >= 0) {
          deliverWhole(buffer.length <= KEPT_CAPACITY ? buffer.length : CHUNK);
        } else if (buffer.length >= MAX_LINE) {
          throw new IOException("line longer than " + MAX_LINE + " bytes at offset " + offset);
        } else {
          buffer = Arrays.copyOf(buffer, grown(buffer.length));
        }
      }
    }

    private static final int KEPT_CAPACITY = 1 << 20;

    static int grown(int length) {
      return (int) Math.min(MAX_LINE, length < KEPT_CAPACITY ? length + length / 4 : 2L * length);
    }

    /** {@code n} bytes were read into the buffer after the ones it held. */
    void added(int n) {
      int nl = lastNewline(buffer, filled, filled + n);
      filled += n;
      if (nl >= 0) {
        lastNewline = nl;
      }
    }

    /**
     * Delivers the whole lines held, keeping an unfinished last line; the last call on these lines.
     */
    void deliverWhole() {
      deliverWhole(0);
    }

    /**
     * Delivers the whole lines held (the sink owns the buffer then), keeping the rest in a buffer
     * of at least {@code capacity}.
     */
    private void deliverWhole(int capacity) {
      if (lastNewline >= 0) {
        int whole = lastNewline + 1;
        byte[] rest = Arrays.copyOfRange(buffer, whole, whole + Math.max(capacity, filled - whole));
        sink.accept(buffer, whole, offset);
        buffer = rest;
        offset += whole;
        filled -= whole;
        lastNewline = -1;
      }
    }

    /** Delivers everything held, an unfinished last line too. */
    void deliverAll() {
      if (filled > 0) {
        sink.accept(buffer, filled, offset);
        offset += filled;
        filled = 0;
      }
    }
  }

  public static int indexOf(byte[] buffer, int length, byte b) {
    for (int i = 0; i < length; i++) {
      if (buffer[i] == b) {
        return i;
      }
    }
    return -1;
  }

  public static int lastIndexOf(byte[] buffer, int length, byte b) {
    return lastIndexOf(buffer, 0, length, b);
  }

  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
  private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;

  /**
   * The last newline in {@code buffer[from, to)}, or -1. Eight bytes at a time (a word with a
   * newline byte has a zero byte once XORed with newlines): lines of the runtime's batches are
   * hundreds of kilobytes, and this looks at every byte of a part once.
   */
  public static int lastNewline(byte[] buffer, int from, int to) {
    int i = to;
    while (i - 8 >= from) {
      long word = (long) LONGS.get(buffer, i - 8) ^ NEWLINES;
      long zeros = (word - 0x0101010101010101L) & ~word & 0x8080808080808080L;
      if (zeros != 0) {
        break; // this word holds a newline: find the last one byte by byte
      }
      i -= 8;
    }
    return lastIndexOf(buffer, from, i, (byte) '\n');
  }

  /**
   * The first newline in {@code buffer[from, to)}, or -1; eight bytes at a time, as {@link
   * #lastNewline}.
   */
  public static int firstNewline(byte[] buffer, int from, int to) {
    int i = from;
    while (i + 8 <= to) {
      long word = (long) LONGS.get(buffer, i) ^ NEWLINES;
      long zeros = (word - 0x0101010101010101L) & ~word & 0x8080808080808080L;
      if (zeros != 0) {
        return i + (Long.numberOfTrailingZeros(zeros) >>> 3);
      }
      i += 8;
    }
    for (; i < to; i++) {
      if (buffer[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  /** The last index of {@code b} in {@code buffer[from, to)}, or -1. */
  public static int lastIndexOf(byte[] buffer, int from, int to, byte b) {
    for (int i = to - 1; i >= from; i--) {
      if (buffer[i] == b) {
        return i;
      }
    }
    return -1;
  }
}
