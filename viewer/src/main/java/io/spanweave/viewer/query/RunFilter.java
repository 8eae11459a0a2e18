package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIndex;

/**
 * Which service and run a query looks at. A shared file may hold several runs; the viewer's
 * {@code --service}/{@code --run-id} pick the default, {@code run=*} shows all. Runs and services
 * are matched per span and shown per trace ({@link ShownRuns}): a trace with one matching span is
 * shown with all of its spans.
 */
public final class RunFilter {
  private final String service;
  private final String runId;

  public RunFilter(String service, String runId) {
    this.service = blankToNull(service);
    this.runId = blankToNull(runId);
  }

  public static RunFilter all() {
    return new RunFilter(null, null);
  }

  /** What this filter shows of the index as it is now; the caller holds the read lock. */
  ShownRuns shown(SpanIndex index) {
    return new ShownRuns(index, service, runId);
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
    return service + "/" + runId;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
