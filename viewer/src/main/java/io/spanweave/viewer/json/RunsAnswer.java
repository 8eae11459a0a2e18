package io.spanweave.viewer.json;

import java.util.List;

/** {@code /api/runs}: every run in the file, newest first. */
public record RunsAnswer(List<Run> runs) {
  /**
   * One run: what it holds and when it ran. Its page is the rollout view with {@code run=<runId>}.
   * A run resumed from a checkpoint counts each step once, as its latest attempt recorded it; the
   * spans and samples of steps an earlier attempt recorded too are in {@code attempts}.
   *
   * @param runId "" for spans that name no run
   * @param errorSamples samples with a failed span or a failed status
   * @param attempts the processes that recorded into the run, in start order (one for a run never
   *     restarted)
   */
  public record Run(
      String runId,
      List<String> services,
      int traces,
      int spans,
      int errorTraces,
      int samples,
      int errorSamples,
      int steps,
      Integer firstStep,
      Integer lastStep,
      String startUnixNano,
      String endUnixNano,
      double durationMs,
      List<Attempt> attempts) {}

  /**
   * One attempt of a run: a driver process (with its workers) that recorded into it.
   *
   * @param state {@code closed} (its driver closed the runtime), {@code died} (it stopped without
   *     closing: a newer attempt started, or it wrote nothing for three heartbeat intervals),
   *     {@code running}, or null when the run folder holds no record of it (an external collector's
   *     file)
   * @param resumedFrom the step it resumed from: as the trainer recorded it, else its first step
   *     (null for a run's first attempt that recorded none)
   * @param redoneSteps steps it recorded that a later attempt recorded again (they count as the
   *     later one's)
   */
  public record Attempt(
      int attempt,
      String state,
      String startUnixNano,
      String endUnixNano,
      Integer firstStep,
      Integer lastStep,
      Long resumedFrom,
      List<Integer> redoneSteps,
      long spans,
      long samples,
      Long pid,
      String host) {}
}
