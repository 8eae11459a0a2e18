package io.spanweave.viewer.json;

import java.util.List;

/**
 * {@code /api/compare}: two runs side by side. Per step rows cover every step of either run; the
 * stage, error type and LLM figures cover the steps both runs have ({@code sharedSteps}), so runs
 * of different lengths compare like for like.
 *
 * @param metric the metric of the step rows ({@code reward} when there is one)
 * @param metrics every metric key of either run
 * @param stages the stages that changed most first: by how far the p50 ratio (b / a) is from 1,
 *     stages of one run only last
 * @param errorTypes error types of one run only first, then by how much their count changed
 */
public record CompareAnswer(
    Side a,
    Side b,
    List<Integer> sharedSteps,
    String metric,
    List<String> metrics,
    List<StepRow> steps,
    List<StageRow> stages,
    List<ErrorTypeRow> errorTypes,
    LlmRow llm) {

  /** One of the two runs. */
  public record Side(
      String runId,
      String label,
      int steps,
      Integer firstStep,
      Integer lastStep,
      long samples,
      long errorSamples) {}

  /** One run's step; null fields when the run's source does not know them. */
  public record StepFigures(
      long samples,
      long errorSamples,
      Long timeoutSamples,
      Double errorRate,
      Double timeoutRate,
      Double metricMean,
      long metricCount) {}

  /** A step of either run; {@code a} or {@code b} is null when that run has no such step. */
  public record StepRow(int step, StepFigures a, StepFigures b) {}

  /** One run's spans of a stage over the shared steps. */
  public record StageFigures(
      long count,
      long errors,
      Double errorRate,
      Double meanMs,
      Double p50Ms,
      Double p95Ms,
      Double maxMs) {}

  /**
   * A stage of either run over the shared steps.
   *
   * @param change {@code slower} or {@code faster} (p50 more than 5% apart), {@code same}, {@code
   *     only in a} or {@code only in b}
   * @param p50Ratio b's p50 over a's (2.0: twice as slow in b)
   * @param slowestA a's longest span of the stage that belongs to a sample
   */
  public record StageRow(
      String stage,
      String change,
      StageFigures a,
      StageFigures b,
      Double p50DiffMs,
      Double p50Ratio,
      Double p95DiffMs,
      Double p95Ratio,
      Double maxRatio,
      long errorsDiff,
      Slowest slowestA,
      Slowest slowestB) {}

  /**
   * A run's longest span of a stage that belongs to a sample, over the shared steps: the sample to
   * open first. Null when the run was read from summaries, which keep no samples' spans.
   */
  public record Slowest(String sample, String traceId, int step, double durationMs) {}

  /** An error type of failed spans over the shared steps; {@code onlyIn} is "a", "b" or null. */
  public record ErrorTypeRow(String type, long a, long b, long diff, String onlyIn) {}

  /** One run's LLM calls over the shared steps; latencies are null when no call carried one. */
  public record LlmFigures(
      long calls,
      long errors,
      long inputTokens,
      long outputTokens,
      Double latencyP50Ms,
      Double latencyP95Ms,
      long ttftCalls,
      Double ttftP50Ms,
      Double ttftP95Ms) {}

  /** Both runs' LLM calls, and b's latency and time to first token over a's. */
  public record LlmRow(LlmFigures a, LlmFigures b, Double latencyP50Ratio, Double ttftP50Ratio) {}
}
