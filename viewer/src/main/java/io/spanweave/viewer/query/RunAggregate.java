package io.spanweave.viewer.query;

import io.spanweave.conventions.ViewerKeys;
import io.spanweave.runfiles.internal.summary.MetricStats;
import io.spanweave.viewer.json.FacetsAnswer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the runs shown add up to over every step: per step its traces, failed traces, samples and
 * the values of the timeline's metric; per stage its {@link StageFigures} and spans in flight; per
 * run its totals and attempts; the kinds and runs of the filter menus. The in-memory index ({@link
 * IndexAggregates}) or the run's summaries ({@code views.SummaryAggregates}) fill the part a
 * question needs; {@link AggregateAnswers} turns it into the JSON answer, the same whichever source
 * filled it.
 */
public final class RunAggregate {
  /** One step's figures. */
  public static final class Step {
    long traces;
    long errorTraces;
    long samples;
    final MetricStats metric = new MetricStats();

    /** Adds traces, of which {@code failed} have a failed span. */
    public void addTraces(long count, long failed) {
      traces += count;
      errorTraces += failed;
    }

    public void addSamples(long count) {
      samples += count;
    }

    /** The values of the timeline's metric in this step. */
    public MetricStats metric() {
      return metric;
    }
  }

  /** One run's totals: counted once per step (the step's counting attempt), time range over all. */
  public static final class Run {
    final TreeSet<String> services = new TreeSet<>();
    final TreeSet<Integer> steps = new TreeSet<>();
    long traces;
    long spans;
    long errorTraces;
    long samples;
    long errorSamples;
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;

    public void addService(String service) {
      services.add(service);
    }

    public void addStep(int step) {
      steps.add(step);
    }

    /** Widens the run's time range to {@code [start, end]}. */
    public void during(long start, long end) {
      this.start = Math.min(this.start, start);
      this.end = Math.max(this.end, end);
    }

    /** Adds counted traces ({@code failed} of them with a failed span) and their spans. */
    public void addTraces(long count, long spans, long failed) {
      traces += count;
      this.spans += spans;
      errorTraces += failed;
    }

    /** Adds counted samples, {@code failed} of them failed. */
    public void addSamples(long count, long failed) {
      samples += count;
      errorSamples += failed;
    }
  }

  final TreeMap<Integer, Step> steps = new TreeMap<>();
  long noStepTraces;
  final TreeSet<String> metricKeys = new TreeSet<>();
  String metric;
  final Map<String, StageFigures> stages = new HashMap<>();
  final Map<String, int[]> running = new HashMap<>();
  final Map<String, Run> runs = new HashMap<>();
  final AttemptTally attempts = new AttemptTally();
  final List<String> kinds = new ArrayList<>();
  final List<FacetsAnswer.Run> facetRuns = new ArrayList<>();

  /** The figures of {@code step}, added if new. */
  public Step step(int step) {
    return steps.computeIfAbsent(step, k -> new Step());
  }

  public NavigableMap<Integer, Step> steps() {
    return steps;
  }

  /** Adds traces that belong to no step. */
  public void addNoStepTraces(long count) {
    noStepTraces += count;
  }

  /** Notes a metric the runs record (whatever the filter: the timeline offers every one). */
  public void addMetricKey(String key) {
    metricKeys.add(key);
  }

  /**
   * The timeline's metric, once every metric key is added: the one asked, else the reward, else the
   * first by name; null when there is none.
   *
   * @throws BadRequestException when the one asked is not recorded
   */
  public String chooseMetric(String asked) {
    if (asked != null && !metricKeys.contains(asked)) {
      throw new BadRequestException("unknown metric '" + asked + "'; known: " + metricKeys);
    }
    metric =
        asked != null
            ? asked
            : metricKeys.contains(ViewerKeys.REWARD_METRIC)
                ? ViewerKeys.REWARD_METRIC
                : metricKeys.isEmpty() ? null : metricKeys.first();
    return metric;
  }

  /** Sets the figures of {@code stage} in the stage table. */
  public void stage(String stage, StageFigures figures) {
    stages.put(stage, figures);
  }

  /** Counts a span of {@code stage} in flight. */
  public void addRunning(String stage) {
    running.computeIfAbsent(stage, k -> new int[1])[0]++;
  }

  /** The totals of run {@code runId}, added if new. */
  public Run run(String runId) {
    return runs.computeIfAbsent(runId, k -> new Run());
  }

  /** What each attempt of each run recorded. */
  public AttemptTally attempts() {
    return attempts;
  }

  /** Adds a kind of span, for the filter menu (in the order the menu shows). */
  public void addKind(String kind) {
    kinds.add(kind);
  }

  /** Adds a (service, run) pair, for the filter menu (in the order the menu shows). */
  public void addFacetRun(String service, String runId) {
    facetRuns.add(new FacetsAnswer.Run(service, runId));
  }
}
