package io.spanweave.viewer.json;

import java.util.List;

/** {@code /api/timeline}: per step, trace counts and one metric's statistics. */
public record TimelineAnswer(String metric, List<String> metrics, List<Point> points) {
  public record Point(
      int step,
      int traces,
      int errorTraces,
      int metricCount,
      Double metricMean,
      Double metricMin,
      Double metricMax) {}
}
