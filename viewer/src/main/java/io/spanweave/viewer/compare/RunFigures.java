package io.spanweave.viewer.compare;

import io.spanweave.runfiles.internal.summary.CountingAttempts;
import io.spanweave.runfiles.internal.summary.RunKey;
import io.spanweave.runfiles.internal.summary.StepStats;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One run as a comparison reads it: per step, {@link StepFigures}. This is all a comparison holds
 * of a run, a few kilobytes per step and stage however many spans it has; the in-memory index
 * ({@code CompareQueries}) or the run's summaries ({@link #fromSummaries}) fill it.
 */
public final class RunFigures {
  private final String runId;
  private final String label;
  private final boolean knowsTimeouts;
  private final NavigableMap<Integer, StepFigures> steps = new TreeMap<>();

  /**
   * @param runId the run's id ("" for spans that name none)
   * @param label how to name the run to a reader: its id, or the path it was read from
   * @param knowsTimeouts whether samples that timed out are told from other failures
   */
  public RunFigures(String runId, String label, boolean knowsTimeouts) {
    this.runId = runId;
    this.label = label;
    this.knowsTimeouts = knowsTimeouts;
  }

  /**
   * The figures of run {@code runId} from the run summaries' per-step statistics (every service's
   * spans of that run; a span that names no run counts in its trace's there too). Summaries keep no
   * samples' spans: the stages' slowest samples are then unknown. Each step is its counting
   * attempt's ({@link CountingAttempts}), as a resumed run reads as one clean run.
   */
  public static RunFigures fromSummaries(
      String runId, String label, Map<RunKey, NavigableMap<Integer, StepStats>> summary) {
    RunFigures figures = new RunFigures(runId, label, true);
    CountingAttempts counting = new CountingAttempts(summary, null);
    summary.forEach(
        (key, bySteps) -> {
          if (!key.runId().equals(runId)) {
            return;
          }
          bySteps.forEach(
              (step, stats) -> {
                if (step == Integer.MIN_VALUE || !counting.shows(key, step)) {
                  return;
                }
                StepFigures f = figures.step(step);
                f.addSamples(stats.samples(), stats.errorSamples(), stats.timeoutSamples());
                stats.metrics().forEach((k, m) -> f.metric(k).merge(m));
                stats.stages().forEach((stage, s) -> f.stage(stage).merge(s));
                f.llm()
                    .merge(
                        stats.llmCalls(),
                        stats.llmErrors(),
                        stats.inputTokens(),
                        stats.outputTokens(),
                        stats.llmLatency(),
                        stats.llmTimeToFirstToken());
              });
        });
    return figures;
  }

  /** The figures of {@code step}, added if new. */
  public StepFigures step(int step) {
    return steps.computeIfAbsent(step, k -> new StepFigures(knowsTimeouts));
  }

  public NavigableMap<Integer, StepFigures> steps() {
    return steps;
  }

  public String runId() {
    return runId;
  }

  public String label() {
    return label;
  }
}
