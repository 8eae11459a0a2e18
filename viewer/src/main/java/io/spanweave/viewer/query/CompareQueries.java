package io.spanweave.viewer.query;

import io.spanweave.runfiles.internal.summary.RunSummary;
import io.spanweave.viewer.compare.RunComparison;
import io.spanweave.viewer.compare.RunFigures;
import io.spanweave.viewer.compare.StepFigures;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.index.SpanStatus;
import io.spanweave.viewer.json.CompareAnswer;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * Two runs of the viewer's files side by side ({@code /api/compare}). Each run is first reduced to
 * its per-step and per-stage figures ({@link RunFigures}); the comparison works on those alone.
 * While the in-memory index holds every span read they come from it; once it holds only the newest
 * spans of a long run they come from the run summaries, which cover every step with the same
 * figures (all but the stages' slowest samples).
 */
public final class CompareQueries {
  private final SpanIndex index;
  private final BooleanSupplier indexIsPartial;
  private final RunSummary summary;
  private final QueryCache cache = new QueryCache();

  /**
   * @param indexIsPartial whether the index holds only some of the spans read
   * @param summary the summaries of every span read, or null
   */
  public CompareQueries(SpanIndex index, BooleanSupplier indexIsPartial, RunSummary summary) {
    this.index = index;
    this.indexIsPartial = indexIsPartial;
    this.summary = summary;
  }

  /**
   * Runs {@code a} and {@code b} (run ids; the service filter of {@code service}) side by side.
   *
   * @throws NotFoundException when a run has no spans
   */
  public CompareAnswer compare(String service, String a, String b, String metric) {
    boolean partial = indexIsPartial.getAsBoolean() && summary != null;
    long version = partial ? summary.version() : index.version();
    String key = "compare|" + partial + "|" + service + "|" + a + "|" + b + "|" + metric;
    return cache.get(
        key,
        version,
        0,
        () -> {
          RunFigures fa = figures(service, a, partial);
          RunFigures fb = figures(service, b, partial);
          try {
            return RunComparison.compare(fa, fb, metric);
          } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
          }
        });
  }

  private RunFigures figures(String service, String runId, boolean partial) {
    RunFigures figures =
        partial
            ? summary.read(view -> RunFigures.fromSummaries(runId, runId, view.steps()))
            : of(index, new RunFilter(service, runId), runId, runId);
    if (figures.steps().isEmpty()) {
      throw new NotFoundException("no steps of run '" + runId + "'");
    }
    return figures;
  }

  /**
   * The figures of the run {@code runs} shows in {@code index}: per step its samples (failed, timed
   * out), metrics, per stage the spans of its traces (a worker's included), and its LLM calls.
   * Spans and samples without a step are left out: steps are what runs are aligned by.
   */
  public static RunFigures of(SpanIndex index, RunFilter runs, String runId, String label) {
    return index.read(
        () -> {
          ShownRuns shown = runs.shown(index);
          RunFigures figures = new RunFigures(runId, label, true);
          for (int smp = 0; smp < index.sampleCount(); smp++) {
            int step = index.sampleStep(smp);
            if (step == SpanIndex.NO_STEP || !shown.sample(smp)) {
              continue;
            }
            String status = index.sampleRolloutStatus(smp);
            boolean failed = index.sampleErrors(smp) > 0 || SpanStatus.isFailureWord(status);
            figures
                .step(step)
                .addSample(failed, failed && timedOut(status, index.sampleErrorType(smp)));
          }
          for (int i = 0, n = index.spanCount(); i < n; i++) {
            int step = index.effectiveStep(i);
            if (step == SpanIndex.NO_STEP || !shown.span(i)) {
              continue;
            }
            int errorType = index.errorType(i);
            String stage = index.strings().get(index.stage(i));
            StepFigures f = figures.step(step);
            f.stage(stage)
                .add(
                    index.durationNanos(i),
                    index.isError(i),
                    errorType < 0 ? null : index.strings().get(errorType));
            int smp = index.sampleOf(i);
            if (smp >= 0) {
              f.noteSampleSpan(
                  stage,
                  index.durationNanos(i),
                  index.sampleKey(smp),
                  index.traceHex(index.traceOf(i)));
            }
          }
          for (int m = 0, n = index.metricCount(); m < n; m++) {
            int span = index.metricSpan(m);
            int step = index.effectiveStep(span);
            if (step != SpanIndex.NO_STEP && shown.span(span)) {
              figures
                  .step(step)
                  .metric(index.strings().get(index.metricKey(m)))
                  .add(index.metricValue(m));
            }
          }
          for (int k = 0, n = index.llmCallCount(); k < n; k++) {
            int span = index.llmCallSpan(k);
            int step = index.effectiveStep(span);
            if (step != SpanIndex.NO_STEP && shown.span(span)) {
              figures
                  .step(step)
                  .llm()
                  .add(
                      index.durationNanos(span),
                      index.isError(span),
                      index.llmCallInputTokens(k),
                      index.llmCallOutputTokens(k),
                      index.llmCallTimeToFirstTokenNanos(k));
            }
          }
          return figures;
        });
  }

  /** A failed sample timed out when its status says so or its error type names a timeout. */
  static boolean timedOut(String status, String errorType) {
    String s = status == null ? "" : status.toLowerCase(Locale.ROOT);
    return s.equals("timeout")
        || s.equals("timed_out")
        || (errorType != null && errorType.toLowerCase(Locale.ROOT).contains("timeout"));
  }
}
