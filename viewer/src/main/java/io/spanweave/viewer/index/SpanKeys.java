package io.spanweave.viewer.index;

/**
 * Finds a span row by its identity, (trace, span id): so that a span seen twice (an exporter's
 * retry, a file written twice, a rotated copy read again) is indexed once, and so that a span's
 * parent can be looked up. An open-addressing table of row numbers, a few bytes per span; the keys
 * themselves stay in the span table's columns.
 */
final class SpanKeys {
  /** A slot holds {@code tag << 32 | (row + 1)}; zero is an empty slot. */
  private static final long EMPTY = 0L;

  /** Where a row's key is read from: the index's own columns. */
  interface Rows {
    int traceOf(int row);

    long spanIdOf(int row);
  }

  private final Rows rows;

  /**
   * Each slot keeps the high half of its key's hash beside the row. Most lookups are for a span not
   * indexed yet (the duplicate check of every new span), and they probed rows whose columns lie
   * anywhere in a million-row table: a cache miss per probe, a third of the indexing thread's time
   * in a JFR recording. With the tag, a probe of another key is rejected within the slots.
   */
  private long[] slots = new long[1 << 12];

  private int size;

  SpanKeys(Rows rows) {
    this.rows = rows;
  }

  /** The row of the span, or -1. */
  int find(int trace, long spanId) {
    long h = hash(trace, spanId);
    int tag = (int) (h >>> 32);
    int mask = slots.length - 1;
    for (int at = (int) h & mask; ; at = (at + 1) & mask) {
      long slot = slots[at];
      if (slot == EMPTY) {
        return -1;
      }
      if ((int) (slot >>> 32) == tag) {
        int row = (int) slot - 1;
        if (rows.spanIdOf(row) == spanId && rows.traceOf(row) == trace) {
          return row;
        }
      }
    }
  }

  /**
   * Records that {@code row} holds (trace, span id); the caller checked with {@link #find} first.
   */
  void add(int trace, long spanId, int row) {
    if ((size + 1) * 2 > slots.length) {
      grow();
    }
    insert(slots, hash(trace, spanId), row);
    size++;
  }

  private void grow() {
    long[] bigger = new long[slots.length * 2];
    for (long slot : slots) {
      if (slot != EMPTY) {
        int row = (int) slot - 1;
        insert(bigger, hash(rows.traceOf(row), rows.spanIdOf(row)), row);
      }
    }
    slots = bigger;
  }

  private static void insert(long[] table, long h, int row) {
    int mask = table.length - 1;
    int at = (int) h & mask;
    while (table[at] != EMPTY) {
      at = (at + 1) & mask;
    }
    table[at] = (h & 0xFFFF_FFFF_0000_0000L) | ((row + 1) & 0xFFFF_FFFFL);
  }

  /**
   * Low bits pick the slot, high bits are the tag; SplitMix64's finalizer mixes all bits into both.
   */
  private static long hash(int trace, long spanId) {
    long z = spanId ^ (trace * 0x9E3779B97F4A7C15L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
