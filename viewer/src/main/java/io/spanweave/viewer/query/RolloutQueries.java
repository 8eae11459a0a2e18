package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.index.SpanStatus;
import io.spanweave.viewer.ingest.LiveSpan;
import io.spanweave.viewer.ingest.LiveSpans;
import io.spanweave.viewer.json.LlmAnswer;
import io.spanweave.viewer.json.SampleAnswer;
import io.spanweave.viewer.json.SampleRow;
import io.spanweave.viewer.json.SamplesAnswer;
import io.spanweave.viewer.json.StagesAnswer;
import io.spanweave.viewer.json.StuckAnswer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The rollout questions of one index of spans: which stage of a step is slow or failing, how the
 * samples of a step compare, what one sample went through, which samples are stuck where, and the
 * LLM calls. Each answer is a record of {@code io.spanweave.viewer.json}. The answers over every
 * step (steps, timeline, runs) are {@link AllStepsAnswers}'.
 */
public final class RolloutQueries {
  private static final int TOP_ERROR_TYPES = 3;

  private final SpanIndex index;
  private final LiveSpans live;
  private final IndexAggregates aggregates;
  private final QueryCache cache = new QueryCache();

  public RolloutQueries(SpanIndex index, LiveSpans live) {
    this.index = index;
    this.live = live;
    this.aggregates = new IndexAggregates(index, live);
  }

  private <T> T cached(String key, Supplier<T> compute) {
    return cache.get(key, index.version(), live.version(), compute);
  }

  private <T> T read(Supplier<T> body) {
    return index.read(body);
  }

  /** The highest step among shown traces, or NO_STEP. */
  private int latestStep(ShownRuns shown) {
    return IndexAggregates.latestStep(index, shown);
  }

  // ------------------------------------------------------------------ stages

  /** The stage table of the steps {@code steps} selects (built by {@link AggregateAnswers}). */
  public StagesAnswer stages(RunFilter runs, StepSelector steps) {
    return cached(
        "stages|" + runs + "|" + steps.key(),
        () ->
            read(
                () -> {
                  ShownRuns shown = runs.shown(index);
                  int latest = latestStep(shown);
                  return AggregateAnswers.stages(
                      shownStep(steps, latest), aggregates.stages(shown, runs, steps, latest));
                }));
  }

  // ------------------------------------------------------------------ samples

  /** One sample with its per-stage durations, kept for sorting before paging. */
  private record Candidate(
      int sample, String status, long durationNanos, Map<String, Long> stageNanos) {}

  /** A step's samples sorted, before paging; cached until the data changes. */
  private record SortedSamples(List<Candidate> rows, List<String> stages, Object step) {}

  /** The step an answer shows: the latest's number, else the selector as the request gave it. */
  private static Object shownStep(StepSelector steps, int latest) {
    return steps.mode() == StepSelector.Mode.LATEST
        ? (latest == SpanIndex.NO_STEP ? null : latest)
        : steps.key();
  }

  public SamplesAnswer samples(
      RunFilter runs,
      StepSelector steps,
      String status,
      String sort,
      boolean descending,
      int limit,
      int offset) {
    SortedSamples all = sortedSamples(runs, steps, status, sort, descending);
    List<Candidate> rows = all.rows();
    List<SampleRow> page = new ArrayList<>();
    read(
        () -> {
          for (int k = offset; k < Math.min(rows.size(), offset + limit); k++) {
            page.add(sampleRow(rows.get(k)));
          }
          return null;
        });
    return new SamplesAnswer(all.step(), rows.size(), offset, limit, all.stages(), page);
  }

  private SortedSamples sortedSamples(
      RunFilter runs, StepSelector steps, String status, String sort, boolean descending) {
    String key =
        "samples|" + runs + "|" + steps.key() + "|" + status + "|" + sort + "|" + descending;
    return cached(
        key,
        () ->
            read(
                () -> {
                  ShownRuns shown = runs.shown(index);
                  int latest = latestStep(shown);
                  LiveView liveView = new LiveView(live.snapshot(), runs, shown);
                  List<Candidate> rows = new ArrayList<>();
                  Map<String, double[]> stageOrder = new LinkedHashMap<>();
                  for (int smp = 0; smp < index.sampleCount(); smp++) {
                    if (!shown.sample(smp) || !steps.accepts(index.sampleStep(smp), latest)) {
                      continue;
                    }
                    String st = sampleStatus(smp, liveView);
                    if (status != null && !status.equals(st)) {
                      continue;
                    }
                    long sampleStart = index.sampleStart(smp);
                    for (int i = index.sampleFirstSpan(smp); i >= 0; i = index.nextInSample(i)) {
                      double[] o =
                          stageOrder.computeIfAbsent(
                              index.strings().get(index.stage(i)), k -> new double[2]);
                      o[0] += index.start(i) - sampleStart;
                      o[1]++;
                    }
                    Map<String, Long> perStage = stageTotals(smp);
                    rows.add(new Candidate(smp, st, index.sampleEnd(smp) - sampleStart, perStage));
                  }
                  rows.sort(comparator(sort, descending));
                  List<String> stageColumns = new ArrayList<>(stageOrder.keySet());
                  stageColumns.sort(
                      Comparator.comparingDouble(s -> stageOrder.get(s)[0] / stageOrder.get(s)[1]));
                  return new SortedSamples(rows, stageColumns, shownStep(steps, latest));
                }));
  }

  /**
   * Every sample the samples table shows for these filters, in its order, not paged: what a user
   * downloads to take to a notebook.
   */
  public SampleExport exportSamples(
      RunFilter runs, StepSelector steps, String status, String sort, boolean descending) {
    SortedSamples all = sortedSamples(runs, steps, status, sort, descending);
    List<SampleRow> rows = new ArrayList<>(all.rows().size());
    read(
        () -> {
          for (Candidate c : all.rows()) {
            rows.add(sampleRow(c));
          }
          return null;
        });
    return new SampleExport(all.step(), all.stages(), rows);
  }

  private Comparator<Candidate> comparator(String sort, boolean descending) {
    Comparator<Candidate> c;
    if (sort.startsWith("stage:")) {
      String stage = sort.substring("stage:".length());
      c = Comparator.comparingLong(r -> r.stageNanos().getOrDefault(stage, -1L));
    } else {
      c =
          switch (sort) {
            case "id" ->
                Comparator.comparing((Candidate r) -> index.sampleKey(r.sample()))
                    .thenComparing(r -> index.sampleRun(r.sample()));
            case "step" -> Comparator.comparingInt(r -> index.sampleStep(r.sample()));
            case "status" -> Comparator.comparing(Candidate::status);
            case "group" ->
                Comparator.comparing(r -> String.valueOf(index.sampleGroup(r.sample())));
            case "reward" ->
                Comparator.comparingDouble(r -> nanToLowest(index.sampleReward(r.sample())));
            case "start" -> Comparator.comparingLong(r -> index.sampleStart(r.sample()));
            case "duration" -> Comparator.comparingLong(Candidate::durationNanos);
            default -> throw new BadRequestException("unknown sort key '" + sort + "'");
          };
    }
    // Equals in order of start and id, not of the rows' order, which follows how the file was read
    // (newest block first, or a step's segments loaded on demand).
    c =
        c.thenComparingLong((Candidate r) -> index.sampleStart(r.sample()))
            .thenComparing(r -> index.sampleKey(r.sample()))
            .thenComparing(r -> index.sampleRun(r.sample()))
            .thenComparingInt(Candidate::sample);
    return descending ? c.reversed() : c;
  }

  private static double nanToLowest(double v) {
    return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v;
  }

  private String sampleStatus(int smp, LiveView liveView) {
    if (index.sampleErrors(smp) > 0 || SpanStatus.isFailureWord(index.sampleRolloutStatus(smp))) {
      return "error";
    }
    if (liveView.hasSample(index.sampleRun(smp), index.sampleKey(smp))
        || liveView.traces.contains(index.traceHex(index.sampleTrace(smp)))) {
      return "running";
    }
    return "completed";
  }

  private SampleRow sampleRow(Candidate r) {
    int smp = r.sample();
    Map<String, Double> stageMs = new LinkedHashMap<>();
    r.stageNanos().forEach((k, v) -> stageMs.put(k, Durations.millis(v)));
    int step = index.sampleStep(smp);
    double reward = index.sampleReward(smp);
    return new SampleRow(
        index.sampleKey(smp),
        index.sampleRun(smp),
        index.traceHex(index.sampleTrace(smp)),
        r.status(),
        index.sampleRolloutStatus(smp),
        index.sampleGroup(smp),
        index.sampleSession(smp),
        index.sampleTask(smp),
        step == SpanIndex.NO_STEP ? null : step,
        Double.isNaN(reward) ? null : reward,
        flag(index.sampleFiltered(smp)),
        index.sampleFilterReason(smp),
        index.sampleFilterDecision(smp),
        flag(index.sampleRewardPass(smp)),
        flag(index.sampleTrainIncluded(smp)),
        index.sampleOversampleSource(smp),
        index.sampleDropReason(smp),
        index.sampleErrorType(smp),
        index.sampleErrorMessage(smp),
        Long.toString(index.sampleStart(smp)),
        Durations.millis(r.durationNanos()),
        stageMs);
  }

  // ------------------------------------------------------------------ one sample's call chain

  private static Boolean flag(int value) {
    return value < 0 ? null : value == 1;
  }

  /**
   * One sample and its call chain. A sample is (run, id): without a run (the command line named
   * none and the request neither) the id must be unique among the runs shown.
   */
  public SampleAnswer sample(RunFilter runs, String id) {
    return read(
        () -> {
          int smp = findSample(index, runs, id);
          LiveView liveView = new LiveView(live.snapshot(), RunFilter.all(), null);
          SampleRow row =
              sampleRow(
                  new Candidate(
                      smp,
                      sampleStatus(smp, liveView),
                      index.sampleEnd(smp) - index.sampleStart(smp),
                      stageTotals(smp)));
          return new SampleAnswer(row, new CallChain(index, smp, liveView.spans).build());
        });
  }

  /**
   * The sample with this id among the runs shown; the caller holds the read lock.
   *
   * @throws NotFoundException when there is none
   * @throws BadRequestException when the id is in several runs and no run was named
   */
  static int findSample(SpanIndex index, RunFilter runs, String id) {
    ShownRuns shown = runs.shown(index);
    List<Integer> found = new ArrayList<>();
    for (int candidate : index.findSamples(runs.runId(), id)) {
      if (shown.sample(candidate)) {
        found.add(candidate);
      }
    }
    if (found.isEmpty()) {
      throw new NotFoundException(
          "no sample with id '"
              + id
              + "'"
              + (runs.runId() == null ? "" : " in run '" + runs.runId() + "'"));
    }
    if (found.size() > 1) {
      List<String> inRuns = found.stream().map(index::sampleRun).toList();
      throw new BadRequestException(
          "sample id '"
              + id
              + "' is in several runs "
              + inRuns
              + "; pass run=<run id> to pick one");
    }
    return found.get(0);
  }

  /**
   * Wall time the sample spent in each stage: the union of its spans' intervals per stage, so a
   * controller span and the worker span nested in it (both "generate") are not counted twice.
   */
  private Map<String, Long> stageTotals(int smp) {
    Map<Integer, List<long[]>> intervals = new LinkedHashMap<>();
    for (int i = index.sampleFirstSpan(smp); i >= 0; i = index.nextInSample(i)) {
      intervals
          .computeIfAbsent(index.stage(i), k -> new ArrayList<>())
          .add(new long[] {index.start(i), index.end(i)});
    }
    Map<String, Long> perStage = new LinkedHashMap<>();
    intervals.forEach(
        (stage, list) -> {
          list.sort((a, b) -> Long.compare(a[0], b[0]));
          long total = 0;
          long curStart = list.get(0)[0];
          long curEnd = list.get(0)[1];
          for (long[] iv : list) {
            if (iv[0] > curEnd) {
              total += curEnd - curStart;
              curStart = iv[0];
              curEnd = iv[1];
            } else {
              curEnd = Math.max(curEnd, iv[1]);
            }
          }
          total += curEnd - curStart;
          perStage.put(index.strings().get(stage), total);
        });
    return perStage;
  }

  // ------------------------------------------------------------------ stuck samples

  public StuckAnswer stuck(RunFilter runs, long nowNanos) {
    LiveView liveView = read(() -> new LiveView(live.snapshot(), runs, runs.shown(index)));
    Map<String, List<LiveSpan>> byStage = new TreeMap<>();
    for (LiveSpan s : liveView.spans) {
      byStage.computeIfAbsent(s.stage(), k -> new ArrayList<>()).add(s);
    }
    List<StuckAnswer.Stage> stages = new ArrayList<>();
    byStage.forEach(
        (stage, spans) -> {
          LiveSpan oldest =
              spans.stream()
                  .min(Comparator.comparingLong(LiveSpan::startTimeUnixNano))
                  .orElseThrow();
          stages.add(
              new StuckAnswer.Stage(
                  stage,
                  spans.size(),
                  Durations.millis(Math.max(0, nowNanos - oldest.startTimeUnixNano())),
                  oldest.sampleId(),
                  oldest.traceId(),
                  oldest.spanId(),
                  oldest.name()));
        });
    stages.sort(Comparator.comparingDouble(m -> -m.oldestAgeMs()));
    List<StuckAnswer.InFlight> oldest = new ArrayList<>();
    liveView.spans.stream()
        .sorted(Comparator.comparingLong(LiveSpan::startTimeUnixNano))
        .limit(50)
        .forEach(
            s ->
                oldest.add(
                    new StuckAnswer.InFlight(
                        s.stage(),
                        s.name(),
                        s.sampleId(),
                        s.traceId(),
                        s.spanId(),
                        s.pid(),
                        Durations.millis(Math.max(0, nowNanos - s.startTimeUnixNano())))));
    List<StuckAnswer.Abandoned> abandoned = new ArrayList<>();
    List<LiveSpan> left = read(() -> new LiveView(live.abandoned(), runs, runs.shown(index)).spans);
    left.stream()
        .sorted(Comparator.comparingLong(LiveSpan::startTimeUnixNano))
        .limit(50)
        .forEach(
            s ->
                abandoned.add(
                    new StuckAnswer.Abandoned(
                        s.stage(),
                        s.name(),
                        s.sampleId(),
                        s.runId(),
                        s.attempt() > 0 ? s.attempt() : null,
                        s.traceId(),
                        s.spanId(),
                        s.pid(),
                        Long.toString(s.startTimeUnixNano()))));
    return new StuckAnswer(liveView.spans.size(), stages, oldest, left.size(), abandoned);
  }

  // ------------------------------------------------------------------ LLM calls

  /**
   * The LLM calls of the steps {@code steps} selects, in total and per model, and per step over
   * every step: calls, errors, tokens in and out, latency and time to first token.
   */
  public LlmAnswer llm(RunFilter runs, StepSelector steps) {
    return cached(
        "llm|" + runs + "|" + steps.key(),
        () ->
            read(
                () -> {
                  ShownRuns shown = runs.shown(index);
                  int latest = latestStep(shown);
                  LlmCallStats total = new LlmCallStats();
                  Map<String, LlmCallStats> perModel = new HashMap<>();
                  TreeMap<Integer, LlmCallStats> perStep = new TreeMap<>();
                  for (int k = 0, n = index.llmCallCount(); k < n; k++) {
                    int span = index.llmCallSpan(k);
                    if (!shown.span(span)) {
                      continue;
                    }
                    long duration = index.durationNanos(span);
                    boolean error = index.isError(span);
                    long in = index.llmCallInputTokens(k);
                    long out = index.llmCallOutputTokens(k);
                    long ttft = index.llmCallTimeToFirstTokenNanos(k);
                    int step = index.effectiveStep(span);
                    if (step != SpanIndex.NO_STEP) {
                      perStep
                          .computeIfAbsent(step, s -> new LlmCallStats())
                          .add(duration, error, in, out, ttft);
                    }
                    if (steps.accepts(step, latest)) {
                      total.add(duration, error, in, out, ttft);
                      String model = index.llmCallModel(k);
                      perModel
                          .computeIfAbsent(model == null ? "" : model, m -> new LlmCallStats())
                          .add(duration, error, in, out, ttft);
                    }
                  }
                  List<LlmAnswer.LlmFigures> models = new ArrayList<>();
                  perModel.forEach((model, stats) -> models.add(stats.figures(null, model)));
                  models.sort(
                      Comparator.comparingInt((LlmAnswer.LlmFigures f) -> -f.calls())
                          .thenComparing(LlmAnswer.LlmFigures::model));
                  List<LlmAnswer.LlmFigures> stepRows = new ArrayList<>();
                  perStep.forEach((step, stats) -> stepRows.add(stats.figures(step, null)));
                  return new LlmAnswer(
                      shownStep(steps, latest), total.figures(null, null), models, stepRows);
                }));
  }
}
