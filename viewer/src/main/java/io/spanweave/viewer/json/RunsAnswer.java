package io.spanweave.viewer.json;

import java.util.List;

/** {@code /api/runs}: every run in the file, newest first. */
public record RunsAnswer(List<Run> runs) {
  /**
   * One run: what it holds and when it ran. Its page is the rollout view with {@code run=<runId>}.
   *
   * @param runId "" for spans that name no run
   * @param errorSamples samples with a failed span or a failed status
   */
  public record Run(String runId, List<String> services, int traces, int spans, int errorTraces, int samples,
      int errorSamples, int steps, Integer firstStep, Integer lastStep, String startUnixNano, String endUnixNano,
      double durationMs) {}
}
