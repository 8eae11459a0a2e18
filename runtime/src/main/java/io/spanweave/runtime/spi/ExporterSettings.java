package io.spanweave.runtime.spi;

import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.spanweave.runtime.ExportTarget;
import java.time.Duration;
import java.util.Objects;
import javax.net.ssl.SSLContext;
import javax.net.ssl.X509TrustManager;

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
 * @param sslContext the TLS context for {@code https} endpoints, trusting the CAs of
 *     {@code OTEL_EXPORTER_OTLP_CERTIFICATE} and presenting the client certificate of
 *     {@code OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE} (and their {@code _TRACES_} forms, which win);
 *     {@code null} when none is configured: the JDK's default CAs, no client certificate
 * @param trustManager the trust manager of {@code sslContext}, given with it
 */
public record ExporterSettings(ExportTarget target, Duration timeout, RetryPolicy retryPolicy, SSLContext sslContext,
    X509TrustManager trustManager) {

  /** The first three are required; the TLS context and its trust manager come together or not at all. */
  public ExporterSettings {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(retryPolicy, "retryPolicy");
    if ((sslContext == null) != (trustManager == null)) {
      throw new IllegalArgumentException("an SSLContext is given with its X509TrustManager, or neither is");
    }
  }

  /** Settings with the JDK's default TLS. */
  public ExporterSettings(ExportTarget target, Duration timeout, RetryPolicy retryPolicy) {
    this(target, timeout, retryPolicy, null, null);
  }
}
