package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.index.SpanStatus;
import io.spanweave.viewer.index.StringPool;
import io.spanweave.viewer.ingest.LiveSpan;
import io.spanweave.viewer.ingest.LiveSpans;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Fills {@link RunAggregate}s from an index of spans (the in-memory index, or a window loaded on
 * demand): one pass over its traces, samples, spans or metrics per question. Counts are exact,
 * stage percentiles too. A resumed run counts each step once, as its counting attempt recorded it
 * ({@link ShownRuns}).
 */
public final class IndexAggregates implements AggregateSource {
  private final SpanIndex index;
  private final LiveSpans live;

  public IndexAggregates(SpanIndex index, LiveSpans live) {
    this.index = index;
    this.live = live;
  }

  @Override
  public long version() {
    return index.version();
  }

  @Override
  public long liveVersion() {
    return live.version();
  }

  /** The highest step among the traces shown, or NO_STEP; the caller holds the read lock. */
  static int latestStep(SpanIndex index, ShownRuns shown) {
    int latest = SpanIndex.NO_STEP;
    for (int t = 0; t < index.traceCount(); t++) {
      int s = index.traceStep(t);
      if (s > latest && shown.trace(t)) {
        latest = s;
      }
    }
    return latest;
  }

  @Override
  public RunAggregate steps(RunFilter runs) {
    return index.read(
        () -> {
          ShownRuns shown = runs.shown(index);
          RunAggregate a = new RunAggregate();
          for (int t = 0; t < index.traceCount(); t++) {
            if (!shown.trace(t)) {
              continue;
            }
            int s = index.traceStep(t);
            if (s == SpanIndex.NO_STEP) {
              a.addNoStepTraces(1);
            } else {
              a.step(s).addTraces(1, index.traceErrors(t) > 0 ? 1 : 0);
            }
          }
          for (int smp = 0; smp < index.sampleCount(); smp++) {
            int s = index.sampleStep(smp);
            if (s != SpanIndex.NO_STEP && shown.sample(smp)) {
              a.step(s).addSamples(1);
            }
          }
          return a;
        });
  }

  @Override
  public RunAggregate timeline(RunFilter runs, String metric) {
    return index.read(
        () -> {
          ShownRuns shown = runs.shown(index);
          RunAggregate a = new RunAggregate();
          for (int t = 0; t < index.traceCount(); t++) {
            int s = index.traceStep(t);
            if (s != SpanIndex.NO_STEP && shown.trace(t)) {
              a.step(s).addTraces(1, index.traceErrors(t) > 0 ? 1 : 0);
            }
          }
          for (int m = 0; m < index.metricCount(); m++) {
            a.addMetricKey(index.strings().get(index.metricKey(m)));
          }
          String chosen = a.chooseMetric(metric);
          int chosenId = chosen == null ? StringPool.NONE : index.strings().find(chosen);
          for (int m = 0; m < index.metricCount(); m++) {
            if (index.metricKey(m) != chosenId) {
              continue;
            }
            int span = index.metricSpan(m);
            int s = index.effectiveStep(span);
            if (s != SpanIndex.NO_STEP && shown.span(span)) {
              a.step(s).metric().add(index.metricValue(m));
            }
          }
          return a;
        });
  }

  @Override
  public RunAggregate stagesOfAllSteps(RunFilter runs) {
    return index.read(
        () -> stages(runs.shown(index), runs, StepSelector.parse("all"), SpanIndex.NO_STEP));
  }

  /**
   * The stage table's figures of the steps {@code steps} selects ({@code latest} is the latest step
   * shown) and the spans in flight of the runs shown; the caller holds the read lock.
   */
  RunAggregate stages(ShownRuns shown, RunFilter runs, StepSelector steps, int latest) {
    Map<Integer, StageAccumulator> byStage = new HashMap<>();
    int oneStep = steps.oneStep(latest);
    if (oneStep != SpanIndex.NO_STEP) {
      // One step: its spans from the per-step lists, not a pass over every span.
      for (int i : index.spansOfStep(oneStep)) {
        if (shown.span(i)) {
          byStage.computeIfAbsent(index.stage(i), k -> new StageAccumulator()).add(index, i);
        }
      }
    } else {
      for (int i = 0, n = index.spanCount(); i < n; i++) {
        if (shown.span(i) && steps.accepts(index.effectiveStep(i), latest)) {
          byStage.computeIfAbsent(index.stage(i), k -> new StageAccumulator()).add(index, i);
        }
      }
    }
    RunAggregate a = new RunAggregate();
    byStage.forEach(
        (stageId, acc) -> a.stage(index.strings().get(stageId), acc.figures(index.strings())));
    for (LiveSpan s : new LiveView(live.snapshot(), runs, shown).spans) {
      a.addRunning(s.stage());
    }
    return a;
  }

  /** Durations and errors of one stage, collected in one pass over the spans. */
  private static final class StageAccumulator {
    long[] durations = new long[16];
    int count;
    int errors;
    long sum;
    final Map<Integer, int[]> errorTypes = new HashMap<>();

    void add(SpanIndex index, int i) {
      if (count == durations.length) {
        durations = Arrays.copyOf(durations, count * 2);
      }
      long d = index.durationNanos(i);
      durations[count++] = d;
      sum += d;
      if (index.isError(i)) {
        errors++;
        errorTypes.computeIfAbsent(index.errorType(i), k -> new int[1])[0]++;
      }
    }

    StageFigures figures(StringPool strings) {
      long[] sorted = Durations.sortedCopy(durations, count);
      Map<String, Long> types = new LinkedHashMap<>();
      errorTypes.forEach((type, n) -> types.put(strings.get(type), (long) n[0]));
      return new StageFigures(
          count,
          sum,
          Durations.percentile(sorted, count, 50),
          Durations.percentile(sorted, count, 95),
          count == 0 ? 0 : sorted[count - 1],
          errors,
          types);
    }
  }

  /**
   * Every run of the index. A trace belongs to every run one of its spans names (usually one), or
   * to "" when none does; the services of all of its spans, a worker's included, are the run's.
   */
  @Override
  public RunAggregate runs() {
    return index.read(
        () -> {
          ShownRuns counted = RunFilter.all().shown(index);
          RunAggregate a = new RunAggregate();
          for (int t = 0; t < index.traceCount(); t++) {
            int[] resources = index.traceResources(t);
            TreeSet<String> traceRuns = new TreeSet<>();
            for (int res : resources) {
              if (!index.resourceRun(res).isEmpty()) {
                traceRuns.add(index.resourceRun(res));
              }
            }
            if (traceRuns.isEmpty()) {
              traceRuns.add("");
            }
            boolean counts = counted.trace(t);
            for (String runId : traceRuns) {
              RunAggregate.Run run = a.run(runId);
              for (int res : resources) {
                if (!index.resourceService(res).isEmpty()) {
                  run.addService(index.resourceService(res));
                }
              }
              int step = index.traceStep(t);
              a.attempts()
                  .addSpans(
                      runId,
                      index.traceAttempt(t),
                      step,
                      step == SpanIndex.NO_STEP,
                      index.traceSpanCount(t),
                      index.traceStart(t),
                      index.traceEnd(t));
              if (step != SpanIndex.NO_STEP) {
                run.addStep(step);
              }
              run.during(index.traceStart(t), index.traceEnd(t));
              if (counts) {
                run.addTraces(1, index.traceSpanCount(t), index.traceErrors(t) > 0 ? 1 : 0);
              }
            }
          }
          for (int smp = 0; smp < index.sampleCount(); smp++) {
            if (!index.sampleAlive(smp)) {
              continue;
            }
            RunAggregate.Run run = a.run(index.sampleRun(smp));
            a.attempts().addSamples(index.sampleRun(smp), index.sampleAttempt(smp), 1);
            int step = index.sampleStep(smp);
            if (step != SpanIndex.NO_STEP) {
              run.addStep(step);
            }
            if (counted.sample(smp)) {
              boolean failed =
                  index.sampleErrors(smp) > 0
                      || SpanStatus.isFailureWord(index.sampleRolloutStatus(smp));
              run.addSamples(1, failed ? 1 : 0);
            }
          }
          return a;
        });
  }

  /** The kinds of spans, by name, and the (service, run) pair of every resource, as read. */
  @Override
  public RunAggregate facets() {
    return index.read(
        () -> {
          RunAggregate a = new RunAggregate();
          List<String> kinds = new ArrayList<>();
          for (int id : index.kindStrings()) {
            kinds.add(index.strings().get(id));
          }
          kinds.sort(null);
          kinds.forEach(a::addKind);
          for (int r = 0; r < index.resourceCount(); r++) {
            a.addFacetRun(index.resourceService(r), index.resourceRun(r));
          }
          return a;
        });
  }
}
