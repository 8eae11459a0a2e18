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
