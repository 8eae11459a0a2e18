package io.spanweave.runtime.spi;

import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.spanweave.runtime.ExportTarget;
import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link SpanExporterProvider} builds its exporter from, resolved by the runtime from the
 * run's configuration.
 *
 * @param target where spans go: one {@link ExportTarget.Otlp} or {@link ExportTarget.Zipkin} (a
 *     part of a composite is handed over alone)
 * @param timeout the longest one export, with its retries, may take: a little shorter than the
 *     batch processor's export timeout ({@code BatchSettings.timeout()}), so that the exporter gives
 *     up first, with its own reason (connection refused, an HTTP status), which is what the
 *     runtime's warning then shows; an OTLP target's own timeout applies when it is shorter
 * @param retryPolicy how to retry a failed request: OpenTelemetry's five attempts, with pauses
 *     scaled to the timeout so that they all fit in it, for exporters that retry
 */
public record ExporterSettings(ExportTarget target, Duration timeout, RetryPolicy retryPolicy) {

  /** All three are required. */
  public ExporterSettings {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(retryPolicy, "retryPolicy");
  }
}
