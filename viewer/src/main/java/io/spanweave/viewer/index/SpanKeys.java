package io.spanweave.viewer.index;

import java.util.Arrays;

/**
 * Finds a span row by its identity, (trace, span id): so that a span seen twice (an exporter's
 * retry, a file written twice, a rotated copy read again) is indexed once, and so that a span's
 * parent can be looked up. An open-addressing table of row numbers, a few bytes per span; the
 * keys themselves stay in the span table's columns.
 */
final class SpanKeys {
  private static final int EMPTY = -1;

  /** Where a row's key is read from: the index's own columns. */
  interface Rows {
    int traceOf(int row);

    long spanIdOf(int row);
  }

  private final Rows rows;
  private int[] slots = filled(1 << 12);
  private int size;

  SpanKeys(Rows rows) {
    this.rows = rows;
  }

  /** The row of the span, or -1. */
  int find(int trace, long spanId) {
    int mask = slots.length - 1;
    for (int at = slot(trace, spanId, mask); ; at = (at + 1) & mask) {
      int row = slots[at];
      if (row == EMPTY) {
        return -1;
      }
      if (rows.spanIdOf(row) == spanId && rows.traceOf(row) == trace) {
        return row;
      }
    }
  }

  /** Records that {@code row} holds (trace, span id); the caller checked with {@link #find} first. */
  void add(int trace, long spanId, int row) {
    if ((size + 1) * 2 > slots.length) {
      grow();
    }
    insert(slots, trace, spanId, row);
    size++;
  }

  private void grow() {
    int[] bigger = filled(slots.length * 2);
    for (int row : slots) {
      if (row != EMPTY) {
        insert(bigger, rows.traceOf(row), rows.spanIdOf(row), row);
      }
    }
    slots = bigger;
  }

  private static void insert(int[] table, int trace, long spanId, int row) {
    int mask = table.length - 1;
    int at = slot(trace, spanId, mask);
    while (table[at] != EMPTY) {
      at = (at + 1) & mask;
    }
    table[at] = row;
  }

  private static int slot(int trace, long spanId, int mask) {
    long h = (spanId ^ (trace * 0x9E3779B97F4A7C15L)) * 0xBF58476D1CE4E5B9L;
    return (int) (h ^ (h >>> 31)) & mask;
  }

  private static int[] filled(int length) {
    int[] table = new int[length];
    Arrays.fill(table, EMPTY);
    return table;
  }
}
