package io.spanweave.runtime;

import io.spanweave.runtime.internal.collector.BindAddress;
import io.spanweave.runtime.internal.collector.LocalCollector;
import java.util.Optional;

/**
 * The one line logged when a run is configured. Tracing on: the service, the run, the exporter
 * ({@code OTEL_TRACES_EXPORTER}'s name for it) and where spans go: the file, or the external
 * collector (its URL with user-info and query values masked), the local collector children export
 * to when one runs, and, when the viewer was asked for, its URL (or why it did not start) and the
 * command that starts it again by hand. Tracing off: why, so that a run that records nothing says
 * so.
 */
final class StartupLine {

  private StartupLine() {}

  /**
   * The line for a run that records nothing, {@code reason} saying why, such as {@code
   * OTEL_SDK_DISABLED=true}.
   */
  static String off(TraceConfig config, String reason) {
    return "spanweave tracing off: "
        + reason
        + "; run="
        + config.runId()
        + " records nothing (no file, no thread, no port)";
  }

  /**
   * The warning logged once after the line when the run's collector listens beyond loopback without
   * TLS: spans and the run's token cross the network in clear text, and which variables turn TLS
   * on. Empty on loopback (plain by default) and with TLS.
   */
  static Optional<String> clearTextWarning(TraceRuntime runtime) {
    TraceConfig config = runtime.config();
    if (runtime.collectorEndpoint().isEmpty()
        || config.collectorTls().enabled()
        || BindAddress.resolve(config.collector().bindAddress()).isLoopbackAddress()) {
      return Optional.empty();
    }
    return Optional.of(
        "spanweave: the local collector listens on "
            + BindAddress.describe(config.collector().bindAddress())
            + " without TLS: spans, and the run's bearer token that lets anyone who has it write into this run, travel "
            + "unencrypted over the network. Turn TLS on with "
            + TraceEnvironment.COLLECTOR_TLS_CERT
            + " and "
            + TraceEnvironment.COLLECTOR_TLS_KEY
            + " (a PEM certificate and PKCS#8 key; "
            + TraceEnvironment.COLLECTOR_TLS_CLIENT_CA
            + " for mTLS) or TraceConfig.collectorTls; see docs/deployment.md, \"Workers on other hosts: TLS and mTLS\"");
  }

  /**
   * How the collector's connections are secured, for the startup line; its endpoint already says
   * https.
   */
  private static String tlsNote(CollectorTlsSettings tls) {
    if (!tls.enabled()) {
      return "";
    }
    return tls.clientCa() != null ? ", TLS with client certificates (mTLS)" : ", TLS";
  }

  static String compose(TraceRuntime runtime) {
    TraceConfig config = runtime.config();
    ExportTarget export = config.export();
    StringBuilder line =
        new StringBuilder("spanweave tracing on: service=")
            .append(runtime.serviceName())
            .append(", run=")
            .append(runtime.runId());
    if (runtime.recordsThroughApplicationOpenTelemetry()) {
      // Its exporters, not ours: no file of ours is written and no collector runs.
      return line.append(
              ", spans go to the application's OpenTelemetry (its resource, sampler and exporters)")
          .toString();
    }
    line.append(", exporter=").append(export.exporterName());
    if (export instanceof ExportTarget.None) {
      line.append(", export=none (spans are not written anywhere)");
    } else {
      if (export.includesLocalFile()) {
        line.append(", traces=").append(runtime.traceFile());
      }
      for (ExportTarget part : export.parts()) {
        if (part.isExternal()) {
          line.append(", export=").append(CollectorExporters.describe(config, part));
        } else if (part instanceof ExportTarget.Console) {
          line.append(", export=log (io.opentelemetry.exporter.logging.LoggingSpanExporter)");
        }
      }
      if (!export.includesLocalFile() && config.externalTraceJsonlPath() != null) {
        line.append(", traces=").append(runtime.traceFile()).append(" (written by that collector)");
      }
      if (config.keepLocalFile() && !export.includesLocalFile()) {
        line.append(", local copy=").append(RunLayout.traceFile(config));
      }
    }
    line.append(", live=").append(runtime.liveFile());
    runtime
        .collectorEndpoint()
        .ifPresent(
            endpoint ->
                line.append(", collector=")
                    .append(endpoint)
                    .append("/v1/traces (")
                    .append(LocalCollector.receives())
                    .append("; listening on ")
                    .append(BindAddress.describe(config.collector().bindAddress()))
                    .append(tlsNote(config.collectorTls()))
                    .append(')'));
    runtime
        .viewerLaunch()
        .ifPresent(
            launch -> {
              if (launch.started()) {
                line.append(", viewer=").append(launch.url()).append(" (restart it by hand: ");
              } else {
                line.append(", viewer not started: ")
                    .append(launch.problem())
                    .append(" (start it by hand: ");
              }
              line.append(launch.restartCommand()).append(')');
            });
    return line.toString();
  }
}
