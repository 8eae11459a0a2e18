package io.spanweave.viewer.compare;

import io.spanweave.conventions.ViewerKeys;
import io.spanweave.runfiles.internal.summary.DurationSketch;
import io.spanweave.runfiles.internal.summary.MetricStats;
import io.spanweave.runfiles.internal.summary.StageStats;
import io.spanweave.viewer.json.CompareAnswer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares two runs' {@link RunFigures}: the answer of {@code /api/compare} and of {@code
 * --compare}.
 */
public final class RunComparison {
  /** A p50 this much apart (either way) reads as slower or faster. */
  static final double CHANGE = 1.05;

  /** The metric the step rows show when none is asked for and the runs have it. */
  public static final String DEFAULT_METRIC = ViewerKeys.REWARD_METRIC;

  private RunComparison() {}

  /**
   * @param metric the metric of the step rows, or null for {@value #DEFAULT_METRIC} (else the
   *     first)
   * @throws IllegalArgumentException when {@code metric} is not a metric of either run
   */
  public static CompareAnswer compare(RunFigures a, RunFigures b, String metric) {
    TreeSet<String> metricKeys = new TreeSet<>();
    for (RunFigures run : List.of(a, b)) {
      run.steps().values().forEach(s -> metricKeys.addAll(s.metrics().keySet()));
    }
    if (metric != null && !metricKeys.contains(metric)) {
      throw new IllegalArgumentException("unknown metric '" + metric + "'; known: " + metricKeys);
    }
    String chosen =
        metric != null
            ? metric
            : metricKeys.contains(DEFAULT_METRIC)
                ? DEFAULT_METRIC
                : metricKeys.isEmpty() ? null : metricKeys.first();

    TreeSet<Integer> allSteps = new TreeSet<>(a.steps().keySet());
    allSteps.addAll(b.steps().keySet());
    List<Integer> shared = new ArrayList<>();
    List<CompareAnswer.StepRow> stepRows = new ArrayList<>();
    for (int step : allSteps) {
      StepFigures fa = a.steps().get(step);
      StepFigures fb = b.steps().get(step);
      if (fa != null && fb != null) {
        shared.add(step);
      }
      stepRows.add(
          new CompareAnswer.StepRow(step, stepFigures(fa, chosen), stepFigures(fb, chosen)));
    }

    Map<String, StageStats> stagesA = stagesOver(a, shared);
    Map<String, StageStats> stagesB = stagesOver(b, shared);
    TreeSet<String> stageNames = new TreeSet<>(stagesA.keySet());
    stageNames.addAll(stagesB.keySet());
    List<CompareAnswer.StageRow> stageRows = new ArrayList<>();
    for (String stage : stageNames) {
      stageRows.add(
          stageRow(
              stage,
              stagesA.get(stage),
              stagesB.get(stage),
              slowest(a, shared, stage),
              slowest(b, shared, stage)));
    }
    stageRows.sort(
        Comparator.comparingDouble(RunComparison::changeMagnitude)
            .reversed()
            .thenComparing(CompareAnswer.StageRow::stage));

    LlmStats llmA = llmOver(a, shared);
    LlmStats llmB = llmOver(b, shared);
    CompareAnswer.LlmRow llm =
        llmA.calls() == 0 && llmB.calls() == 0
            ? null
            : new CompareAnswer.LlmRow(
                llmFigures(llmA),
                llmFigures(llmB),
                ratio(llmA.latency(), llmB.latency(), 50),
                ratio(llmA.timeToFirstToken(), llmB.timeToFirstToken(), 50));

    return new CompareAnswer(
        side(a),
        side(b),
        shared,
        chosen,
        new ArrayList<>(metricKeys),
        stepRows,
        stageRows,
        errorTypes(stagesA, stagesB),
        llm);
  }

  private static CompareAnswer.Side side(RunFigures run) {
    long samples = 0;
    long errors = 0;
    for (StepFigures s : run.steps().values()) {
      samples += s.samples();
      errors += s.errorSamples();
    }
    return new CompareAnswer.Side(
        run.runId(),
        run.label(),
        run.steps().size(),
        run.steps().isEmpty() ? null : run.steps().firstKey(),
        run.steps().isEmpty() ? null : run.steps().lastKey(),
        samples,
        errors);
  }

  private static CompareAnswer.StepFigures stepFigures(StepFigures f, String metric) {
    if (f == null) {
      return null;
    }
    MetricStats m = metric == null ? null : f.metrics().get(metric);
    long n = f.samples();
    return new CompareAnswer.StepFigures(
        n,
        f.errorSamples(),
        f.timeoutSamples() < 0 ? null : f.timeoutSamples(),
        n == 0 ? null : round((double) f.errorSamples() / n, 4),
        n == 0 || f.timeoutSamples() < 0 ? null : round((double) f.timeoutSamples() / n, 4),
        m == null || m.count() == 0 ? null : m.mean(),
        m == null ? 0 : m.count());
  }

  private static Map<String, StageStats> stagesOver(RunFigures run, List<Integer> steps) {
    Map<String, StageStats> merged = new TreeMap<>();
    for (int step : steps) {
      run.steps()
          .get(step)
          .stages()
          .forEach((stage, s) -> merged.computeIfAbsent(stage, k -> new StageStats()).merge(s));
    }
    return merged;
  }

  private static LlmStats llmOver(RunFigures run, List<Integer> steps) {
    LlmStats merged = new LlmStats();
    for (int step : steps) {
      merged.merge(run.steps().get(step).llm());
    }
    return merged;
  }

  private static CompareAnswer.StageRow stageRow(
      String stage,
      StageStats a,
      StageStats b,
      CompareAnswer.Slowest slowestA,
      CompareAnswer.Slowest slowestB) {
    CompareAnswer.StageFigures fa = stageFigures(a);
    CompareAnswer.StageFigures fb = stageFigures(b);
    if (a == null || b == null) {
      return new CompareAnswer.StageRow(
          stage,
          a == null ? "only in b" : "only in a",
          fa,
          fb,
          null,
          null,
          null,
          null,
          null,
          (b == null ? 0 : b.errors()) - (a == null ? 0 : a.errors()),
          slowestA,
          slowestB);
    }
    Double p50Ratio = ratio(a.durations(), b.durations(), 50);
    String change =
        p50Ratio == null
            ? "same"
            : p50Ratio > CHANGE ? "slower" : p50Ratio < 1 / CHANGE ? "faster" : "same";
    return new CompareAnswer.StageRow(
        stage,
        change,
        fa,
        fb,
        diff(fa.p50Ms(), fb.p50Ms()),
        p50Ratio,
        diff(fa.p95Ms(), fb.p95Ms()),
        ratio(a.durations(), b.durations(), 95),
        ratio(a.durations(), b.durations(), 100),
        b.errors() - a.errors(),
        slowestA,
        slowestB);
  }

  private static CompareAnswer.Slowest slowest(RunFigures run, List<Integer> steps, String stage) {
    StepFigures.Slowest best = null;
    int bestStep = 0;
    for (int step : steps) {
      StepFigures.Slowest s = run.steps().get(step).slowest().get(stage);
      if (s != null && (best == null || s.durationNanos() > best.durationNanos())) {
        best = s;
        bestStep = step;
      }
    }
    return best == null
        ? null
        : new CompareAnswer.Slowest(
            best.sampleId(), best.traceId(), bestStep, millis(best.durationNanos()));
  }

  /**
   * How much a stage changed, for the order of the table: |ln(p50 ratio)|; stages of one run only
   * last.
   */
  private static double changeMagnitude(CompareAnswer.StageRow row) {
    if (row.p50Ratio() == null) {
      return row.a() == null || row.b() == null ? -1 : 0;
    }
    return Math.abs(Math.log(row.p50Ratio()));
  }

  private static CompareAnswer.StageFigures stageFigures(StageStats s) {
    if (s == null) {
      return null;
    }
    DurationSketch d = s.durations();
    long n = d.count();
    return new CompareAnswer.StageFigures(
        n,
        s.errors(),
        n == 0 ? null : round((double) s.errors() / n, 4),
        n == 0 ? null : millis(d.sumNanos() / n),
        n == 0 ? null : millis(d.percentile(50)),
        n == 0 ? null : millis(d.percentile(95)),
        n == 0 ? null : millis(d.maxNanos()));
  }

  private static List<CompareAnswer.ErrorTypeRow> errorTypes(
      Map<String, StageStats> a, Map<String, StageStats> b) {
    Map<String, long[]> counts = new HashMap<>();
    a.values()
        .forEach(
            s ->
                s.errorTypes()
                    .forEach((type, n) -> counts.computeIfAbsent(type, k -> new long[2])[0] += n));
    b.values()
        .forEach(
            s ->
                s.errorTypes()
                    .forEach((type, n) -> counts.computeIfAbsent(type, k -> new long[2])[1] += n));
    List<CompareAnswer.ErrorTypeRow> rows = new ArrayList<>();
    counts.forEach(
        (type, c) ->
            rows.add(
                new CompareAnswer.ErrorTypeRow(
                    type, c[0], c[1], c[1] - c[0], c[0] == 0 ? "b" : c[1] == 0 ? "a" : null)));
    rows.sort(
        Comparator.comparing((CompareAnswer.ErrorTypeRow r) -> r.onlyIn() == null)
            .thenComparing(r -> -Math.abs(r.diff()))
            .thenComparing(CompareAnswer.ErrorTypeRow::type));
    return rows;
  }

  private static CompareAnswer.LlmFigures llmFigures(LlmStats s) {
    DurationSketch lat = s.latency();
    DurationSketch ttft = s.timeToFirstToken();
    return new CompareAnswer.LlmFigures(
        s.calls(),
        s.errors(),
        s.inputTokens(),
        s.outputTokens(),
        lat.count() == 0 ? null : millis(lat.percentile(50)),
        lat.count() == 0 ? null : millis(lat.percentile(95)),
        ttft.count(),
        ttft.count() == 0 ? null : millis(ttft.percentile(50)),
        ttft.count() == 0 ? null : millis(ttft.percentile(95)));
  }

  /** b's percentile over a's, rounded to 3 digits; null when either has none or a's is 0. */
  private static Double ratio(DurationSketch a, DurationSketch b, double percentile) {
    if (a.count() == 0 || b.count() == 0) {
      return null;
    }
    long pa = percentile >= 100 ? a.maxNanos() : a.percentile(percentile);
    long pb = percentile >= 100 ? b.maxNanos() : b.percentile(percentile);
    return pa <= 0 ? null : round((double) pb / pa, 3);
  }

  private static Double diff(Double a, Double b) {
    return a == null || b == null ? null : round(b - a, 3);
  }

  private static double millis(long nanos) {
    return Math.round(nanos / 1000.0) / 1000.0;
  }

  private static double round(double v, int digits) {
    double scale = Math.pow(10, digits);
    return Math.round(v * scale) / scale;
  }
}
