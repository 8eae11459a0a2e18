package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIndex;

/**
 * What a {@link RunFilter} shows of the index, trace by trace. A trace belongs to every run one of
 * its spans names and to every service one of its spans has; it is shown when it belongs to the
 * filter's run and service, and it is shown whole, so the spans a worker in another language or
 * service exported (without the run id, or under its own service name) stay in the traces of the
 * driver's run, its stages and its waterfalls. A sample, which is a run id and a sample id, is
 * shown when its run matches and its trace is shown.
 *
 * <p>Of a run with several attempts, a trace, span or sample is shown when its attempt is the
 * filter's, or, when the filter names none, when its attempt is the one that counts for its step
 * ({@link CountingAttempts}).
 *
 * <p>Made per query under the index's read lock; it reads the index as it is then.
 */
final class ShownRuns {
  private final SpanIndex index;
  private final boolean all;
  private final String runId;

  /** The one attempt shown, or null for each step's counting one. */
  private final Integer attempt;

  /**
   * Each step's counting attempt; null when the index holds one attempt per run or an attempt is
   * named.
   */
  private final CountingAttempts counting;

  /** Per resource row: its service matches; its run matches. */
  private final boolean[] serviceMatch;

  private final boolean[] runMatch;

  /** Per trace, what {@link #trace} found: 0 not asked yet, 1 shown, 2 not shown. */
  private byte[] traceMemo;

  ShownRuns(SpanIndex index, String service, String runId, Integer attempt) {
    this.index = index;
    this.runId = runId;
    this.attempt = attempt;
    this.counting = attempt == null && index.maxAttempt() > 1 ? new CountingAttempts(index) : null;
    this.all = service == null && runId == null && attempt == null && counting == null;
    int n = index.resourceCount();
    serviceMatch = new boolean[n];
    runMatch = new boolean[n];
    for (int r = 0; r < n; r++) {
      serviceMatch[r] = service == null || service.equals(index.resourceService(r));
      runMatch[r] = runId == null || runId.equals(index.resourceRun(r));
    }
  }

  /**
   * Whether trace {@code t} is shown: one of its spans names the run (a trace belongs to every run
   * one of its spans names), and one of its spans has the service.
   */
  boolean trace(int t) {
    return all
        || (runShown(t)
            && (!attemptsFiltered()
                || attemptShown(index.traceRun(t), index.traceStep(t), index.traceAttempt(t))));
  }

  /** Whether an attempt's trace, span or sample of {@code step} is shown. */
  private boolean attemptShown(String run, int step, int itsAttempt) {
    if (attempt != null) {
      return itsAttempt == attempt;
    }
    return counting.counts(run, step, itsAttempt);
  }

  /** Whether some attempt of a run may be left out (an attempt named, or a run of several). */
  private boolean attemptsFiltered() {
    return attempt != null || counting != null;
  }

  /** Whether trace {@code t} is in the filter's run and service, whatever its attempt. */
  private boolean runShown(int t) {
    // A query asks per span; a trace's answer is worked out once.
    if (traceMemo == null) {
      traceMemo = new byte[index.traceCount()];
    }
    if (t < traceMemo.length && traceMemo[t] != 0) {
      return traceMemo[t] == 1;
    }
    boolean shown = decide(t);
    if (t < traceMemo.length) {
      traceMemo[t] = (byte) (shown ? 1 : 2);
    }
    return shown;
  }

  private boolean decide(int t) {
    int first = index.traceResource(t);
    if (first < 0) {
      return false;
    }
    int[] resources = index.traceResources(t);
    if (resources.length == 1) {
      // The common case: every span of the trace has one resource.
      return serviceMatch[first] && runMatch[first];
    }
    boolean run = runId == null;
    boolean service = false;
    for (int r : resources) {
      run |= runMatch[r];
      service |= serviceMatch[r];
    }
    return run && service;
  }

  /**
   * Whether span {@code i} is shown: its trace is in the run, and its attempt shown for its own
   * step.
   */
  boolean span(int i) {
    if (all) {
      return true;
    }
    int t = index.traceOf(i);
    return runShown(t)
        && (!attemptsFiltered()
            || attemptShown(index.traceRun(t), index.effectiveStep(i), index.traceAttempt(t)));
  }

  /**
   * Whether sample {@code smp} is shown: it is a sample, its run matches, and its first trace is
   * shown.
   */
  boolean sample(int smp) {
    if (!index.sampleAlive(smp)) {
      return false;
    }
    return (runId == null || runId.equals(index.sampleRun(smp)))
        && runShown(index.sampleTrace(smp))
        && (!attemptsFiltered()
            || attemptShown(index.sampleRun(smp), index.sampleStep(smp), index.sampleAttempt(smp)));
  }

  /** Whether the trace with this id is in the index and shown. */
  boolean traceHex(String traceHex) {
    int t = index.findTrace(traceHex);
    return t >= 0 && trace(t);
  }
}
