package io.spanweave.runtime;

import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.conventions.SecretValues;
import java.time.Duration;

/**
 * The OpenTelemetry exporter for a collector outside this process: OTLP over HTTP or gRPC to
 * {@link ExportTarget.Otlp} (an OpenTelemetry Collector, Jaeger, Tempo, or the
 * driver's local collector when this is a child process), or Zipkin's format to
 * {@link ExportTarget.Zipkin}.
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
 *
 * <p>The exporters themselves are not among the runtime's dependencies (light by default): OTLP
 * comes with {@code io.spanweave:spanweave-otlp}, Zipkin with {@code io.spanweave:spanweave-zipkin}
 * (or OpenTelemetry's own exporter artifacts). They are built by {@link OtlpExporters} and
 * {@link ZipkinExporters}, which only load when their classes are present; when they are not, the
 * configuration asked for something this process cannot do, and {@link #create} says which artifact
 * to add in an {@link IllegalStateException}, which {@link Tracing#configure} reports once before
 * running with tracing off, like any other fault at start.
 */
final class CollectorExporters {

  private CollectorExporters() {
  }

  static SpanExporter create(TraceConfig config) {
    if (config.export().part(ExportTarget.Zipkin.class).isPresent()) {
      requirePresent("io.opentelemetry.exporter.zipkin.ZipkinSpanExporter", "io.spanweave:spanweave-zipkin",
          "Zipkin export to " + describe(config));
      return ZipkinExporters.create(config);
    }
    requirePresent(otlp(config).protocol() == OtlpProtocol.GRPC
            ? "io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter"
            : "io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter",
        "io.spanweave:spanweave-otlp", "OTLP export to " + describe(config));
    return OtlpExporters.create(config);
  }

  private static void requirePresent(String className, String artifact, String what) {
    if (!present(className)) {
      throw new IllegalStateException(what + " needs " + artifact + ", which is not on this process's class path ("
          + className + " is missing): add it next to spanweave-runtime, with no version of its own under "
          + "spanweave-bom (docs/installation.md)");
    }
  }

  /** Whether {@code className} can be found, without loading it. */
  static boolean present(String className) {
    try {
      Class.forName(className, false, CollectorExporters.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /**
   * The export timeout less a tenth (at least 50 ms, at most a second); see the class comment. An
   * OTLP timeout of its own ({@code OTEL_EXPORTER_OTLP_TIMEOUT}) applies when it is shorter.
   */
  static Duration exporterTimeout(TraceConfig config) {
    Duration timeout = config.batch().timeout();
    long margin = Math.max(50, Math.min(1000, timeout.toMillis() / 10));
    Duration derived = timeout.toMillis() > 2 * margin ? timeout.minusMillis(margin) : timeout;
    Duration own = config.export().part(ExportTarget.Otlp.class).map(ExportTarget.Otlp::timeout).orElse(null);
    return own != null && own.compareTo(derived) < 0 ? own : derived;
  }

  /**
   * OpenTelemetry's five attempts with backoff growing by half each time, its 1 s first and 5 s
   * longest pause shrunk for short export timeouts, so that all pauses together stay under about a
   * third of the timeout: 1, 1.5, 2.25 and 3.4 s for the default 30 s, 0.1 to 0.34 s for 2 s.
   */
  static RetryPolicy retryPolicy(TraceConfig config) {
    long timeoutMillis = config.batch().timeout().toMillis();
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
    if (config.export().part(ExportTarget.Zipkin.class).isPresent()) {
      return SecretValues.maskUrl(config.export().part(ExportTarget.Zipkin.class).get().endpoint()) + " (zipkin)";
    }
    return SecretValues.maskUrl(otlp(config).tracesUrl()) + " (" + otlp(config).protocol().value() + ")";
  }

  static ExportTarget.Otlp otlp(TraceConfig config) {
    return config.export().part(ExportTarget.Otlp.class).orElseThrow();
  }
}
