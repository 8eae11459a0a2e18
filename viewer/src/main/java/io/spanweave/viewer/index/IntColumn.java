package io.spanweave.viewer.index;

import java.util.Arrays;

/**
 * A growable {@code int[]}: one column of the span table, so a million spans cost a few MB, not a
 * million objects.
 */
final class IntColumn {
  private int[] values;
  private int size;

  IntColumn(int initialCapacity) {
    values = new int[Math.max(16, initialCapacity)];
  }

  void add(int value) {
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
  void append(int value) {
    values[size++] = value;
  }

  void reserve(int capacity) {
    if (capacity > values.length) {
      values = Arrays.copyOf(values, capacity);
    }
  }

  int get(int index) {
    return values[index];
  }

  void set(int index, int value) {
    values[index] = value;
  }

  int size() {
    return size;
  }

  int[] toArray() {
    return Arrays.copyOf(values, size);
  }
}
