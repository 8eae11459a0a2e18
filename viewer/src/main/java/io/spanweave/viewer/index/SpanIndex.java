package io.spanweave.viewer.index;

import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * The in-memory index of every span read so far, stored column-wise in primitive arrays.
 *
 * <p>Why columns: a million spans as objects with maps of attributes cost several GiB (that is what
 * makes the XTuner viewer need 5 GiB); as ints and longs plus one pool of interned strings they
 * cost about 150 bytes each. Only what the rollout views aggregate over is kept here; the inspector
 * re-reads a span's full line from its file offset.
 *
 * <p>One table per concern: {@link SpanTable}, {@link TraceTable}, {@link SampleTable} (a sample is
 * a run id and a sample id), {@link MetricTable}, {@link ResourceTable}, and {@link SpanKeys},
 * which keeps each (trace, span id) to one row. Rows are linked by int indexes instead of lists.
 * {@link SpanAppender} adds spans to them; this class is what queries read through.
 *
 * <p>Runs are attributed per span: a span's run is its resource's {@code spanweave.run.id} (or
 * {@code run.id}), else its trace's run, the first run one of the trace's spans names. A worker in
 * another language that exported without the run id thus joins the driver's run, and its spans that
 * name a sample join the driver's sample of that id (see {@link #sampleAlive}).
 *
 * <p>Concurrency: one writer (the ingest thread) appends under the write lock; HTTP threads read
 * under the read lock, inside {@link #read}; the lock itself is not handed out. {@link #version()}
 * changes with every append so readers can cache results.
 */
public final class SpanIndex {
  public static final int NO_STEP = Integer.MIN_VALUE;

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final StringPool strings = new StringPool();
  private volatile long version;

  private final SpanTable spans = new SpanTable();
  private final MetricTable metrics = new MetricTable();
  private final LlmTable llmCalls = new LlmTable();
  private final TraceTable traces = new TraceTable(spans, strings);
  private final SampleTable samples = new SampleTable(spans);
  private final ResourceTable resources = new ResourceTable(strings);
  private final SpanKeys keys =
      new SpanKeys(
          new SpanKeys.Rows() {
            @Override
            public int traceOf(int row) {
              return spans.trace.get(row);
            }

            @Override
            public long spanIdOf(int row) {
              return spans.spanId.get(row);
            }
          });
  private final SearchPostings postings = new SearchPostings();
  private final StepSpans stepSpans = new StepSpans();
  private final SpanAppender appender =
      new SpanAppender(
          strings, spans, metrics, llmCalls, traces, samples, resources, keys, postings, stepSpans);

  /**
   * Runs {@code query} under the read lock and returns what it returns: everything it reads of the
   * index is one state, since the ingest thread appends (in {@link #addAll}) under the write lock.
   * The index's other methods take no lock (they are called in loops over every span); call them
   * inside a query.
   */
  public <T> T read(Supplier<T> query) {
    lock.readLock().lock();
    try {
      return query.get();
    } finally {
      lock.readLock().unlock();
    }
  }

  public StringPool strings() {
    return strings;
  }

  /** Changes whenever spans are added. */
  public long version() {
    return version;
  }

  /** Adds spans; the caller holds no lock, this takes the write lock once for the batch. */
  public void addAll(List<ParsedSpan> batch) {
    if (batch.isEmpty()) {
      return;
    }
    lock.writeLock().lock();
    try {
      for (ParsedSpan s : batch) {
        appender.add(s);
      }
      appender.settleOrphans();
      version++;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** How many spans were seen again after they were indexed, and not indexed twice. */
  public long duplicateSpans() {
    return appender.duplicateSpans();
  }

  // ------------------------------------------------------------------ spans

  public int spanCount() {
    return spans.count();
  }

  public long spanId(int i) {
    return spans.spanId.get(i);
  }

  public long parentId(int i) {
    return spans.parentId.get(i);
  }

  public long start(int i) {
    return spans.start.get(i);
  }

  public long end(int i) {
    return spans.end.get(i);
  }

  public long durationNanos(int i) {
    return spans.end.get(i) - spans.start.get(i);
  }

  public int traceOf(int i) {
    return spans.trace.get(i);
  }

  public int name(int i) {
    return spans.name.get(i);
  }

  public int stage(int i) {
    return spans.stage.get(i);
  }

  public int kindTag(int i) {
    return spans.kindTag.get(i);
  }

  public SpanStatus status(int i) {
    return spans.status(i);
  }

  public boolean isError(int i) {
    return spans.isError(i);
  }

  public int errorType(int i) {
    return spans.errorType.get(i);
  }

  public int sampleOf(int i) {
    return spans.sample.get(i);
  }

  /** The rows of the spans whose {@link #effectiveStep} is {@code step} (a new array). */
  public int[] spansOfStep(int step) {
    return stepSpans.rows(step);
  }

  /** The span's own step, else its trace's step, else {@link #NO_STEP}. */
  public int effectiveStep(int i) {
    int s = spans.step.get(i);
    return s != NO_STEP ? s : traces.step.get(spans.trace.get(i));
  }

  public int resource(int i) {
    return spans.resource.get(i);
  }

  public int path(int i) {
    return spans.path.get(i);
  }

  public int nextInTrace(int i) {
    return spans.nextInTrace.get(i);
  }

  public int nextInSample(int i) {
    return spans.nextInSample.get(i);
  }

  public int sourceId(int i) {
    return spans.sourceAndOrdinal.get(i) & 0xFF;
  }

  public int ordinalInLine(int i) {
    return spans.sourceAndOrdinal.get(i) >>> 8;
  }

  public long lineOffset(int i) {
    return spans.lineOffset.get(i);
  }

  public int lineLength(int i) {
    return spans.lineLength.get(i);
  }

  /**
   * Adds to {@code traces} the traces in which one of the strings {@code stringIds} is a span's
   * name, a searchable attribute value of a span, or the trace id (the inverted index of search).
   */
  public void addTracesContaining(BitSet stringIds, BitSet traces) {
    postings.addTraces(stringIds, traces);
  }

  /** Whether any searchable string attribute value of span {@code i} is in {@code matching}. */
  public boolean anySearchValueIn(int i, BitSet matching) {
    return spans.anySearchValueIn(i, matching);
  }

  // ------------------------------------------------------------------ metrics

  public int metricCount() {
    return metrics.count();
  }

  public int metricSpan(int m) {
    return metrics.span.get(m);
  }

  public int metricKey(int m) {
    return metrics.key.get(m);
  }

  public double metricValue(int m) {
    return metrics.value.get(m);
  }

  // ------------------------------------------------------------------ LLM calls

  /** How many spans are LLM calls (they carry OpenTelemetry's GenAI names). */
  public int llmCallCount() {
    return llmCalls.count();
  }

  public int llmCallSpan(int k) {
    return llmCalls.span.get(k);
  }

  /** The model that answered, else the one asked for; null when the span names none. */
  public String llmCallModel(int k) {
    return strings.get(llmCalls.model.get(k));
  }

  public String llmCallOperation(int k) {
    return strings.get(llmCalls.operation.get(k));
  }

  public String llmCallFinishReasons(int k) {
    return strings.get(llmCalls.finishReasons.get(k));
  }

  /** Input tokens, -1 when the span does not say. */
  public long llmCallInputTokens(int k) {
    return llmCalls.inputTokens.get(k);
  }

  /** Output tokens, -1 when the span does not say. */
  public long llmCallOutputTokens(int k) {
    return llmCalls.outputTokens.get(k);
  }

  /** Nanoseconds to the first token, -1 when the span does not say. */
  public long llmCallTimeToFirstTokenNanos(int k) {
    return llmCalls.timeToFirstTokenNanos.get(k);
  }

  // ------------------------------------------------------------------ traces

  public int traceCount() {
    return traces.count();
  }

  /** Whether span {@code spanHex} of trace {@code traceHex} is indexed (takes the read lock). */
  public boolean contains(String traceHex, String spanHex) {
    lock.readLock().lock();
    try {
      int t = traces.find(traceHex);
      return t >= 0 && keys.find(t, SpanIds.spanIdToLong(spanHex)) >= 0;
    } finally {
      lock.readLock().unlock();
    }
  }

  public int findTrace(String hex) {
    return traces.find(hex);
  }

  public String traceHex(int t) {
    return strings.get(traces.hex.get(t));
  }

  public int traceFirstSpan(int t) {
    return traces.first.get(t);
  }

  public int traceSpanCount(int t) {
    return traces.spanCount.get(t);
  }

  public int traceErrors(int t) {
    return traces.errors.get(t);
  }

  public int traceRoot(int t) {
    return traces.root.get(t);
  }

  public int traceKindMask(int t) {
    return traces.kindMask.get(t);
  }

  /** The bit of a {@code spanweave.kind} value in {@link #traceKindMask}, 0 if it has none. */
  public int kindMaskBit(int kindString) {
    return traces.kindMaskBit(kindString);
  }

  public List<Integer> kindStrings() {
    return traces.kindStrings();
  }

  public int traceStep(int t) {
    return traces.step.get(t);
  }

  public int traceSample(int t) {
    return traces.sample.get(t);
  }

  /** The resource of the trace's first indexed span. */
  public int traceResource(int t) {
    return traces.resource.get(t);
  }

  /**
   * Every resource row among the trace's spans (a driver's and its workers'), the first span's
   * first.
   */
  public int[] traceResources(int t) {
    return traces.resources(t);
  }

  /**
   * The attempt of its run the trace is in: the highest one its spans name, 1 when none names one.
   */
  public int traceAttempt(int t) {
    return Math.max(1, traces.attempt.get(t));
  }

  /** The highest attempt any span names, 0 when none does (a file of one attempt per run). */
  public int maxAttempt() {
    return resources.maxAttempt();
  }

  /** The first run id a span of the trace names, "" when none does. */
  public String traceRun(int t) {
    int run = traces.run.get(t);
    return run == StringPool.NONE ? "" : strings.get(run);
  }

  public long traceStart(int t) {
    return traces.start.get(t);
  }

  public long traceEnd(int t) {
    return traces.end.get(t);
  }

  // ------------------------------------------------------------------ samples

  /** Sample rows, to loop over; some may not be samples any more ({@link #sampleAlive}). */
  public int sampleCount() {
    return samples.count();
  }

  /** How many samples the index holds. */
  public int distinctSamples() {
    return samples.samples();
  }

  /**
   * The samples with this id: in run {@code run}, or in every run when {@code run} is null (a file
   * shared by runs that reuse sample ids then has several), in every attempt of the run.
   */
  public List<Integer> findSamples(String run, String id) {
    int idString = strings.find(id);
    if (idString < 0) {
      return List.of();
    }
    Set<Integer> runs = new LinkedHashSet<>();
    if (run != null) {
      int runString = strings.find(run);
      if (runString < 0) {
        return List.of();
      }
      runs.add(runString);
    } else {
      for (int r = 0; r < resources.count(); r++) {
        runs.add(resources.run.get(r));
      }
    }
    return samples.findAll(runs, idString);
  }

  /**
   * Whether row {@code smp} is a sample. A sample whose spans named no run and that was merged into
   * its run's sample of the same id, once its trace named the run, leaves a row that is not.
   */
  public boolean sampleAlive(int smp) {
    return samples.alive(smp);
  }

  public String sampleKey(int smp) {
    return strings.get(samples.id.get(smp));
  }

  /** The attempt of its run the sample was recorded in (1 when its spans name none). */
  public int sampleAttempt(int smp) {
    return Math.max(1, samples.attempt.get(smp));
  }

  /** The run id of the sample, "" when its spans name none. */
  public String sampleRun(int smp) {
    return strings.get(samples.run.get(smp));
  }

  public int sampleFirstSpan(int smp) {
    return samples.first.get(smp);
  }

  public int sampleTrace(int smp) {
    return samples.trace.get(smp);
  }

  public String sampleGroup(int smp) {
    return strings.get(samples.group.get(smp));
  }

  public String sampleSession(int smp) {
    return strings.get(samples.session.get(smp));
  }

  public String sampleTask(int smp) {
    return strings.get(samples.task.get(smp));
  }

  /** The sample's own step, else its first trace's step. */
  public int sampleStep(int smp) {
    int s = samples.step.get(smp);
    return s != NO_STEP ? s : traces.step.get(samples.trace.get(smp));
  }

  public String sampleRolloutStatus(int smp) {
    return strings.get(samples.status.get(smp));
  }

  public int sampleErrors(int smp) {
    return samples.errors.get(smp);
  }

  /** 1 filtered, 0 kept, -1 not recorded. */
  public int sampleFiltered(int smp) {
    return samples.filtered.get(smp);
  }

  public String sampleFilterReason(int smp) {
    return strings.get(samples.filterReason.get(smp));
  }

  public String sampleFilterDecision(int smp) {
    return strings.get(samples.filterDecision.get(smp));
  }

  /** 1 passed, 0 failed, -1 not recorded. */
  public int sampleRewardPass(int smp) {
    return samples.rewardPass.get(smp);
  }

  /** 1 included in training, 0 left out, -1 not recorded. */
  public int sampleTrainIncluded(int smp) {
    return samples.trainIncluded.get(smp);
  }

  public String sampleOversampleSource(int smp) {
    return strings.get(samples.oversampleSource.get(smp));
  }

  public String sampleDropReason(int smp) {
    return strings.get(samples.dropReason.get(smp));
  }

  /** The error type of the sample's first failed span, else one its spans named; null if none. */
  public String sampleErrorType(int smp) {
    return strings.get(samples.errorType.get(smp));
  }

  public String sampleErrorMessage(int smp) {
    return strings.get(samples.errorMessage.get(smp));
  }

  public int sampleResource(int smp) {
    return samples.resource.get(smp);
  }

  public double sampleReward(int smp) {
    return samples.reward.get(smp);
  }

  public long sampleStart(int smp) {
    return samples.start.get(smp);
  }

  public long sampleEnd(int smp) {
    return samples.end.get(smp);
  }

  // ------------------------------------------------------------------ resources

  public int resourceCount() {
    return resources.count();
  }

  public String resourceService(int r) {
    return strings.get(resources.service.get(r));
  }

  public String resourceRun(int r) {
    return strings.get(resources.run.get(r));
  }
}
