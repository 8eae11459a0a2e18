package io.spanweave.runtime.internal.export;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.api.TracingFaults;
import java.util.Collection;

/**
 * Reports a failed export to a collector as a spanweave fault, once per process with the cause and
 * the destination; the batch processor counts the spans as dropped. Export resumes by itself when
 * the collector answers again: each batch is a new attempt.
 */
public final class ReportingSpanExporter implements SpanExporter {

  private final SpanExporter delegate;
  private final String destination;

  public ReportingSpanExporter(SpanExporter delegate, String destination) {
    this.delegate = delegate;
    this.destination = destination;
  }

  @Override
  public CompletableResultCode export(Collection<SpanData> spans) {
    CompletableResultCode result = delegate.export(spans);
    int count = spans.size();
    result.whenComplete(
        () -> {
          if (!result.isSuccess()) {
            TracingFaults.report(
                "export",
                "could not export "
                    + count
                    + " spans to "
                    + destination
                    + "; they are dropped "
                    + "and counted (TraceRuntime.droppedSpans()). Check that the collector runs and is reachable from this host; "
                    + "export resumes by itself when it answers",
                result.getFailureThrowable());
          }
        });
    return result;
  }

  @Override
  public CompletableResultCode flush() {
    return delegate.flush();
  }

  @Override
  public CompletableResultCode shutdown() {
    return delegate.shutdown();
  }

  @Override
  public String toString() {
    return "ReportingSpanExporter{" + destination + "}";
  }
}
