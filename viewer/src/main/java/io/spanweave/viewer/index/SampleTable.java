package io.spanweave.viewer.index;

import java.util.HashMap;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * One row per sample. A sample is a run id, an attempt of the run and a sample id together, so runs
 * that share a file and reuse ids stay apart, and so do the two attempts of a run resumed from a
 * checkpoint that both recorded a sample (attempt 0: its spans name none). Its spans are a linked
 * list through the span table; its outcome (group, status, reward, filter, training) is collected
 * from every span that joins it.
 */
final class SampleTable {
  private final SpanTable spans;

  /**
   * Samples of attempt 0 or 1 by run and id; {@link #laterAttempts} holds those of attempts 2, 3,
   * ...
   */
  private final Map<Long, Integer> byRunAndId = new HashMap<>();

  private final Map<Integer, Map<Long, Integer>> laterAttempts = new HashMap<>();

  /** Rows merged into another sample, which are no longer samples. */
  private int merged;

  final IntColumn id = new IntColumn(256);
  final IntColumn run = new IntColumn(256);
  final IntColumn attempt = new IntColumn(256);
  final IntColumn first = new IntColumn(256);
  final IntColumn last = new IntColumn(256);
  final IntColumn trace = new IntColumn(256);
  final IntColumn group = new IntColumn(256);
  final IntColumn session = new IntColumn(256);
  final IntColumn task = new IntColumn(256);
  final IntColumn step = new IntColumn(256);
  final IntColumn status = new IntColumn(256);
  final IntColumn errors = new IntColumn(256);
  final IntColumn filtered = new IntColumn(256);
  final IntColumn filterReason = new IntColumn(256);
  final IntColumn filterDecision = new IntColumn(256);
  final IntColumn rewardPass = new IntColumn(256);
  final IntColumn trainIncluded = new IntColumn(256);
  final IntColumn oversampleSource = new IntColumn(256);
  final IntColumn dropReason = new IntColumn(256);
  final IntColumn errorType = new IntColumn(256);
  final IntColumn errorMessage = new IntColumn(256);
  final IntColumn resource = new IntColumn(256);
  final DoubleColumn reward = new DoubleColumn(256);
  final LongColumn rewardEnd = new LongColumn(256);
  final LongColumn start = new LongColumn(256);
  final LongColumn end = new LongColumn(256);
  final LongColumn statusEnd = new LongColumn(256);

  SampleTable(SpanTable spans) {
    this.spans = spans;
  }

  private static long key(int runString, int idString) {
    return ((long) runString << 32) | (idString & 0xFFFFFFFFL);
  }

  private Map<Long, Integer> byRunAndId(int attemptNumber) {
    return attemptNumber <= 1
        ? byRunAndId
        : laterAttempts.computeIfAbsent(attemptNumber, a -> new HashMap<>());
  }

  /** The row of (run, attempt, id), or -1. */
  int find(int runString, int attemptNumber, int idString) {
    Map<Long, Integer> rows = attemptNumber <= 1 ? byRunAndId : laterAttempts.get(attemptNumber);
    Integer smp = rows == null ? null : rows.get(key(runString, idString));
    return smp == null ? -1 : smp;
  }

  /** The rows of sample id {@code idString} in any of these runs, in any attempt. */
  java.util.List<Integer> findAll(java.util.Collection<Integer> runStrings, int idString) {
    java.util.Set<Integer> attempts = new java.util.TreeSet<>(laterAttempts.keySet());
    attempts.add(1);
    java.util.List<Integer> found = new java.util.ArrayList<>();
    for (int runString : runStrings) {
      for (int attemptNumber : attempts) {
        int smp = find(runString, attemptNumber, idString);
        if (smp >= 0) {
          found.add(smp);
        }
      }
    }
    return found;
  }

  /**
   * The row of (run, attempt, id), added if new; {@code t} and {@code res} are its first span's.
   */
  int index(int runString, int attemptNumber, int idString, int t, int res) {
    long k = key(runString, idString);
    Map<Long, Integer> rows = byRunAndId(attemptNumber);
    Integer existing = rows.get(k);
    if (existing != null) {
      return existing;
    }
    int smp = id.size();
    rows.put(k, smp);
    id.add(idString);
    run.add(runString);
    attempt.add(attemptNumber);
    first.add(-1);
    last.add(-1);
    trace.add(t);
    group.add(StringPool.NONE);
    session.add(StringPool.NONE);
    task.add(StringPool.NONE);
    step.add(SpanIndex.NO_STEP);
    status.add(StringPool.NONE);
    errors.add(0);
    filtered.add(-1);
    filterReason.add(StringPool.NONE);
    filterDecision.add(StringPool.NONE);
    rewardPass.add(-1);
    trainIncluded.add(-1);
    oversampleSource.add(StringPool.NONE);
    dropReason.add(StringPool.NONE);
    errorType.add(StringPool.NONE);
    errorMessage.add(StringPool.NONE);
    resource.add(res);
    reward.add(Double.NaN);
    rewardEnd.add(Long.MIN_VALUE);
    start.add(Long.MAX_VALUE);
    end.add(Long.MIN_VALUE);
    statusEnd.add(Long.MIN_VALUE);
    return smp;
  }

  int count() {
    return id.size();
  }

  /** Whether the row is a sample; a row merged into another is not. */
  boolean alive(int smp) {
    return first.get(smp) >= 0;
  }

  /**
   * Moves sample {@code smp}, which its spans filed under no run, into run {@code runString}, once
   * its trace names that run (a worker that exported without the run id), in the trace's attempt.
   * When the run already has a sample of that id the two become one: the spans join it, and its
   * facts are merged the way {@link #link} merges a span's.
   *
   * @return the row the sample now has
   */
  int moveToRun(int smp, int runString, int attemptNumber) {
    int existing = find(runString, attemptNumber, id.get(smp));
    if (existing == smp) {
      attempt.set(
          smp, attemptNumber); // attempts 0 and 1 are filed together: only the attempt changes
      return smp;
    }
    if (existing < 0) {
      byRunAndId(attempt.get(smp)).remove(key(run.get(smp), id.get(smp)));
      run.set(smp, runString);
      attempt.set(smp, attemptNumber);
      byRunAndId(attemptNumber).put(key(runString, id.get(smp)), smp);
      return smp;
    }
    mergeInto(smp, existing);
    return existing;
  }

  private void mergeInto(int from, int into) {
    for (int i = first.get(from); i >= 0; ) {
      int next = spans.nextInSample.get(i);
      spans.sample.set(i, into);
      spans.nextInSample.set(i, -1);
      spans.nextInSample.set(last.get(into), i);
      last.set(into, i);
      i = next;
    }
    errors.set(into, errors.get(into) + errors.get(from));
    start.set(into, Math.min(start.get(into), start.get(from)));
    end.set(into, Math.max(end.get(into), end.get(from)));
    if (step.get(into) == SpanIndex.NO_STEP) {
      step.set(into, step.get(from));
    }
    for (IntColumn c :
        new IntColumn[] {
          group,
          session,
          task,
          filterReason,
          filterDecision,
          oversampleSource,
          dropReason,
          errorType,
          errorMessage
        }) {
      if (c.get(into) == StringPool.NONE) {
        c.set(into, c.get(from));
      }
    }
    for (IntColumn c : new IntColumn[] {filtered, rewardPass, trainIncluded}) {
      if (c.get(into) < 0) {
        c.set(into, c.get(from));
      }
    }
    if (status.get(from) != StringPool.NONE && statusEnd.get(from) >= statusEnd.get(into)) {
      status.set(into, status.get(from));
      statusEnd.set(into, statusEnd.get(from));
    }
    if (!Double.isNaN(reward.get(from)) && rewardEnd.get(from) >= rewardEnd.get(into)) {
      reward.set(into, reward.get(from));
      rewardEnd.set(into, rewardEnd.get(from));
    }
    byRunAndId(attempt.get(from)).remove(key(run.get(from), id.get(from)));
    first.set(from, -1);
    last.set(from, -1);
    errors.set(from, 0);
    merged++;
  }

  /** How many samples there are: the rows less those merged into another. */
  int samples() {
    return id.size() - merged;
  }

  /**
   * Adds span row {@code i} to sample {@code smp} with the sample facts it carries.
   *
   * @param intern turns a fact's text into its string id
   */
  void link(int smp, int i, SampleOutcome o, ToIntFunction<String> intern) {
    spans.sample.set(i, smp);
    if (first.get(smp) < 0) {
      first.set(smp, i);
    } else {
      spans.nextInSample.set(last.get(smp), i);
    }
    last.set(smp, i);
    if (spans.isError(i)) {
      errors.set(smp, errors.get(smp) + 1);
      if (errorType.get(smp) == StringPool.NONE) {
        errorType.set(smp, spans.errorType.get(i));
      }
    }
    long spanEnd = spans.end.get(i);
    start.set(smp, Math.min(start.get(smp), spans.start.get(i)));
    end.set(smp, Math.max(end.get(smp), spanEnd));
    int spanStep = spans.step.get(i);
    if (step.get(smp) == SpanIndex.NO_STEP && spanStep != SpanIndex.NO_STEP) {
      step.set(smp, spanStep);
    }
    if (o == null) {
      return;
    }
    setIfAbsent(group, smp, o.group, intern);
    setIfAbsent(session, smp, o.session, intern);
    setIfAbsent(task, smp, o.task, intern);
    setIfAbsent(filterReason, smp, o.filterReason, intern);
    setIfAbsent(filterDecision, smp, o.filterDecision, intern);
    setIfAbsent(oversampleSource, smp, o.oversampleSource, intern);
    setIfAbsent(dropReason, smp, o.dropReason, intern);
    setIfAbsent(errorType, smp, o.errorType, intern);
    setIfAbsent(errorMessage, smp, o.errorMessage, intern);
    // The outermost endpoint ends last and carries the final status, and the last reward is the
    // final one: the span that ended last wins, whatever order the blocks of the file were read in.
    if (o.status != null && spanEnd >= statusEnd.get(smp)) {
      status.set(smp, intern.applyAsInt(o.status));
      statusEnd.set(smp, spanEnd);
    }
    if (!Double.isNaN(o.reward) && spanEnd >= rewardEnd.get(smp)) {
      reward.set(smp, o.reward);
      rewardEnd.set(smp, spanEnd);
    }
    if (o.filtered >= 0) {
      filtered.set(smp, o.filtered);
    }
    if (o.rewardPass >= 0) {
      rewardPass.set(smp, o.rewardPass);
    }
    if (o.trainIncluded >= 0) {
      trainIncluded.set(smp, o.trainIncluded);
    }
  }

  /**
   * Moves the samples of trace {@code t}'s spans that named no run ({@code runless}: the run is
   * {@code noRun}), or else no attempt, to run {@code run} ({@link StringPool#NONE}: their own) and
   * attempt {@code attemptNumber}, once the trace names them; the trace table follows samples
   * merged.
   */
  void refile(
      TraceTable traces, int t, int noRun, int runString, int attemptNumber, boolean runless) {
    for (int j = traces.first.get(t); j >= 0; j = spans.nextInTrace.get(j)) {
      int smp = spans.sample.get(j);
      if (smp < 0 || (runless ? run.get(smp) != noRun : attempt.get(smp) != 0)) {
        continue;
      }
      int now =
          moveToRun(smp, runString == StringPool.NONE ? run.get(smp) : runString, attemptNumber);
      if (now != smp) {
        for (int k = first.get(now); k >= 0; k = spans.nextInSample.get(k)) {
          int kt = spans.trace.get(k);
          if (traces.sample.get(kt) == smp) {
            traces.sample.set(kt, now);
          }
        }
      }
    }
  }

  private static void setIfAbsent(
      IntColumn column, int row, String value, ToIntFunction<String> intern) {
    if (value != null && column.get(row) == StringPool.NONE) {
      column.set(row, intern.applyAsInt(value));
    }
  }
}
