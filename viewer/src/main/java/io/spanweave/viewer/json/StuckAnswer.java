package io.spanweave.viewer.json;

import java.util.List;

/**
 * {@code /api/stuck}: the spans in flight per stage, and the oldest ones. Spans whose process
 * stopped without ending them (its attempt of the run ended: a newer attempt started, or it wrote
 * no live record for three heartbeat intervals) are not in flight: they are listed as {@code
 * abandoned}, oldest first.
 */
public record StuckAnswer(
    int inFlight,
    List<Stage> stages,
    List<InFlight> oldest,
    int abandoned,
    List<Abandoned> abandonedSpans) {
  public record Stage(
      String stage,
      int inFlight,
      double oldestAgeMs,
      String oldestSample,
      String oldestTraceId,
      String oldestSpanId,
      String oldestSpanName) {}

  public record InFlight(
      String stage,
      String name,
      String sample,
      String traceId,
      String spanId,
      Object pid,
      double ageMs) {}

  /** A span its process left open; {@code attempt} null when its record names none. */
  public record Abandoned(
      String stage,
      String name,
      String sample,
      String runId,
      Integer attempt,
      String traceId,
      String spanId,
      Object pid,
      String startUnixNano) {}
}
