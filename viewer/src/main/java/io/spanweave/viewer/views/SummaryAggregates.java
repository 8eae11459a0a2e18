package io.spanweave.viewer.views;

import io.spanweave.runfiles.internal.summary.CountingAttempts;
import io.spanweave.runfiles.internal.summary.MetricStats;
import io.spanweave.runfiles.internal.summary.RunKey;
import io.spanweave.runfiles.internal.summary.RunSummary;
import io.spanweave.runfiles.internal.summary.StageStats;
import io.spanweave.runfiles.internal.summary.StepStats;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.ingest.LiveSpan;
import io.spanweave.viewer.ingest.LiveSpans;
import io.spanweave.viewer.json.FacetsAnswer;
import io.spanweave.viewer.query.AggregateSource;
import io.spanweave.viewer.query.RunAggregate;
import io.spanweave.viewer.query.RunFilter;
import io.spanweave.viewer.query.StageFigures;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Fills {@link RunAggregate}s from the run's summaries instead of its spans, for the answers over
 * every step once the run outgrew memory. Each costs a pass over a few thousand summarised steps,
 * however many spans the run has. Stage percentiles come from the summaries' sketches (within 1% of
 * a real duration); counts, means, maxima and error counts are exact. Each step is its counting
 * attempt's ({@link CountingAttempts}), as a resumed run reads as one clean run.
 */
final class SummaryAggregates implements AggregateSource {
  private final RunSummary summary;
  private final LiveSpans live;

  SummaryAggregates(RunSummary summary, LiveSpans live) {
    this.summary = summary;
    this.live = live;
  }

  @Override
  public long version() {
    return summary.version();
  }

  @Override
  public long liveVersion() {
    return live.version();
  }

  static boolean allowed(RunFilter runs, RunKey key) {
    return (runs.service() == null || runs.service().equals(key.service()))
        && (runs.runId() == null || runs.runId().equals(key.runId()));
  }

  /** The highest step of the runs shown, or {@code SpanIndex.NO_STEP}. */
  int latestStep(RunFilter runs) {
    return summary.read(
        v -> {
          int latest = SpanIndex.NO_STEP;
          CountingAttempts counting = new CountingAttempts(v.steps(), runs.attempt());
          for (Map.Entry<RunKey, NavigableMap<Integer, StepStats>> e : v.steps().entrySet()) {
            if (allowed(runs, e.getKey())
                && !e.getValue().isEmpty()
                && counting.shows(e.getKey(), e.getValue().lastKey())) {
              latest = Math.max(latest, e.getValue().lastKey());
            }
          }
          return latest;
        });
  }

  /** Calls {@code cell} with every step of the runs shown, as its counting attempt recorded it. */
  private void eachShownStep(
      Map<RunKey, NavigableMap<Integer, StepStats>> steps, RunFilter runs, StepCell cell) {
    CountingAttempts counting = new CountingAttempts(steps, runs.attempt());
    for (Map.Entry<RunKey, NavigableMap<Integer, StepStats>> e : steps.entrySet()) {
      if (!allowed(runs, e.getKey())) {
        continue;
      }
      for (Map.Entry<Integer, StepStats> step : e.getValue().entrySet()) {
        if (counting.shows(e.getKey(), step.getKey())) {
          cell.accept(step.getKey(), step.getValue());
        }
      }
    }
  }

  /** One summarised step of one run. */
  private interface StepCell {
    void accept(int step, StepStats stats);
  }

  @Override
  public RunAggregate steps(RunFilter runs) {
    return summary.read(
        v -> {
          RunAggregate a = new RunAggregate();
          eachShownStep(
              v.steps(),
              runs,
              (step, s) -> {
                if (step == SpanIndex.NO_STEP) {
                  a.addNoStepTraces(s.traces());
                  return;
                }
                RunAggregate.Step figures = a.step(step);
                figures.addTraces(s.traces(), s.errorTraces());
                figures.addSamples(s.samples());
              });
          return a;
        });
  }

  @Override
  public RunAggregate timeline(RunFilter runs, String metric) {
    return summary.read(
        v -> {
          RunAggregate a = new RunAggregate();
          for (NavigableMap<Integer, StepStats> steps : v.steps().values()) {
            for (StepStats s : steps.values()) {
              s.metrics().keySet().forEach(a::addMetricKey);
            }
          }
          String chosen = a.chooseMetric(metric);
          eachShownStep(
              v.steps(),
              runs,
              (step, s) -> {
                if (step == SpanIndex.NO_STEP) {
                  return;
                }
                RunAggregate.Step figures = a.step(step);
                figures.addTraces(s.traces(), s.errorTraces());
                MetricStats m = chosen == null ? null : s.metrics().get(chosen);
                if (m != null) {
                  figures.metric().merge(m);
                }
              });
          return a;
        });
  }

  @Override
  public RunAggregate stagesOfAllSteps(RunFilter runs) {
    Map<String, StageStats> byStage =
        summary.read(
            v -> {
              Map<String, StageStats> out = new TreeMap<>();
              eachShownStep(
                  v.steps(),
                  runs,
                  (step, s) ->
                      s.stages()
                          .forEach(
                              (stage, stats) ->
                                  out.computeIfAbsent(stage, k -> new StageStats()).merge(stats)));
              return out;
            });
    RunAggregate a = new RunAggregate();
    byStage.forEach((stage, stats) -> a.stage(stage, StageFigures.of(stats)));
    for (LiveSpan s : live.snapshot()) {
      if (runs.matches(s.service(), s.runId())) {
        a.addRunning(s.stage());
      }
    }
    return a;
  }

  @Override
  public RunAggregate runs() {
    return summary.read(
        v -> {
          RunAggregate a = new RunAggregate();
          CountingAttempts counting = new CountingAttempts(v.steps(), null);
          for (Map.Entry<RunKey, NavigableMap<Integer, StepStats>> e : v.steps().entrySet()) {
            RunKey key = e.getKey();
            RunAggregate.Run run = a.run(key.runId());
            if (!key.service().isEmpty()) {
              run.addService(key.service());
            }
            for (Map.Entry<Integer, StepStats> step : e.getValue().entrySet()) {
              StepStats s = step.getValue();
              boolean noStep = step.getKey() == SpanIndex.NO_STEP;
              a.attempts()
                  .addSpans(
                      key.runId(),
                      key.attempt(),
                      step.getKey(),
                      noStep,
                      s.spans(),
                      s.startUnixNano(),
                      s.endUnixNano());
              a.attempts().addSamples(key.runId(), key.attempt(), s.samples());
              if (!noStep) {
                run.addStep(step.getKey());
              }
              run.during(s.startUnixNano(), s.endUnixNano());
              if (counting.shows(key, step.getKey())) {
                run.addTraces(s.traces(), s.spans(), s.errorTraces());
                run.addSamples(s.samples(), s.errorSamples());
              }
            }
          }
          return a;
        });
  }

  /** The kinds seen, by name, and every (service, run) pair, by service and run. */
  @Override
  public RunAggregate facets() {
    return summary.read(
        v -> {
          RunAggregate a = new RunAggregate();
          v.kinds().forEach(a::addKind);
          List<FacetsAnswer.Run> runs = new ArrayList<>();
          for (RunKey key : v.steps().keySet()) {
            runs.add(new FacetsAnswer.Run(key.service(), key.runId()));
          }
          runs.sort(
              Comparator.comparing(FacetsAnswer.Run::service)
                  .thenComparing(FacetsAnswer.Run::runId));
          runs.forEach(r -> a.addFacetRun(r.service(), r.runId()));
          return a;
        });
  }
}
