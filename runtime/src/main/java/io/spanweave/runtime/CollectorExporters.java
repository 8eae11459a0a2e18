package io.spanweave.runtime;

import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.conventions.SecretValues;
import io.spanweave.runtime.internal.export.ExporterLogs;
import io.spanweave.runtime.internal.export.OtlpHttpJsonSpanExporter;
import io.spanweave.runtime.internal.export.ReportingSpanExporter;
import io.spanweave.runtime.internal.tls.PemTls;
import io.spanweave.runtime.spi.ExporterSettings;
import io.spanweave.runtime.spi.SpanExporterProvider;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import javax.net.ssl.SSLContext;
import javax.net.ssl.X509TrustManager;

/**
 * The OpenTelemetry exporter for a collector outside this process, one {@link ExportTarget.Otlp}
 * (an OpenTelemetry Collector, Jaeger, Tempo, or the driver's local collector when this is a child
 * process) or {@link ExportTarget.Zipkin}.
 *
 * <p>A child of a driver with a local collector sends OTLP/JSON with the runtime's own exporter
 * ({@link #exportsToRunCollector}). Every other target is exported by the {@link
 * SpanExporterProvider} of its name, found with {@link ServiceLoader}: OTLP comes with {@code
 * io.spanweave:spanweave-otlp}, Zipkin with {@code io.spanweave:spanweave-zipkin}, and the runtime
 * names none of their classes. Without the provider a target needs, the configuration asked for
 * something this process cannot do: {@link #create} says which artifact to add in an {@link
 * IllegalStateException}, which {@link Tracing#configure} reports once before running with tracing
 * off, like any other fault at start.
 *
 * <p>The exporter's timeout covers its retries: exporters retry a failed request a few times with
 * backoff, so a collector that restarts briefly loses nothing, and one that stays down costs each
 * batch at most about the export timeout before it is counted as dropped. It is a little shorter
 * than the export timeout the batch processor waits, so that the exporter gives up first, with its
 * own reason (connection refused, an HTTP status), which is what the warning shows. The backoff
 * between retries is scaled to the timeout too ({@link #retryPolicy}): OpenTelemetry's default
 * pauses add up to about 8 seconds over its five attempts whatever the timeout, and the timeout did
 * not cut them short when we tried (CollectorOutageTest).
 */
final class CollectorExporters {

  /** The artifact that provides each exporter name, for the message when it is missing. */
  private static final Map<String, String> ARTIFACTS =
      Map.of(
          "otlp", "io.spanweave:spanweave-otlp",
          "zipkin", "io.spanweave:spanweave-zipkin");

  private CollectorExporters() {}

  /**
   * The exporter for {@code target}, a single external part of {@code config}'s export.
   *
   * @throws IllegalStateException naming the artifact to add when no provider exports to it here
   */
  static SpanExporter create(TraceConfig config, ExportTarget target) {
    if (exportsToRunCollector(config, target)) {
      ExporterLogs.quieten(List.of());
      ExportTarget.Otlp otlp = (ExportTarget.Otlp) target;
      return new OtlpHttpJsonSpanExporter(
          URI.create(otlp.tracesUrl()),
          otlp.headers(),
          !otlp.compression().equals("none"),
          exporterTimeout(config, target),
          retryPolicy(config),
          ExporterTls.context(config));
    }
    String name = target.exporterName();
    String what =
        (target instanceof ExportTarget.Zipkin ? "Zipkin" : "OTLP")
            + " export to "
            + describe(config, target);
    String artifact = ARTIFACTS.get(name);
    SpanExporterProvider provider =
        provider(name)
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        what
                            + " needs "
                            + artifact
                            + ", which is not on this process's class path (no "
                            + SpanExporterProvider.class.getSimpleName()
                            + " named '"
                            + name
                            + "' was found): add it next to spanweave-runtime, with no version of its own under "
                            + "spanweave-bom (docs/installation.md)"));
    try {
      ExporterLogs.quieten(provider.failureLoggerNames());
      PemTls.Client tls = ExporterTls.context(config);
      return provider.createExporter(
          settings(target, exporterTimeout(config, target), retryPolicy(config), tls));
    } catch (LinkageError e) {
      throw new IllegalStateException(
          what
              + " needs "
              + artifact
              + " with its dependencies, and some are not on this "
              + "process's class path ("
              + e
              + "): add "
              + artifact
              + " next to spanweave-runtime rather than its jar alone, "
              + "with no version of its own under spanweave-bom (docs/installation.md)",
          e);
    }
  }

  /** What the provider of {@code target} (one OTLP or Zipkin target) builds its exporter from. */
  static ExporterSettings settings(
      ExportTarget target, Duration timeout, RetryPolicy retryPolicy, PemTls.Client tls) {
    SSLContext context = tls == null ? null : tls.context();
    X509TrustManager trustManager = tls == null ? null : tls.trustManager();
    if (target instanceof ExportTarget.Zipkin zipkin) {
      return new ExporterSettings(
          zipkin.endpoint(),
          ExporterSettings.HTTP_JSON,
          Map.of(),
          "none",
          timeout,
          retryPolicy,
          context,
          trustManager);
    }
    if (target instanceof ExportTarget.Otlp otlp) {
      return new ExporterSettings(
          otlp.tracesUrl(),
          otlp.protocol().value(),
          otlp.headers(),
          otlp.compression(),
          timeout,
          retryPolicy,
          context,
          trustManager);
    }
    throw new IllegalArgumentException("no exporter provider sends to " + target);
  }

  /** {@link #create}'s exporter, its first failure reported once and its spans counted. */
  static SpanExporter reporting(TraceConfig config, ExportTarget target) {
    return new ReportingSpanExporter(create(config, target), describe(config, target));
  }

  /**
   * The provider of {@code name} on the runtime's class path, if any; one that cannot be loaded
   * counts as none.
   */
  private static Optional<SpanExporterProvider> provider(String name) {
    ServiceLoader<SpanExporterProvider> providers =
        ServiceLoader.load(SpanExporterProvider.class, CollectorExporters.class.getClassLoader());
    for (ServiceLoader.Provider<SpanExporterProvider> candidate : providers.stream().toList()) {
      try {
        SpanExporterProvider provider = candidate.get();
        if (provider.name().equals(name)) {
          return Optional.of(provider);
        }
      } catch (java.util.ServiceConfigurationError | LinkageError e) {
        // a provider whose own dependencies are missing: another one may still serve the name
      }
    }
    return Optional.empty();
  }

  /**
   * Whether this process is a worker of a driver whose local collector its OTLP/HTTP export goes
   * to: {@link TraceRuntime#childEnvironment()} names the collector's live endpoint ({@link
   * LiveSettings#endpoint()}) and its traces URL on the same server. Such a worker sends OTLP/JSON
   * with the runtime's own exporter: every spanweave collector decodes it, with or without
   * spanweave-otlp on either side, and the worker needs no module of its own.
   */
  static boolean exportsToRunCollector(TraceConfig config, ExportTarget target) {
    if (config.live().endpoint() == null
        || !(target instanceof ExportTarget.Otlp otlp)
        || otlp.protocol() != OtlpProtocol.HTTP_PROTOBUF) {
      return false;
    }
    try {
      URI live = URI.create(config.live().endpoint());
      URI traces = URI.create(otlp.tracesUrl());
      return live.getScheme() != null
          && live.getScheme().equals(traces.getScheme())
          && live.getHost() != null
          && live.getHost().equals(traces.getHost())
          && live.getPort() == traces.getPort();
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * The export timeout less a tenth (at least 50 ms, at most a second); see the class comment. An
   * OTLP timeout of its own ({@code OTEL_EXPORTER_OTLP_TIMEOUT}) applies when it is shorter.
   */
  static Duration exporterTimeout(TraceConfig config, ExportTarget target) {
    Duration timeout = config.batch().timeout();
    long margin = Math.max(50, Math.min(1000, timeout.toMillis() / 10));
    Duration derived = timeout.toMillis() > 2 * margin ? timeout.minusMillis(margin) : timeout;
    Duration own = target instanceof ExportTarget.Otlp otlp ? otlp.timeout() : null;
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

  /**
   * Where the exporter posts traces, and how; printed, so user-info and query values are masked
   * (credentials).
   */
  static String describe(TraceConfig config, ExportTarget target) {
    if (target instanceof ExportTarget.Zipkin zipkin) {
      return SecretValues.maskUrl(zipkin.endpoint()) + " (zipkin)";
    }
    ExportTarget.Otlp otlp = (ExportTarget.Otlp) target;
    String protocol = exportsToRunCollector(config, target) ? "http/json" : otlp.protocol().value();
    return SecretValues.maskUrl(otlp.tracesUrl()) + " (" + protocol + ")";
  }
}
