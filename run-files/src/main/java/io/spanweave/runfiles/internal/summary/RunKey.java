package io.spanweave.runfiles.internal.summary;

/**
 * Whose spans: the resource's {@code service.name}, run id ("" when a span names none) and attempt
 * of the run (1 when a span names none), as the viewer's run filter tells runs and attempts apart.
 */
public record RunKey(String service, String runId, int attempt) {
  public RunKey {
    service = service == null ? "" : service;
    runId = runId == null ? "" : runId;
    attempt = Math.max(1, attempt);
  }

  /** The spans of a run's first (or only) attempt. */
  public RunKey(String service, String runId) {
    this(service, runId, 1);
  }
}
