package io.spanweave.viewer.index;

/** The metrics spans carry, one row per (span, key, value); sparse, as most spans carry none. */
final class MetricTable {
  final IntColumn span = new IntColumn(1024);
  final IntColumn key = new IntColumn(1024);
  final DoubleColumn value = new DoubleColumn(1024);

  void add(int spanRow, int keyString, double metricValue) {
    span.add(spanRow);
    key.add(keyString);
    value.add(metricValue);
  }

  int count() {
    return span.size();
  }
}
