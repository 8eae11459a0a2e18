package io.spanweave.viewer.summary;

/**
 * Whose spans: the resource's {@code service.name} and run id ("" when a span names none), as the
 * viewer's run filter tells runs apart.
 */
public record RunKey(String service, String runId) {
  public RunKey {
    service = service == null ? "" : service;
    runId = runId == null ? "" : runId;
  }
}
