package io.spanweave.viewer.http;

import io.spanweave.viewer.json.ViewedRun;
import java.net.URI;

/**
 * What the JSON API takes from the viewer's command line: the run a request that names none is
 * answered for, and the tracing UI trace ids link to.
 *
 * @param service the service named, or null for any
 * @param runId the run named, or null for the newest
 * @param jaegerUrl Jaeger's UI, or null
 * @param zipkinUrl Zipkin's UI, or null
 */
public record ApiSettings(String service, String runId, URI jaegerUrl, URI zipkinUrl) {

  /** As {@code /api/status} reports them. */
  ViewedRun viewedRun() {
    return new ViewedRun(
        service,
        runId,
        jaegerUrl == null ? null : jaegerUrl.toString(),
        zipkinUrl == null ? null : zipkinUrl.toString());
  }
}
