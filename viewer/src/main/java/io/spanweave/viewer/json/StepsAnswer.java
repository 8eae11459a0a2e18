package io.spanweave.viewer.json;

import java.util.List;

/** {@code /api/steps}: every step with its counts, and the latest one. */
public record StepsAnswer(List<Step> steps, Integer latest, int tracesWithoutStep) {
  public record Step(int step, int traces, int errorTraces, int samples) {}
}
