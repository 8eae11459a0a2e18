package io.spanweave.viewer.index;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The write side of {@link SpanIndex}: files each span read into the index's tables (its trace,
 * resource, step, metrics, LLM call, search postings) and gives it its sample, its own or, for a
 * span that names none, its parent's once the parent is read. It is apart from the index because
 * how a span finds its trace, run, attempt and sample is one job, while the index itself is what
 * queries read through.
 *
 * <p>Used under the index's write lock only, by the one ingest thread.
 */
final class SpanAppender {
  private final StringPool strings;
  private final SpanTable spans;
  private final MetricTable metrics;
  private final LlmTable llmCalls;
  private final TraceTable traces;
  private final SampleTable samples;
  private final ResourceTable resources;
  private final SpanKeys keys;
  private final SearchPostings postings;
  private final StepSpans stepSpans;

  /** The string id of "": the run of a span that names none. */
  private final int noRun;

  private long duplicateSpans;

  /** Sample facts of spans that wait for their sample (their parent has not been read yet). */
  private final Map<Integer, SampleOutcome> waitingOutcomes = new HashMap<>();

  /** Traces in which a span found its sample during this batch while others still wait. */
  private final Set<Integer> tracesToSettle = new LinkedHashSet<>();

  SpanAppender(
      StringPool strings,
      SpanTable spans,
      MetricTable metrics,
      LlmTable llmCalls,
      TraceTable traces,
      SampleTable samples,
      ResourceTable resources,
      SpanKeys keys,
      SearchPostings postings,
      StepSpans stepSpans) {
    this.strings = strings;
    this.spans = spans;
    this.metrics = metrics;
    this.llmCalls = llmCalls;
    this.traces = traces;
    this.samples = samples;
    this.resources = resources;
    this.keys = keys;
    this.postings = postings;
    this.stepSpans = stepSpans;
    this.noRun = strings.intern("");
  }

  /** How many spans were seen again after they were indexed, and not indexed twice. */
  long duplicateSpans() {
    return duplicateSpans;
  }

  /** Indexes one span; the caller holds the write lock. */
  void add(ParsedSpan s) {
    SpanFacts f = s.facts != null ? s.facts : SpanFacts.of(s, OtlpLineParser.MAX_SEARCHABLE_VALUE);
    int tracesBefore = traces.count();
    int t = traces.index(s.traceId);
    if (t == tracesBefore) {
      postings.add(traces.hex.get(t), t);
    }
    long id = f.spanIdBits;
    if (keys.find(t, id) >= 0) {
      duplicateSpans++;
      return;
    }
    int searchFrom = spans.beginSearchValues();
    for (int k = 0; k < f.searchable.size(); k++) {
      spans.searchValues.add(strings.intern(f.searchable.get(k)));
    }
    for (int k = searchFrom; k < spans.searchValues.size(); k++) {
      postings.add(spans.searchValues.get(k), t);
    }
    int res = resources.index(f.service, f.runId, f.attempt);
    int i =
        spans.add(
            s,
            id,
            f.parentIdBits,
            t,
            res,
            strings.intern(s.name),
            internFact(f.stage, f, searchFrom),
            internFact(f.kind, f, searchFrom),
            f.status,
            internFact(f.errorType, f, searchFrom),
            f.step,
            internFact(f.path, f, searchFrom));
    keys.add(t, id, i);
    postings.add(spans.name.get(i), t);
    for (int m = 0; m < f.metricKeys.size(); m++) {
      metrics.add(i, strings.intern(f.metricKeys.get(m)), f.metricValues.get(m));
    }
    if (f.llm != null) {
      llmCalls.add(
          i,
          internFact(f.llm.model, f, searchFrom),
          internFact(f.llm.operation, f, searchFrom),
          internFact(f.llm.finishReasons, f, searchFrom),
          f.llm);
    }
    int traceStepBefore = traces.step.get(t);
    traces.link(t, i, s.parentSpanId == null);
    addToStep(t, i, traceStepBefore);
    int run = resources.run.get(res);
    if (f.attempt > traces.attempt.get(t)) {
      boolean first = traces.attempt.get(t) == 0;
      traces.attempt.set(t, f.attempt);
      if (first) {
        // The samples a worker's spans that name no attempt opened before are this attempt's.
        samples.refile(traces, t, noRun, StringPool.NONE, f.attempt, false);
      }
    }
    if (run != noRun && traces.run.get(t) == StringPool.NONE) {
      traces.run.set(t, run);
      // The samples spans of the trace opened under no run before are the run's: the run's own
      // spans (the driver's) are often written after a worker's.
      samples.refile(traces, t, noRun, run, traces.attempt.get(t), true);
    }

    // A span that names no run (a worker's, exported without the run id) is its trace's run's, and
    // one that names no attempt its trace's attempt's.
    int sampleRun = run != noRun || traces.run.get(t) == StringPool.NONE ? run : traces.run.get(t);
    int smp =
        f.sample == null
            ? -1
            : samples.index(
                sampleRun,
                f.attempt > 0 ? f.attempt : traces.attempt.get(t),
                internFact(f.sample, f, searchFrom),
                t,
                res);
    if (smp < 0) {
      smp = sampleOfParent(i);
    }
    if (smp >= 0) {
      attach(i, smp, f.outcome, value -> internFact(value, f, searchFrom));
    } else {
      // A span that names no sample (an emitter's reward, a reconstructed agent call) belongs to
      // its parent's sample; the parent may be read later (children end, and are written, first).
      traces.orphans.set(t, traces.orphans.get(t) + 1);
      if (f.outcome != null) {
        waitingOutcomes.put(i, f.outcome);
      }
    }
  }

  /**
   * Files span {@code i} under its effective step, and its trace's earlier spans once the trace has
   * one.
   */
  private void addToStep(int t, int i, int traceStepBefore) {
    int own = spans.step.get(i);
    int traceStep = traces.step.get(t);
    if (own != SpanIndex.NO_STEP) {
      stepSpans.add(own, i);
    } else if (traceStep != SpanIndex.NO_STEP) {
      stepSpans.add(traceStep, i);
    }
    if (traceStepBefore == SpanIndex.NO_STEP && traceStep != SpanIndex.NO_STEP) {
      for (int j = traces.first.get(t); j >= 0; j = spans.nextInTrace.get(j)) {
        if (j != i && spans.step.get(j) == SpanIndex.NO_STEP) {
          stepSpans.add(traceStep, j);
        }
      }
    }
  }

  /** The sample of span {@code i}'s parent, or -1 when the parent is not indexed or has none. */
  private int sampleOfParent(int i) {
    long parent = spans.parentId.get(i);
    if (parent == 0L) {
      return -1;
    }
    int p = keys.find(spans.trace.get(i), parent);
    return p < 0 ? -1 : spans.sample.get(p);
  }

  private void attach(
      int i, int smp, SampleOutcome outcome, java.util.function.ToIntFunction<String> intern) {
    int t = spans.trace.get(i);
    samples.link(smp, i, outcome, intern);
    if (traces.sample.get(t) < 0) {
      traces.sample.set(t, smp);
    }
    if (traces.orphans.get(t) > 0) {
      tracesToSettle.add(t);
    }
  }

  /**
   * Gives waiting spans the sample their parent now has, level by level, in the traces where a span
   * found its sample during this batch. Traces without waiting spans cost nothing here.
   */
  void settleOrphans() {
    while (!tracesToSettle.isEmpty()) {
      List<Integer> toSettle = List.copyOf(tracesToSettle);
      tracesToSettle.clear();
      for (int t : toSettle) {
        boolean adopted = true;
        while (adopted && traces.orphans.get(t) > 0) {
          adopted = false;
          for (int i = traces.first.get(t); i >= 0; i = spans.nextInTrace.get(i)) {
            if (spans.sample.get(i) >= 0) {
              continue;
            }
            int smp = sampleOfParent(i);
            if (smp >= 0) {
              traces.orphans.set(t, traces.orphans.get(t) - 1);
              attach(i, smp, waitingOutcomes.remove(i), strings::intern);
              adopted = true;
            }
          }
        }
      }
      tracesToSettle.clear();
    }
  }

  /**
   * Interns a value of this span's facts. Most of them (sample id, stage, path, ...) are also
   * searchable attribute values interned just before, as the very same String instance; their id is
   * taken from there instead of hashing the string a second time.
   */
  private int internFact(String value, SpanFacts f, int searchFrom) {
    if (value == null) {
      return StringPool.NONE;
    }
    for (int k = 0; k < f.searchable.size(); k++) {
      if (f.searchable.get(k) == value) {
        return spans.searchValues.get(searchFrom + k);
      }
    }
    return strings.intern(value);
  }
}
