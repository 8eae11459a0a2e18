package io.spanweave.viewer.index;

import java.util.Arrays;

/** A growable {@code double[]} for metric values. */
final class DoubleColumn {
  private double[] values;
  private int size;

  DoubleColumn(int initialCapacity) {
    values = new double[Math.max(16, initialCapacity)];
  }

  void add(double value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length + (values.length >> 1) + 16);
    }
    values[size++] = value;
  }

  double get(int index) {
    return values[index];
  }

  void set(int index, double value) {
    values[index] = value;
  }

  int size() {
    return size;
  }
}
