package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.index.SpanStatus;
import io.spanweave.viewer.json.RunsAnswer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The run list ({@code /api/runs}) from the in-memory index: per run its services, counts, steps,
 * time range and attempts. A run resumed from a checkpoint counts each step's traces and samples
 * once, as the step's counting attempt recorded them; every attempt's own figures are in its
 * {@link RunsAnswer.Attempt} row.
 */
final class RunList {
  /** Per run: counts, steps and time range. */
  private static final class RunAccumulator {
    final TreeSet<String> services = new TreeSet<>();
    final TreeSet<Integer> steps = new TreeSet<>();
    int traces;
    int spans;
    int errorTraces;
    int samples;
    int errorSamples;
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
  }

  private RunList() {}

  /** Every run of the index, newest first; the caller holds the read lock. */
  static RunsAnswer of(SpanIndex index) {
    ShownRuns counted = RunFilter.all().shown(index);
    AttemptTally attempts = new AttemptTally();
    Map<String, RunAccumulator> byRun = new HashMap<>();
    for (int t = 0; t < index.traceCount(); t++) {
      // A trace belongs to every run one of its spans names (usually one), or to "" when none does;
      // the services of all of its spans, a worker's included, are the run's.
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
        RunAccumulator run = byRun.computeIfAbsent(runId, k -> new RunAccumulator());
        for (int res : resources) {
          if (!index.resourceService(res).isEmpty()) {
            run.services.add(index.resourceService(res));
          }
        }
        int step = index.traceStep(t);
        attempts.addSpans(runId, index.traceAttempt(t), step, step == SpanIndex.NO_STEP, index.traceSpanCount(t),
            index.traceStart(t), index.traceEnd(t));
        if (step != SpanIndex.NO_STEP) {
          run.steps.add(step);
        }
        run.start = Math.min(run.start, index.traceStart(t));
        run.end = Math.max(run.end, index.traceEnd(t));
        if (!counts) {
          continue;
        }
        run.traces++;
        run.spans += index.traceSpanCount(t);
        if (index.traceErrors(t) > 0) {
          run.errorTraces++;
        }
      }
    }
    for (int smp = 0; smp < index.sampleCount(); smp++) {
      if (!index.sampleAlive(smp)) {
        continue;
      }
      RunAccumulator run = byRun.computeIfAbsent(index.sampleRun(smp), k -> new RunAccumulator());
      attempts.addSamples(index.sampleRun(smp), index.sampleAttempt(smp), 1);
      int step = index.sampleStep(smp);
      if (step != SpanIndex.NO_STEP) {
        run.steps.add(step);
      }
      if (!counted.sample(smp)) {
        continue;
      }
      run.samples++;
      if (index.sampleErrors(smp) > 0 || SpanStatus.isFailureWord(index.sampleRolloutStatus(smp))) {
        run.errorSamples++;
      }
    }
    List<RunsAnswer.Run> runs = new ArrayList<>();
    byRun.forEach((runId, r) -> {
      boolean timed = r.start != Long.MAX_VALUE;
      runs.add(new RunsAnswer.Run(runId, List.copyOf(r.services), r.traces, r.spans, r.errorTraces, r.samples,
          r.errorSamples, r.steps.size(),
          r.steps.isEmpty() ? null : r.steps.first(),
          r.steps.isEmpty() ? null : r.steps.last(),
          timed ? Long.toString(r.start) : null, timed ? Long.toString(r.end) : null,
          timed ? Durations.millis(r.end - r.start) : 0, attempts.rows(runId)));
    });
    runs.sort(Comparator.comparing((RunsAnswer.Run r) -> r.startUnixNano() == null ? 0L : Long.parseLong(r.startUnixNano()))
        .reversed().thenComparing(RunsAnswer.Run::runId));
    return new RunsAnswer(runs);
  }
}
