package io.spanweave.viewer.views;

import io.spanweave.conventions.ViewerKeys;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.ingest.LiveSpan;
import io.spanweave.viewer.ingest.LiveSpans;
import io.spanweave.viewer.json.FacetsAnswer;
import io.spanweave.viewer.json.RunsAnswer;
import io.spanweave.viewer.json.StagesAnswer;
import io.spanweave.viewer.json.StepsAnswer;
import io.spanweave.viewer.json.TimelineAnswer;
import io.spanweave.viewer.query.AttemptTally;
import io.spanweave.viewer.query.BadRequestException;
import io.spanweave.viewer.query.RunFilter;
import io.spanweave.runfiles.internal.summary.CountingAttempts;
import io.spanweave.runfiles.internal.summary.MetricStats;
import io.spanweave.runfiles.internal.summary.RunKey;
import io.spanweave.runfiles.internal.summary.RunSummary;
import io.spanweave.runfiles.internal.summary.StageStats;
import io.spanweave.runfiles.internal.summary.StepStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The answers that cover every step, from the run's summaries instead of its spans: the steps and
 * their counts, the step timeline, the stage table of all steps, the run list and the facets. They
 * cost a pass over a few thousand summarised steps, however many spans the run has. Stage
 * percentiles come from the summaries' sketches (within 1% of a real duration); counts, means,
 * maxima and error counts are exact.
 */
final class SummaryAnswers {
  private static final int TOP_ERROR_TYPES = 3;

  private final RunSummary summary;
  private final LiveSpans live;
  private final Map<String, Object[]> cache = new ConcurrentHashMap<>();

  SummaryAnswers(RunSummary summary, LiveSpans live) {
    this.summary = summary;
    this.live = live;
  }

  @SuppressWarnings("unchecked")
  private <T> T cached(String key, Supplier<T> compute) {
    long version = summary.version();
    long liveVersion = live.version();
    Object[] hit = cache.get(key);
    if (hit != null && (long) hit[0] == version && (long) hit[1] == liveVersion) {
      return (T) hit[2];
    }
    T value = compute.get();
    if (cache.size() > 64) {
      cache.clear();
    }
    cache.put(key, new Object[] {version, liveVersion, value});
    return value;
  }

  static boolean allowed(RunFilter runs, RunKey key) {
    return (runs.service() == null || runs.service().equals(key.service()))
        && (runs.runId() == null || runs.runId().equals(key.runId()));
  }

  /** The highest step of the runs shown, or {@code SpanIndex.NO_STEP}. */
  int latestStep(RunFilter runs) {
    return summary.read(v -> {
      int latest = SpanIndex.NO_STEP;
      CountingAttempts counting = new CountingAttempts(v.steps(), runs.attempt());
      for (Map.Entry<RunKey, NavigableMap<Integer, StepStats>> e : v.steps().entrySet()) {
        if (allowed(runs, e.getKey()) && !e.getValue().isEmpty() && counting.shows(e.getKey(), e.getValue().lastKey())) {
          latest = Math.max(latest, e.getValue().lastKey());
        }
      }
      return latest;
    });
  }

  StepsAnswer steps(RunFilter runs) {
    return cached("steps|" + runs, () -> summary.read(v -> {
      TreeMap<Integer, long[]> perStep = new TreeMap<>();
      long noStep = 0;
      CountingAttempts counting = new CountingAttempts(v.steps(), runs.attempt());
      for (Map.Entry<RunKey, NavigableMap<Integer, StepStats>> e : v.steps().entrySet()) {
        if (!allowed(runs, e.getKey())) {
          continue;
        }
        for (Map.Entry<Integer, StepStats> step : e.getValue().entrySet()) {
          if (!counting.shows(e.getKey(), step.getKey())) {
            continue;
          }
          StepStats s = step.getValue();
          if (step.getKey() == SpanIndex.NO_STEP) {
            noStep += s.traces();
            continue;
          }
          long[] c = perStep.computeIfAbsent(step.getKey(), k -> new long[3]);
          c[0] += s.traces();
          c[1] += s.errorTraces();
          c[2] += s.samples();
        }
      }
      List<StepsAnswer.Step> rows = new ArrayList<>();
      perStep.forEach((step, c) -> rows.add(new StepsAnswer.Step(step, (int) c[0], (int) c[1], (int) c[2])));
      return new StepsAnswer(rows, perStep.isEmpty() ? null : perStep.lastKey(), (int) noStep);
    }));
  }

  TimelineAnswer timeline(RunFilter runs, String metric) {
    return cached("timeline|" + runs + "|" + metric, () -> summary.read(v -> {
      TreeSet<String> keys = new TreeSet<>();
      for (NavigableMap<Integer, StepStats> steps : v.steps().values()) {
        for (StepStats s : steps.values()) {
          keys.addAll(s.metrics().keySet());
        }
      }
      if (metric != null && !keys.contains(metric)) {
        throw new BadRequestException("unknown metric '" + metric + "'; known: " + keys);
      }
      String chosen = metric != null ? metric
          : keys.contains(ViewerKeys.REWARD_METRIC) ? ViewerKeys.REWARD_METRIC : keys.isEmpty() ? null : keys.first();
      TreeMap<Integer, long[]> counts = new TreeMap<>();
      TreeMap<Integer, MetricStats> values = new TreeMap<>();
      CountingAttempts counting = new CountingAttempts(v.steps(), runs.attempt());
      for (Map.Entry<RunKey, NavigableMap<Integer, StepStats>> e : v.steps().entrySet()) {
        if (!allowed(runs, e.getKey())) {
          continue;
        }
        for (Map.Entry<Integer, StepStats> step : e.getValue().entrySet()) {
          if (step.getKey() == SpanIndex.NO_STEP || !counting.shows(e.getKey(), step.getKey())) {
            continue;
          }
          long[] c = counts.computeIfAbsent(step.getKey(), k -> new long[2]);
          c[0] += step.getValue().traces();
          c[1] += step.getValue().errorTraces();
          MetricStats m = chosen == null ? null : step.getValue().metrics().get(chosen);
          if (m != null) {
            values.computeIfAbsent(step.getKey(), k -> new MetricStats()).merge(m);
          }
        }
      }
      List<TimelineAnswer.Point> points = new ArrayList<>();
      counts.forEach((step, c) -> {
        MetricStats m = values.get(step);
        boolean any = m != null && m.count() > 0;
        points.add(new TimelineAnswer.Point(step, (int) c[0], (int) c[1], any ? (int) m.count() : 0,
            any ? m.mean() : null, any ? m.min() : null, any ? m.max() : null));
      });
      return new TimelineAnswer(chosen, new ArrayList<>(keys), points);
    }));
  }

  /** The stage table over every step ({@code step=all}). */
  StagesAnswer stagesOfAllSteps(RunFilter runs) {
    return cached("stages|" + runs, () -> {
      Map<String, StageStats> byStage = summary.read(v -> {
        Map<String, StageStats> out = new TreeMap<>();
        CountingAttempts counting = new CountingAttempts(v.steps(), runs.attempt());
        for (Map.Entry<RunKey, NavigableMap<Integer, StepStats>> e : v.steps().entrySet()) {
          if (allowed(runs, e.getKey())) {
            e.getValue().forEach((step, s) -> {
              if (counting.shows(e.getKey(), step)) {
                s.stages().forEach((stage, stats) -> out.computeIfAbsent(stage, k -> new StageStats()).merge(stats));
              }
            });
          }
        }
        return out;
      });
      Map<String, int[]> running = new HashMap<>();
      for (LiveSpan s : live.snapshot()) {
        if (runs.matches(s.service(), s.runId())) {
          running.computeIfAbsent(s.stage(), k -> new int[1])[0]++;
        }
      }
      List<StagesAnswer.Stage> rows = new ArrayList<>();
      byStage.forEach((stage, stats) -> {
        int[] r = running.remove(stage);
        rows.add(row(stage, stats, r == null ? 0 : r[0]));
      });
      running.forEach((stage, r) -> rows.add(
          new StagesAnswer.Stage(stage, 0, r[0], null, null, null, null, 0, List.of())));
      rows.sort(Comparator.comparingInt((StagesAnswer.Stage m) -> -m.count()).thenComparing(StagesAnswer.Stage::stage));
      return new StagesAnswer("all", rows);
    });
  }

  private static StagesAnswer.Stage row(String stage, StageStats stats, int running) {
    List<StagesAnswer.ErrorTypeCount> top = new ArrayList<>();
    stats.errorTypes().entrySet().stream()
        .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
        .limit(TOP_ERROR_TYPES)
        .forEach(e -> top.add(new StagesAnswer.ErrorTypeCount(e.getKey(), (int) (long) e.getValue())));
    var d = stats.durations();
    long count = d.count();
    return new StagesAnswer.Stage(stage, (int) count, running,
        millis(d.sumNanos() / Math.max(1, count)), millis(d.percentile(50)), millis(d.percentile(95)),
        millis(d.maxNanos()), (int) stats.errors(), top);
  }

  static double millis(long nanos) {
    return Math.round(nanos / 1000.0) / 1000.0;
  }

  RunsAnswer runs() {
    return cached("runs", () -> summary.read(v -> {
      Map<String, RunTotals> byRun = new HashMap<>();
      CountingAttempts counting = new CountingAttempts(v.steps(), null);
      AttemptTally attempts = new AttemptTally();
      for (Map.Entry<RunKey, NavigableMap<Integer, StepStats>> e : v.steps().entrySet()) {
        RunKey key = e.getKey();
        RunTotals run = byRun.computeIfAbsent(key.runId(), k -> new RunTotals());
        if (!key.service().isEmpty()) {
          run.services.add(key.service());
        }
        for (Map.Entry<Integer, StepStats> step : e.getValue().entrySet()) {
          StepStats s = step.getValue();
          boolean noStep = step.getKey() == SpanIndex.NO_STEP;
          attempts.addSpans(key.runId(), key.attempt(), step.getKey(), noStep, s.spans(), s.startUnixNano(),
              s.endUnixNano());
          attempts.addSamples(key.runId(), key.attempt(), s.samples());
          if (!noStep) {
            run.steps.add(step.getKey());
          }
          run.start = Math.min(run.start, s.startUnixNano());
          run.end = Math.max(run.end, s.endUnixNano());
          if (!counting.shows(key, step.getKey())) {
            continue;
          }
          run.traces += s.traces();
          run.spans += s.spans();
          run.errorTraces += s.errorTraces();
          run.samples += s.samples();
          run.errorSamples += s.errorSamples();
        }
      }
      List<RunsAnswer.Run> runs = new ArrayList<>();
      byRun.forEach((runId, r) -> {
        boolean timed = r.start != Long.MAX_VALUE;
        runs.add(new RunsAnswer.Run(runId, List.copyOf(r.services), (int) r.traces, (int) r.spans,
            (int) r.errorTraces, (int) r.samples, (int) r.errorSamples, r.steps.size(),
            r.steps.isEmpty() ? null : r.steps.first(), r.steps.isEmpty() ? null : r.steps.last(),
            timed ? Long.toString(r.start) : null, timed ? Long.toString(r.end) : null,
            timed ? millis(r.end - r.start) : 0, attempts.rows(runId)));
      });
      runs.sort(Comparator.comparing((RunsAnswer.Run r) -> r.startUnixNano() == null ? 0L
          : Long.parseLong(r.startUnixNano())).reversed().thenComparing(RunsAnswer.Run::runId));
      return new RunsAnswer(runs);
    }));
  }

  private static final class RunTotals {
    final TreeSet<String> services = new TreeSet<>();
    final TreeSet<Integer> steps = new TreeSet<>();
    long traces;
    long spans;
    long errorTraces;
    long samples;
    long errorSamples;
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
  }

  FacetsAnswer facets() {
    return summary.read(v -> {
      List<String> kinds = new ArrayList<>(v.kinds());
      List<FacetsAnswer.Run> runs = new ArrayList<>();
      for (RunKey key : v.steps().keySet()) {
        runs.add(new FacetsAnswer.Run(key.service(), key.runId()));
      }
      runs.sort(Comparator.comparing(FacetsAnswer.Run::service).thenComparing(FacetsAnswer.Run::runId));
      return new FacetsAnswer(kinds, runs);
    });
  }

  /** Run ids present (for a sample id asked without a run). */
  List<String> runIds() {
    return summary.read(v -> v.steps().keySet().stream().map(RunKey::runId).distinct().toList());
  }
}
