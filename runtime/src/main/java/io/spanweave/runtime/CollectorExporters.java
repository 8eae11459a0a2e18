package io.spanweave.runtime;

import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporterBuilder;
import io.opentelemetry.exporter.zipkin.ZipkinSpanExporter;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.conventions.SecretValues;
import java.time.Duration;
import java.util.Map;

/**
 * The OpenTelemetry exporter for a collector outside this process: OTLP over HTTP or gRPC to
 * {@link TraceConfig#externalOtlpEndpoint()} (an OpenTelemetry Collector, Jaeger, Tempo, or the
 * driver's local collector when this is a child process), or Zipkin's format to
 * {@link TraceConfig#externalZipkinEndpoint()}.
 *
 * <p>OTLP requests are gzip-compressed (every OTLP receiver accepts gzip, and span batches, full
 * of repeated keys, compress well). The exporter's timeout covers its retries: OTLP exporters
 * retry a failed request a few times with backoff, so a collector that restarts briefly loses
 * nothing, and one that stays down costs each batch at most about the export timeout before it is
 * counted as dropped. It is a little shorter than the export timeout the batch processor waits, so
 * that the exporter gives up first, with its own reason (connection refused, an HTTP status),
 * which is what the warning shows. The backoff between retries is scaled to the timeout too
 * ({@link #retryPolicy}): OpenTelemetry's default pauses add up to about 8 seconds over its five
 * attempts whatever the timeout, and the timeout did not cut them short when we tried
 * (CollectorOutageTest).
 */
final class CollectorExporters {

  private CollectorExporters() {
  }

  static SpanExporter create(TraceConfig config) {
    if (config.externalZipkinEndpoint() != null) {
      return ZipkinSpanExporter.builder()
          .setEndpoint(config.externalZipkinEndpoint())
          .setReadTimeout(exporterTimeout(config))
          .build();
    }
    Map<String, String> headers = config.externalOtlpHeaders();
    switch (config.externalOtlpProtocol()) {
      case GRPC: {
        OtlpGrpcSpanExporterBuilder grpc = OtlpGrpcSpanExporter.builder()
            .setEndpoint(config.externalOtlpTracesUrl())
            .setCompression(config.externalOtlpCompression())
            .setTimeout(exporterTimeout(config))
            .setRetryPolicy(retryPolicy(config));
        headers.forEach(grpc::addHeader);
        return grpc.build();
      }
      case HTTP_PROTOBUF:
      default: {
        OtlpHttpSpanExporterBuilder http = OtlpHttpSpanExporter.builder()
            .setEndpoint(config.externalOtlpTracesUrl())
            .setCompression(config.externalOtlpCompression())
            .setTimeout(exporterTimeout(config))
            .setRetryPolicy(retryPolicy(config));
        headers.forEach(http::addHeader);
        return http.build();
      }
    }
  }

  /**
   * The export timeout less a tenth (at least 50 ms, at most a second); see the class comment. An
   * OTLP timeout of its own ({@code OTEL_EXPORTER_OTLP_TIMEOUT}) applies when it is shorter.
   */
  static Duration exporterTimeout(TraceConfig config) {
    Duration timeout = config.exportTimeout();
    long margin = Math.max(50, Math.min(1000, timeout.toMillis() / 10));
    Duration derived = timeout.toMillis() > 2 * margin ? timeout.minusMillis(margin) : timeout;
    Duration own = config.externalOtlpTimeout();
    return own != null && own.compareTo(derived) < 0 ? own : derived;
  }

  /**
   * OpenTelemetry's five attempts with backoff growing by half each time, its 1 s first and 5 s
   * longest pause shrunk for short export timeouts, so that all pauses together stay under about a
   * third of the timeout: 1, 1.5, 2.25 and 3.4 s for the default 30 s, 0.1 to 0.34 s for 2 s.
   */
  static RetryPolicy retryPolicy(TraceConfig config) {
    long timeoutMillis = config.exportTimeout().toMillis();
    return RetryPolicy.builder()
        .setMaxAttempts(5)
        .setBackoffMultiplier(1.5)
        .setInitialBackoff(Duration.ofMillis(Math.max(1, Math.min(1000, timeoutMillis / 20))))
        .setMaxBackoff(Duration.ofMillis(Math.max(1, Math.min(5000, timeoutMillis / 5))))
        .build();
  }

  /** Where the exporter posts traces, and how. */
  static String describe(TraceConfig config) {
    // Printed in warnings and the startup line: user-info and query values may be credentials.
    if (config.externalZipkinEndpoint() != null) {
      return SecretValues.maskUrl(config.externalZipkinEndpoint()) + " (zipkin)";
    }
    return SecretValues.maskUrl(config.externalOtlpTracesUrl()) + " (" + config.externalOtlpProtocol().value() + ")";
  }
}
