package io.spanweave.viewer.query;

import io.spanweave.runfiles.internal.summary.MetricStats;
import io.spanweave.viewer.json.FacetsAnswer;
import io.spanweave.viewer.json.RunsAnswer;
import io.spanweave.viewer.json.StagesAnswer;
import io.spanweave.viewer.json.StepsAnswer;
import io.spanweave.viewer.json.TimelineAnswer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a {@link RunAggregate} into the JSON answers over steps: the step list, the step timeline,
 * the stage table, the run list and the filter menus. The only place those answers are built, so
 * they read the same whether the in-memory index or the summaries filled the aggregate.
 */
public final class AggregateAnswers {
  private static final int TOP_ERROR_TYPES = 3;

  private AggregateAnswers() {}

  /** Per step its traces, failed traces and samples; the latest step; traces of no step. */
  public static StepsAnswer steps(RunAggregate a) {
    List<StepsAnswer.Step> rows = new ArrayList<>();
    a.steps.forEach(
        (step, s) ->
            rows.add(
                new StepsAnswer.Step(step, (int) s.traces, (int) s.errorTraces, (int) s.samples)));
    return new StepsAnswer(
        rows, a.steps.isEmpty() ? null : a.steps.lastKey(), (int) a.noStepTraces);
  }

  /** Per step its traces, failed traces and the count, mean, minimum and maximum of the metric. */
  public static TimelineAnswer timeline(RunAggregate a) {
    List<TimelineAnswer.Point> points = new ArrayList<>();
    a.steps.forEach(
        (step, s) -> {
          MetricStats m = s.metric;
          boolean any = m.count() > 0;
          points.add(
              new TimelineAnswer.Point(
                  step,
                  (int) s.traces,
                  (int) s.errorTraces,
                  (int) m.count(),
                  any ? m.mean() : null,
                  any ? m.min() : null,
                  any ? m.max() : null));
        });
    return new TimelineAnswer(a.metric, new ArrayList<>(a.metricKeys), points);
  }

  /**
   * The stage table of {@code step} (a step number, "all", or null): the stages with spans, most
   * spans first, then the stages that only have spans in flight.
   */
  public static StagesAnswer stages(Object step, RunAggregate a) {
    Map<String, int[]> running = new HashMap<>(a.running);
    List<StagesAnswer.Stage> rows = new ArrayList<>();
    a.stages.forEach(
        (stage, figures) -> {
          int[] r = running.remove(stage);
          rows.add(stageRow(stage, figures, r == null ? 0 : r[0]));
        });
    running.forEach(
        (stage, r) ->
            rows.add(new StagesAnswer.Stage(stage, 0, r[0], null, null, null, null, 0, List.of())));
    rows.sort(
        Comparator.comparingInt((StagesAnswer.Stage m) -> -m.count())
            .thenComparing(StagesAnswer.Stage::stage));
    return new StagesAnswer(step, rows);
  }

  private static StagesAnswer.Stage stageRow(String stage, StageFigures f, int running) {
    List<StagesAnswer.ErrorTypeCount> top = new ArrayList<>();
    f.errorTypes().entrySet().stream()
        .sorted((x, y) -> Long.compare(y.getValue(), x.getValue()))
        .limit(TOP_ERROR_TYPES)
        .forEach(
            e -> top.add(new StagesAnswer.ErrorTypeCount(e.getKey(), (int) (long) e.getValue())));
    long count = f.count();
    return new StagesAnswer.Stage(
        stage,
        (int) count,
        running,
        Durations.millis(f.sumNanos() / Math.max(1, count)),
        Durations.millis(f.p50Nanos()),
        Durations.millis(f.p95Nanos()),
        Durations.millis(f.maxNanos()),
        (int) f.errors(),
        top);
  }

  /** Every run, newest first, with its counts, steps, time range and attempts. */
  public static RunsAnswer runs(RunAggregate a) {
    List<RunsAnswer.Run> runs = new ArrayList<>();
    a.runs.forEach(
        (runId, r) -> {
          boolean timed = r.start != Long.MAX_VALUE;
          runs.add(
              new RunsAnswer.Run(
                  runId,
                  List.copyOf(r.services),
                  (int) r.traces,
                  (int) r.spans,
                  (int) r.errorTraces,
                  (int) r.samples,
                  (int) r.errorSamples,
                  r.steps.size(),
                  r.steps.isEmpty() ? null : r.steps.first(),
                  r.steps.isEmpty() ? null : r.steps.last(),
                  timed ? Long.toString(r.start) : null,
                  timed ? Long.toString(r.end) : null,
                  timed ? Durations.millis(r.end - r.start) : 0,
                  a.attempts.rows(runId)));
        });
    runs.sort(
        Comparator.comparing(
                (RunsAnswer.Run r) ->
                    r.startUnixNano() == null ? 0L : Long.parseLong(r.startUnixNano()))
            .reversed()
            .thenComparing(RunsAnswer.Run::runId));
    return new RunsAnswer(runs);
  }

  /** The kinds of spans and the (service, run) pairs of the filter menus. */
  public static FacetsAnswer facets(RunAggregate a) {
    return new FacetsAnswer(new ArrayList<>(a.kinds), new ArrayList<>(a.facetRuns));
  }
}
