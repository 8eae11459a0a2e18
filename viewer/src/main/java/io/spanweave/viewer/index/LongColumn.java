package io.spanweave.viewer.index;

import java.util.Arrays;

/** A growable {@code long[]}: timestamps, span ids and file offsets of the span table. */
final class LongColumn {
  private long[] values;
  private int size;

  LongColumn(int initialCapacity) {
    values = new long[Math.max(16, initialCapacity)];
  }

  void add(long value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length + (values.length >> 1) + 16);
    }
    values[size++] = value;
  }

  /**
   * Appends without a capacity check: the span table {@link #reserve reserves} room in all its
   * columns at once, so the indexing method, which appends to twenty columns, compiles to plain
   * stores instead of twenty inlined copies of the growing path.
   */
  void append(long value) {
    values[size++] = value;
  }

  void reserve(int capacity) {
    if (capacity > values.length) {
      values = Arrays.copyOf(values, capacity);
    }
  }

  long get(int index) {
    return values[index];
  }

  void set(int index, long value) {
    values[index] = value;
  }

  int size() {
    return size;
  }
}
