package io.spanweave.viewer.ingest;

import java.util.ArrayDeque;

/**
 * The arrays a plain file's chunks are read into, handed out again once a chunk is parsed: the
 * first pass over a 10M-span file read 8 GB of chunks, and a new array for each (with a copy of it
 * cut at its first line) was nearly all it allocated, so the collector ran for the reader more than
 * for the index. Chunks in flight are bounded ({@link TraceIngest}), and so are the arrays kept.
 * Thread-safe: the ingest thread takes, the parse threads give back.
 */
final class ChunkBuffers {
  /**
   * Arrays longer than this are not kept: the blocks a file is read in grow to hold its longest
   * line, and the runtime's lines (a batch of 512 spans, about 420 KB) make blocks of 768 KB.
   */
  static final int MAX_KEPT = 2 << 20;

  private final int kept;
  private final ArrayDeque<byte[]> free = new ArrayDeque<>();

  /**
   * The length of the arrays made: the longest chunk asked for so far (up to {@link #MAX_KEPT}).
   */
  private int size;

  /**
   * @param size the length of the arrays made until a longer chunk is asked for
   * @param kept how many free arrays are kept at most
   */
  ChunkBuffers(int size, int kept) {
    this.size = size;
    this.kept = kept;
  }

  /** A free array of at least {@code minLength} bytes, or a new one. */
  byte[] take(int minLength) {
    int length;
    synchronized (free) {
      if (minLength > size && minLength <= MAX_KEPT) {
        size = minLength; // longer lines: the arrays kept from now on are this long
      }
      byte[] b = free.pollFirst();
      if (b != null && b.length >= minLength) {
        return b;
      }
      length = Math.max(size, minLength);
    }
    return new byte[length];
  }

  /** A chunk's array that nothing reads any more (its chunk is parsed). */
  void giveBack(byte[] buffer) {
    synchronized (free) {
      if (buffer.length >= size && buffer.length <= MAX_KEPT && free.size() < kept) {
        free.addFirst(buffer);
      }
    }
  }
}
