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
  private final int size;
  private final int kept;
  private final ArrayDeque<byte[]> free = new ArrayDeque<>();

  /**
   * @param size the length of the arrays made (a chunk longer than that gets one of its own length)
   * @param kept how many free arrays are kept at most
   */
  ChunkBuffers(int size, int kept) {
    this.size = size;
    this.kept = kept;
  }

  /** A free array of at least {@code minLength} bytes, or a new one. */
  byte[] take(int minLength) {
    synchronized (free) {
      byte[] b = free.pollFirst();
      if (b != null && b.length >= minLength) {
        return b;
      }
    }
    return new byte[Math.max(size, minLength)];
  }

  /** A chunk's array that nothing reads any more (its chunk is parsed). */
  void giveBack(byte[] buffer) {
    if (buffer.length != size) {
      return; // a chunk of a long line: not kept, arrays of that size are rare
    }
    synchronized (free) {
      if (free.size() < kept) {
        free.addFirst(buffer);
      }
    }
  }
}
