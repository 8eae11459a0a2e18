package io.spanweave.runtime;

import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.conventions.SecretValues;
import io.spanweave.runtime.internal.export.OtlpHttpJsonSpanExporter;
import java.net.URI;
import java.time.Duration;

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
    if (exportsToRunCollector(config)) {
      ExportTarget.Otlp otlp = otlp(config);
      return new OtlpHttpJsonSpanExporter(URI.create(otlp.tracesUrl()), otlp.headers(),
          !otlp.compression().equals("none"), exporterTimeout(config), retryPolicy(config));
    }
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

  /**
   * Whether this process is a worker of a driver whose local collector its OTLP/HTTP export goes to:
   * {@link TraceRuntime#childEnvironment()} names the collector's live endpoint
   * ({@link TraceConfig#liveEndpoint()}) and its traces URL on the same server. Such a worker sends
   * OTLP/JSON with the runtime's own exporter: every spanweave collector decodes it, with or
   * without spanweave-otlp on either side, and the worker needs no module of its own.
   */
  static boolean exportsToRunCollector(TraceConfig config) {
    ExportTarget.Otlp otlp = config.export().part(ExportTarget.Otlp.class).orElse(null);
    if (config.live().endpoint() == null || otlp == null || config.export().part(ExportTarget.Zipkin.class).isPresent()
        || otlp.protocol() != OtlpProtocol.HTTP_PROTOBUF) {
      return false;
    }
    try {
      URI live = URI.create(config.live().endpoint());
      URI traces = URI.create(otlp.tracesUrl());
      return live.getScheme() != null && live.getScheme().equals(traces.getScheme()) && live.getHost() != null
          && live.getHost().equals(traces.getHost()) && live.getPort() == traces.getPort();
    } catch (IllegalArgumentException e) {
      return false;
    }
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
    return SecretValues.maskUrl(otlp(config).tracesUrl()) + " (" + protocolName(config) + ")";
  }

  static ExportTarget.Otlp otlp(TraceConfig config) {
    return config.export().part(ExportTarget.Otlp.class).orElseThrow();
  }

  /** The protocol as OTEL_EXPORTER_OTLP_PROTOCOL names it: {@code http/json} to the run's collector (see above). */
  static String protocolName(TraceConfig config) {
    return exportsToRunCollector(config) ? "http/json" : otlp(config).protocol().value();
  }
}
