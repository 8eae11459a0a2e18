package io.spanweave.viewer.query;

import java.util.Arrays;

/** Summary statistics of a set of durations, in milliseconds. */
final class Durations {
  private Durations() {}

  static double millis(long nanos) {
    return Math.round(nanos / 1000.0) / 1000.0;
  }

  /** Nearest-rank percentile of sorted values. */
  static long percentile(long[] sorted, int count, double p) {
    if (count == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(p / 100.0 * count);
    return sorted[Math.min(count - 1, Math.max(0, rank - 1))];
  }

  static long[] sortedCopy(long[] values, int count) {
    long[] copy = Arrays.copyOf(values, count);
    Arrays.sort(copy);
    return copy;
  }
}
