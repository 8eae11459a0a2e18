package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIndex;

/**
 * Which service, run and attempt a query looks at. A shared file may hold several runs; the
 * viewer's {@code --service}/{@code --run-id} pick the default, {@code run=*} shows all. Runs and
 * services are matched per span and shown per trace ({@link ShownRuns}): a trace with one matching
 * span is shown with all of its spans. A run resumed from a checkpoint has several attempts; by
 * default each step is shown as its counting attempt recorded it ({@link CountingAttempts}), with
 * an attempt number only that attempt's spans are.
 */
public final class RunFilter {
  private final String service;
  private final String runId;

  /** The one attempt shown, or null for each step's counting attempt. */
  private final Integer attempt;

  public RunFilter(String service, String runId) {
    this(service, runId, null);
  }

  private RunFilter(String service, String runId, Integer attempt) {
    this.service = blankToNull(service);
    this.runId = blankToNull(runId);
    this.attempt = attempt;
  }

  /**
   * This filter showing only attempt {@code attempt} of each run (null: each step's counting
   * attempt).
   */
  public RunFilter withAttempt(Integer attempt) {
    if (attempt != null && attempt < 1) {
      throw new BadRequestException("attempt must be a whole number of 1 or more, not " + attempt);
    }
    return new RunFilter(service, runId, attempt);
  }

  /** The one attempt shown, or null when each step shows its counting attempt. */
  public Integer attempt() {
    return attempt;
  }

  public static RunFilter all() {
    return new RunFilter(null, null);
  }

  /** What this filter shows of the index as it is now; the caller holds the read lock. */
  ShownRuns shown(SpanIndex index) {
    return new ShownRuns(index, service, runId, attempt);
  }

  public boolean matches(String spanService, String spanRun) {
    return (service == null || spanService == null || service.equals(spanService))
        && (runId == null || spanRun == null || runId.equals(spanRun));
  }

  public String service() {
    return service;
  }

  public String runId() {
    return runId;
  }

  @Override
  public String toString() {
    return service + "/" + runId + (attempt == null ? "" : "/attempt-" + attempt);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
