package io.spanweave.viewer.index;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The in-memory index of every span read so far, stored column-wise in primitive arrays.
 *
 * <p>Why columns: a million spans as objects with maps of attributes cost several GiB (that is
 * what makes the XTuner viewer need 5 GiB); as ints and longs plus one pool of interned strings
 * they cost about 150 bytes each. Only what the rollout views aggregate over is kept here; the
 * inspector re-reads a span's full line from its file offset.
 *
 * <p>Three tables: spans, traces and samples (a sample is one {@code rollout.id}). Rows are linked
 * by int indexes ({@code nextInTrace}, {@code nextInSample}) instead of lists.
 *
 * <p>Concurrency: one writer (the ingest thread) appends under the write lock; HTTP threads read
 * under the read lock. {@link #version()} changes with every append so readers can cache results.
 */
public final class SpanIndex {
  public static final int NO_STEP = Integer.MIN_VALUE;

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final StringPool strings = new StringPool();
  private volatile long version;

  // ---- span table
  private final LongColumn spanId = new LongColumn(1024);
  private final LongColumn parentId = new LongColumn(1024);
  private final LongColumn start = new LongColumn(1024);
  private final LongColumn end = new LongColumn(1024);
  private final LongColumn lineOffset = new LongColumn(1024);
  private final IntColumn lineLength = new IntColumn(1024);
  /** Source file id (low 8 bits) and ordinal of the span in its line (the rest). */
  private final IntColumn sourceAndOrdinal = new IntColumn(1024);
  private final IntColumn trace = new IntColumn(1024);
  private final IntColumn name = new IntColumn(1024);
  private final IntColumn stage = new IntColumn(1024);
  private final IntColumn kindTag = new IntColumn(1024);
  private final IntColumn status = new IntColumn(1024);
  private final IntColumn errorType = new IntColumn(1024);
  private final IntColumn sample = new IntColumn(1024);
  private final IntColumn step = new IntColumn(1024);
  private final IntColumn resource = new IntColumn(1024);
  private final IntColumn path = new IntColumn(1024);
  private final IntColumn nextInTrace = new IntColumn(1024);
  private final IntColumn nextInSample = new IntColumn(1024);
  private final IntColumn searchStart = new IntColumn(1024);
  /** Interned string attribute values of all spans, back to back; a span's run ends at the next span's start. */
  private final IntColumn searchValues = new IntColumn(8192);

  // ---- metric table (sparse: only spans that carry metrics)
  private final IntColumn metricSpan = new IntColumn(1024);
  private final IntColumn metricKey = new IntColumn(1024);
  private final DoubleColumn metricValue = new DoubleColumn(1024);

  // ---- trace table
  private final Map<String, Integer> traceIds = new HashMap<>();
  private final IntColumn traceHex = new IntColumn(256);
  private final IntColumn traceFirst = new IntColumn(256);
  private final IntColumn traceLast = new IntColumn(256);
  private final IntColumn traceSpanCount = new IntColumn(256);
  private final IntColumn traceErrors = new IntColumn(256);
  private final IntColumn traceRoot = new IntColumn(256);
  private final IntColumn traceKindMask = new IntColumn(256);
  private final IntColumn traceStep = new IntColumn(256);
  private final IntColumn traceSample = new IntColumn(256);
  private final IntColumn traceResource = new IntColumn(256);
  /** Spans of the trace that name no sample and have not reached one through their parent yet. */
  private final IntColumn traceOrphans = new IntColumn(256);
  private final LongColumn traceStart = new LongColumn(256);
  private final LongColumn traceEnd = new LongColumn(256);

  // ---- sample table: a sample is (run id, sample id), so runs that reuse ids stay apart
  private final Map<Long, Integer> sampleByKey = new HashMap<>();
  private final IntColumn sampleKey = new IntColumn(256);
  private final IntColumn sampleRun = new IntColumn(256);
  private final IntColumn sampleFirst = new IntColumn(256);
  private final IntColumn sampleLast = new IntColumn(256);
  private final IntColumn sampleTrace = new IntColumn(256);
  private final IntColumn sampleGroup = new IntColumn(256);
  private final IntColumn sampleSession = new IntColumn(256);
  private final IntColumn sampleTask = new IntColumn(256);
  private final IntColumn sampleStep = new IntColumn(256);
  private final IntColumn sampleRolloutStatus = new IntColumn(256);
  private final IntColumn sampleErrors = new IntColumn(256);
  private final IntColumn sampleFiltered = new IntColumn(256);
  private final IntColumn sampleFilterReason = new IntColumn(256);
  private final IntColumn sampleFilterDecision = new IntColumn(256);
  private final IntColumn sampleRewardPass = new IntColumn(256);
  private final IntColumn sampleTrainIncluded = new IntColumn(256);
  private final IntColumn sampleOversampleSource = new IntColumn(256);
  private final IntColumn sampleDropReason = new IntColumn(256);
  private final IntColumn sampleErrorType = new IntColumn(256);
  private final IntColumn sampleErrorMessage = new IntColumn(256);
  private final IntColumn sampleResource = new IntColumn(256);
  private final DoubleColumn sampleReward = new DoubleColumn(256);
  private final LongColumn sampleRewardEnd = new LongColumn(256);
  private final LongColumn sampleStart = new LongColumn(256);
  private final LongColumn sampleEnd = new LongColumn(256);
  private final LongColumn sampleStatusEnd = new LongColumn(256);

  // ---- resources (service.name x run id) and kinds
  private final Map<Long, Integer> resourceByKey = new HashMap<>();
  private final IntColumn resourceService = new IntColumn(16);
  private final IntColumn resourceRun = new IntColumn(16);
  /** Distinct spanweave.kind values; the first 32 get a bit in the trace kind mask. */
  private final Map<Integer, Integer> kindBits = new HashMap<>();

  // ---- identity: each (trace, span id) is indexed once
  private final SpanKeys keys = new SpanKeys(new SpanKeys.Rows() {
    @Override
    public int traceOf(int row) {
      return trace.get(row);
    }

    @Override
    public long spanIdOf(int row) {
      return spanId.get(row);
    }
  });
  private long duplicateSpans;
  /** Sample facts of spans that wait for their sample (their parent has not been read yet). */
  private final Map<Integer, SampleOutcome> waitingOutcomes = new HashMap<>();
  /** Traces in which a span found its sample during this batch while others still wait. */
  private final java.util.Set<Integer> tracesToSettle = new java.util.LinkedHashSet<>();

  public ReentrantReadWriteLock lock() {
    return lock;
  }

  public StringPool strings() {
    return strings;
  }

  /** Changes whenever spans are added. */
  public long version() {
    return version;
  }

  /** Adds spans; the caller holds no lock, this takes the write lock once for the batch. */
  public void addAll(List<ParsedSpan> spans) {
    if (spans.isEmpty()) {
      return;
    }
    lock.writeLock().lock();
    try {
      for (ParsedSpan s : spans) {
        add(s);
      }
      settleOrphans();
      version++;
    } finally {
      lock.writeLock().unlock();
    }
  }

  private void add(ParsedSpan s) {
    SpanFacts f = s.facts != null ? s.facts : SpanFacts.of(s, OtlpLineParser.MAX_SEARCHABLE_VALUE);
    int t = traceIndex(s.traceId);
    long id = SpanIds.spanIdToLong(s.spanId);
    if (keys.find(t, id) >= 0) {
      duplicateSpans++;
      return;
    }
    int i = spanId.size();
    int searchFrom = searchValues.size();
    searchStart.add(searchFrom);
    for (int k = 0; k < f.searchable.size(); k++) {
      searchValues.add(strings.intern(f.searchable.get(k)));
    }
    int res = resourceIndex(f.service, f.runId);
    int kind = internFact(f.kind, f, searchFrom);

    spanId.add(id);
    parentId.add(SpanIds.spanIdToLong(s.parentSpanId));
    start.add(s.startTimeUnixNano);
    end.add(Math.max(s.endTimeUnixNano, s.startTimeUnixNano));
    lineOffset.add(s.lineOffset);
    lineLength.add(s.lineLength);
    sourceAndOrdinal.add((s.ordinalInLine << 8) | (s.sourceId & 0xFF));
    trace.add(t);
    name.add(strings.intern(s.name));
    stage.add(internFact(f.stage, f, searchFrom));
    kindTag.add(kind);
    status.add(f.status.ordinal());
    errorType.add(internFact(f.errorType, f, searchFrom));
    step.add(f.step);
    resource.add(res);
    path.add(internFact(f.path, f, searchFrom));
    nextInTrace.add(-1);
    nextInSample.add(-1);
    sample.add(-1);
    keys.add(t, id, i);
    for (int m = 0; m < f.metricKeys.size(); m++) {
      metricSpan.add(i);
      metricKey.add(strings.intern(f.metricKeys.get(m)));
      metricValue.add(f.metricValues.get(m));
    }

    linkIntoTrace(t, i, s, f.status, kind, f.step, res);
    int smp = f.sample == null ? -1
        : sampleIndex(resourceRun.get(res), internFact(f.sample, f, searchFrom), t, res);
    if (smp < 0) {
      smp = sampleOfParent(i);
    }
    if (smp >= 0) {
      attach(i, smp, f.outcome, f, searchFrom);
    } else {
      // A span that names no sample (an emitter's reward, a reconstructed agent call) belongs to
      // its parent's sample; the parent may be read later (children end, and are written, first).
      traceOrphans.set(t, traceOrphans.get(t) + 1);
      if (f.outcome != null) {
        waitingOutcomes.put(i, f.outcome);
      }
    }
  }

  /** The sample of span {@code i}'s parent, or -1 when the parent is not indexed or has none. */
  private int sampleOfParent(int i) {
    long parent = parentId.get(i);
    if (parent == 0L) {
      return -1;
    }
    int p = keys.find(trace.get(i), parent);
    return p < 0 ? -1 : sample.get(p);
  }

  private void attach(int i, int smp, SampleOutcome outcome, SpanFacts f, int searchFrom) {
    int t = trace.get(i);
    sample.set(i, smp);
    linkIntoSample(smp, i, outcome, f, searchFrom);
    if (traceSample.get(t) < 0) {
      traceSample.set(t, smp);
    }
    if (traceOrphans.get(t) > 0) {
      tracesToSettle.add(t);
    }
  }

  /**
   * Gives waiting spans the sample their parent now has, level by level, in the traces where a
   * span found its sample during this batch. Traces without waiting spans cost nothing here.
   */
  private void settleOrphans() {
    while (!tracesToSettle.isEmpty()) {
      List<Integer> traces = List.copyOf(tracesToSettle);
      tracesToSettle.clear();
      for (int t : traces) {
        boolean adopted = true;
        while (adopted && traceOrphans.get(t) > 0) {
          adopted = false;
          for (int i = traceFirst.get(t); i >= 0; i = nextInTrace.get(i)) {
            if (sample.get(i) >= 0) {
              continue;
            }
            int smp = sampleOfParent(i);
            if (smp >= 0) {
              traceOrphans.set(t, traceOrphans.get(t) - 1);
              attach(i, smp, waitingOutcomes.remove(i), null, 0);
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
   * searchable attribute values interned just before, as the very same String instance; their id
   * is taken from there instead of hashing the string a second time.
   */
  private int internFact(String value, SpanFacts f, int searchFrom) {
    if (value == null) {
      return StringPool.NONE;
    }
    for (int k = 0; k < f.searchable.size(); k++) {
      if (f.searchable.get(k) == value) {
        return searchValues.get(searchFrom + k);
      }
    }
    return strings.intern(value);
  }

  private int traceIndex(String hex) {
    Integer existing = traceIds.get(hex);
    if (existing != null) {
      return existing;
    }
    int t = traceHex.size();
    traceIds.put(hex, t);
    traceHex.add(strings.intern(hex));
    traceFirst.add(-1);
    traceLast.add(-1);
    traceSpanCount.add(0);
    traceErrors.add(0);
    traceRoot.add(-1);
    traceKindMask.add(0);
    traceStep.add(NO_STEP);
    traceSample.add(-1);
    traceResource.add(-1);
    traceOrphans.add(0);
    traceStart.add(Long.MAX_VALUE);
    traceEnd.add(Long.MIN_VALUE);
    return t;
  }

  private void linkIntoTrace(int t, int i, ParsedSpan s, SpanStatus st, int kind, int stepValue, int res) {
    if (traceFirst.get(t) < 0) {
      traceFirst.set(t, i);
    } else {
      nextInTrace.set(traceLast.get(t), i);
    }
    traceLast.set(t, i);
    traceSpanCount.set(t, traceSpanCount.get(t) + 1);
    if (st == SpanStatus.ERROR) {
      traceErrors.set(t, traceErrors.get(t) + 1);
    }
    traceStart.set(t, Math.min(traceStart.get(t), start.get(i)));
    traceEnd.set(t, Math.max(traceEnd.get(t), end.get(i)));
    if (kind >= 0) {
      traceKindMask.set(t, traceKindMask.get(t) | kindBit(kind));
    }
    if (traceStep.get(t) == NO_STEP && stepValue != NO_STEP) {
      traceStep.set(t, stepValue);
    }
    if (traceResource.get(t) < 0) {
      traceResource.set(t, res);
    }
    // The root is the span without a parent; until one arrives, the earliest span stands in.
    int root = traceRoot.get(t);
    boolean isRoot = s.parentSpanId == null;
    if (root < 0
        || (isRoot && (parentId.get(root) != 0 || start.get(i) < start.get(root)))
        || (!isRoot && parentId.get(root) != 0 && start.get(i) < start.get(root))) {
      traceRoot.set(t, i);
    }
  }

  private static long sampleKeyOf(int run, int sampleId) {
    return ((long) run << 32) | (sampleId & 0xFFFFFFFFL);
  }

  private int sampleIndex(int run, int key, int t, int res) {
    long runAndKey = sampleKeyOf(run, key);
    Integer existing = sampleByKey.get(runAndKey);
    if (existing != null) {
      return existing;
    }
    int smp = sampleKey.size();
    sampleByKey.put(runAndKey, smp);
    sampleKey.add(key);
    sampleRun.add(run);
    sampleFirst.add(-1);
    sampleLast.add(-1);
    sampleTrace.add(t);
    sampleGroup.add(StringPool.NONE);
    sampleSession.add(StringPool.NONE);
    sampleTask.add(StringPool.NONE);
    sampleStep.add(NO_STEP);
    sampleRolloutStatus.add(StringPool.NONE);
    sampleErrors.add(0);
    sampleFiltered.add(-1);
    sampleFilterReason.add(StringPool.NONE);
    sampleFilterDecision.add(StringPool.NONE);
    sampleRewardPass.add(-1);
    sampleTrainIncluded.add(-1);
    sampleOversampleSource.add(StringPool.NONE);
    sampleDropReason.add(StringPool.NONE);
    sampleErrorType.add(StringPool.NONE);
    sampleErrorMessage.add(StringPool.NONE);
    sampleResource.add(res);
    sampleReward.add(Double.NaN);
    sampleRewardEnd.add(Long.MIN_VALUE);
    sampleStart.add(Long.MAX_VALUE);
    sampleEnd.add(Long.MIN_VALUE);
    sampleStatusEnd.add(Long.MIN_VALUE);
    return smp;
  }

  /**
   * Adds span {@code i} to sample {@code smp} with the sample facts it carries.
   *
   * @param f the span's facts when it is being added now (to intern from its searchable values),
   *     null when a waiting span is adopted later
   */
  private void linkIntoSample(int smp, int i, SampleOutcome o, SpanFacts f, int searchFrom) {
    if (sampleFirst.get(smp) < 0) {
      sampleFirst.set(smp, i);
    } else {
      nextInSample.set(sampleLast.get(smp), i);
    }
    sampleLast.set(smp, i);
    if (status.get(i) == SpanStatus.ERROR.ordinal()) {
      sampleErrors.set(smp, sampleErrors.get(smp) + 1);
      if (sampleErrorType.get(smp) == StringPool.NONE) {
        sampleErrorType.set(smp, errorType.get(i));
      }
    }
    sampleStart.set(smp, Math.min(sampleStart.get(smp), start.get(i)));
    sampleEnd.set(smp, Math.max(sampleEnd.get(smp), end.get(i)));
    if (sampleStep.get(smp) == NO_STEP && step.get(i) != NO_STEP) {
      sampleStep.set(smp, step.get(i));
    }
    if (o == null) {
      return;
    }
    setIfAbsent(sampleGroup, smp, o.group, f, searchFrom);
    setIfAbsent(sampleSession, smp, o.session, f, searchFrom);
    setIfAbsent(sampleTask, smp, o.task, f, searchFrom);
    setIfAbsent(sampleFilterReason, smp, o.filterReason, f, searchFrom);
    setIfAbsent(sampleFilterDecision, smp, o.filterDecision, f, searchFrom);
    setIfAbsent(sampleOversampleSource, smp, o.oversampleSource, f, searchFrom);
    setIfAbsent(sampleDropReason, smp, o.dropReason, f, searchFrom);
    setIfAbsent(sampleErrorType, smp, o.errorType, f, searchFrom);
    setIfAbsent(sampleErrorMessage, smp, o.errorMessage, f, searchFrom);
    // The outermost endpoint ends last and carries the final status, and the last reward is the
    // final one: the span that ended last wins, whatever order the blocks of the file were read in.
    if (o.status != null && end.get(i) >= sampleStatusEnd.get(smp)) {
      sampleRolloutStatus.set(smp, intern(o.status, f, searchFrom));
      sampleStatusEnd.set(smp, end.get(i));
    }
    if (!Double.isNaN(o.reward) && end.get(i) >= sampleRewardEnd.get(smp)) {
      sampleReward.set(smp, o.reward);
      sampleRewardEnd.set(smp, end.get(i));
    }
    if (o.filtered >= 0) {
      sampleFiltered.set(smp, o.filtered);
    }
    if (o.rewardPass >= 0) {
      sampleRewardPass.set(smp, o.rewardPass);
    }
    if (o.trainIncluded >= 0) {
      sampleTrainIncluded.set(smp, o.trainIncluded);
    }
  }

  private int intern(String value, SpanFacts f, int searchFrom) {
    return f == null ? strings.intern(value) : internFact(value, f, searchFrom);
  }

  private void setIfAbsent(IntColumn column, int row, String value, SpanFacts f, int searchFrom) {
    if (value != null && column.get(row) == StringPool.NONE) {
      column.set(row, intern(value, f, searchFrom));
    }
  }

  private int kindBit(int kind) {
    Integer bit = kindBits.get(kind);
    if (bit == null) {
      bit = kindBits.size() < 32 ? 1 << kindBits.size() : 0;
      kindBits.put(kind, bit);
    }
    return bit;
  }

  private int resourceIndex(String service, String run) {
    int serviceId = strings.intern(service == null ? "" : service);
    int runId = strings.intern(run == null ? "" : run);
    long key = ((long) serviceId << 32) | (runId & 0xFFFFFFFFL);
    Integer existing = resourceByKey.get(key);
    if (existing != null) {
      return existing;
    }
    int r = resourceService.size();
    resourceByKey.put(key, r);
    resourceService.add(serviceId);
    resourceRun.add(runId);
    return r;
  }

  // ------------------------------------------------------------------ span accessors

  public int spanCount() {
    return spanId.size();
  }

  public long spanId(int i) {
    return spanId.get(i);
  }

  public long parentId(int i) {
    return parentId.get(i);
  }

  public long start(int i) {
    return start.get(i);
  }

  public long end(int i) {
    return end.get(i);
  }

  public long durationNanos(int i) {
    return end.get(i) - start.get(i);
  }

  public int traceOf(int i) {
    return trace.get(i);
  }

  public int name(int i) {
    return name.get(i);
  }

  public int stage(int i) {
    return stage.get(i);
  }

  public int kindTag(int i) {
    return kindTag.get(i);
  }

  public SpanStatus status(int i) {
    return SpanStatus.values()[status.get(i)];
  }

  public boolean isError(int i) {
    return status.get(i) == SpanStatus.ERROR.ordinal();
  }

  public int errorType(int i) {
    return errorType.get(i);
  }

  public int sampleOf(int i) {
    return sample.get(i);
  }

  /** The span's own step, else its trace's step, else {@link #NO_STEP}. */
  public int effectiveStep(int i) {
    int s = step.get(i);
    return s != NO_STEP ? s : traceStep.get(trace.get(i));
  }

  public int resource(int i) {
    return resource.get(i);
  }

  public int path(int i) {
    return path.get(i);
  }

  public int nextInTrace(int i) {
    return nextInTrace.get(i);
  }

  public int nextInSample(int i) {
    return nextInSample.get(i);
  }

  public int sourceId(int i) {
    return sourceAndOrdinal.get(i) & 0xFF;
  }

  public int ordinalInLine(int i) {
    return sourceAndOrdinal.get(i) >>> 8;
  }

  public long lineOffset(int i) {
    return lineOffset.get(i);
  }

  public int lineLength(int i) {
    return lineLength.get(i);
  }

  /** Whether any searchable string attribute value of span {@code i} is in {@code matching}. */
  public boolean anySearchValueIn(int i, java.util.BitSet matching) {
    int from = searchStart.get(i);
    int to = i + 1 < spanCount() ? searchStart.get(i + 1) : searchValues.size();
    for (int k = from; k < to; k++) {
      if (matching.get(searchValues.get(k))) {
        return true;
      }
    }
    return false;
  }

  // ------------------------------------------------------------------ metrics

  public int metricCount() {
    return metricSpan.size();
  }

  public int metricSpan(int m) {
    return metricSpan.get(m);
  }

  public int metricKey(int m) {
    return metricKey.get(m);
  }

  public double metricValue(int m) {
    return metricValue.get(m);
  }

  // ------------------------------------------------------------------ traces

  public int traceCount() {
    return traceHex.size();
  }

  public int findTrace(String hex) {
    Integer t = traceIds.get(hex);
    return t == null ? -1 : t;
  }

  public String traceHex(int t) {
    return strings.get(traceHex.get(t));
  }

  public int traceFirstSpan(int t) {
    return traceFirst.get(t);
  }

  public int traceSpanCount(int t) {
    return traceSpanCount.get(t);
  }

  public int traceErrors(int t) {
    return traceErrors.get(t);
  }

  public int traceRoot(int t) {
    return traceRoot.get(t);
  }

  public int traceKindMask(int t) {
    return traceKindMask.get(t);
  }

  /** The bit of a {@code spanweave.kind} value in {@link #traceKindMask}, 0 if it has none. */
  public int kindMaskBit(int kindString) {
    Integer bit = kindBits.get(kindString);
    return bit == null ? 0 : bit;
  }

  public List<Integer> kindStrings() {
    return List.copyOf(kindBits.keySet());
  }

  public int traceStep(int t) {
    return traceStep.get(t);
  }

  public int traceSample(int t) {
    return traceSample.get(t);
  }

  public int traceResource(int t) {
    return traceResource.get(t);
  }

  public long traceStart(int t) {
    return traceStart.get(t);
  }

  public long traceEnd(int t) {
    return traceEnd.get(t);
  }

  // ------------------------------------------------------------------ samples

  public int sampleCount() {
    return sampleKey.size();
  }

  /**
   * The samples with this id: in run {@code run}, or in every run when {@code run} is null (a
   * file shared by runs that reuse sample ids then has several).
   */
  public List<Integer> findSamples(String run, String id) {
    int idString = strings.find(id);
    if (idString < 0) {
      return List.of();
    }
    java.util.Set<Integer> runs = new java.util.LinkedHashSet<>();
    if (run != null) {
      int runString = strings.find(run);
      if (runString < 0) {
        return List.of();
      }
      runs.add(runString);
    } else {
      for (int r = 0; r < resourceRun.size(); r++) {
        runs.add(resourceRun.get(r));
      }
    }
    List<Integer> found = new java.util.ArrayList<>();
    for (int runString : runs) {
      Integer smp = sampleByKey.get(sampleKeyOf(runString, idString));
      if (smp != null) {
        found.add(smp);
      }
    }
    return found;
  }

  /** How many spans were seen again after they were indexed, and not indexed twice. */
  public long duplicateSpans() {
    return duplicateSpans;
  }

  /** The run id of the sample, "" when its spans name none. */
  public String sampleRun(int smp) {
    return strings.get(sampleRun.get(smp));
  }

  public String sampleFilterDecision(int smp) {
    return strings.get(sampleFilterDecision.get(smp));
  }

  /** 1 passed, 0 failed, -1 not recorded. */
  public int sampleRewardPass(int smp) {
    return sampleRewardPass.get(smp);
  }

  /** 1 included in training, 0 left out, -1 not recorded. */
  public int sampleTrainIncluded(int smp) {
    return sampleTrainIncluded.get(smp);
  }

  public String sampleOversampleSource(int smp) {
    return strings.get(sampleOversampleSource.get(smp));
  }

  public String sampleDropReason(int smp) {
    return strings.get(sampleDropReason.get(smp));
  }

  /** The error type of the sample's first failed span, else one its spans named; null if none. */
  public String sampleErrorType(int smp) {
    return strings.get(sampleErrorType.get(smp));
  }

  public String sampleErrorMessage(int smp) {
    return strings.get(sampleErrorMessage.get(smp));
  }

  public String sampleKey(int smp) {
    return strings.get(sampleKey.get(smp));
  }

  public int sampleFirstSpan(int smp) {
    return sampleFirst.get(smp);
  }

  public int sampleTrace(int smp) {
    return sampleTrace.get(smp);
  }

  public String sampleGroup(int smp) {
    return strings.get(sampleGroup.get(smp));
  }

  public String sampleSession(int smp) {
    return strings.get(sampleSession.get(smp));
  }

  public String sampleTask(int smp) {
    return strings.get(sampleTask.get(smp));
  }

  /** The sample's own step, else its first trace's step. */
  public int sampleStep(int smp) {
    int s = sampleStep.get(smp);
    return s != NO_STEP ? s : traceStep.get(sampleTrace.get(smp));
  }

  public String sampleRolloutStatus(int smp) {
    return strings.get(sampleRolloutStatus.get(smp));
  }

  public int sampleErrors(int smp) {
    return sampleErrors.get(smp);
  }

  /** 1 filtered, 0 kept, -1 not recorded. */
  public int sampleFiltered(int smp) {
    return sampleFiltered.get(smp);
  }

  public String sampleFilterReason(int smp) {
    return strings.get(sampleFilterReason.get(smp));
  }

  public int sampleResource(int smp) {
    return sampleResource.get(smp);
  }

  public double sampleReward(int smp) {
    return sampleReward.get(smp);
  }

  public long sampleStart(int smp) {
    return sampleStart.get(smp);
  }

  public long sampleEnd(int smp) {
    return sampleEnd.get(smp);
  }

  // ------------------------------------------------------------------ resources

  public int resourceCount() {
    return resourceService.size();
  }

  public String resourceService(int r) {
    return strings.get(resourceService.get(r));
  }

  public String resourceRun(int r) {
    return strings.get(resourceRun.get(r));
  }
}
