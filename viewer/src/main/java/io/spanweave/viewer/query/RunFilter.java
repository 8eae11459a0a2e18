package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIndex;

/**
 * Which (service.name, run id) pairs a query looks at. A shared file may hold several runs; the
 * viewer's {@code --service}/{@code --run-id} pick the default, {@code run=*} shows all.
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

  /** One flag per resource row of the index; the caller holds the read lock. */
  public boolean[] allowedResources(SpanIndex index) {
    boolean[] allowed = new boolean[index.resourceCount()];
    for (int r = 0; r < allowed.length; r++) {
      allowed[r] = (service == null || service.equals(index.resourceService(r)))
          && (runId == null || runId.equals(index.resourceRun(r)));
    }
    return allowed;
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
