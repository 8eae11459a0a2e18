package io.spanweave.viewer.json;

import java.util.List;

/** {@code /api/stuck}: the spans in flight per stage, and the oldest ones. */
public record StuckAnswer(int inFlight, List<Stage> stages, List<InFlight> oldest) {
  public record Stage(String stage, int inFlight, double oldestAgeMs, String oldestSample, String oldestTraceId,
      String oldestSpanId, String oldestSpanName) {}

  public record InFlight(String stage, String name, String sample, String traceId, String spanId, Object pid,
      double ageMs) {}
}
