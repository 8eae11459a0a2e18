package io.spanweave.runtime;

import io.spanweave.runtime.internal.collector.BindAddress;

/**
 * The one line logged when tracing starts, telling the user where the run's traces are: the file,
 * or the external collector spans are exported to, the local collector children export to when one
 * runs, and, when the viewer was asked for, its URL (or why it did not start) and the command that
 * starts it again by hand.
 */
final class StartupLine {

  private StartupLine() {
  }

  static String compose(TraceRuntime runtime) {
    TraceConfig config = runtime.config();
    StringBuilder line = new StringBuilder("spanweave tracing on: service=").append(runtime.serviceName())
        .append(", run=").append(runtime.runId());
    if (config.export() instanceof ExportTarget.None) {
      line.append(", export=none (spans are not written anywhere)");
    } else if (config.exportsToExternalCollector()) {
      line.append(", export=").append(exportTarget(config));
      if (config.externalTraceJsonlPath() != null) {
        line.append(", traces=").append(runtime.traceFile()).append(" (written by that collector)");
      }
      if (config.keepLocalFile()) {
        line.append(", local copy=").append(RunLayout.traceFile(config));
      }
    } else {
      line.append(", traces=").append(runtime.traceFile());
    }
    line.append(", live=").append(runtime.liveFile());
    runtime.collectorEndpoint().ifPresent(endpoint -> line.append(", collector=").append(endpoint)
        .append("/v1/traces (OTLP/HTTP, listening on ").append(BindAddress.describe(config.collectorBindAddress()))
        .append(')'));
    runtime.viewerLaunch().ifPresent(launch -> {
      if (launch.started()) {
        line.append(", viewer=").append(launch.url()).append(" (restart it by hand: ");
      } else {
        line.append(", viewer not started: ").append(launch.problem()).append(" (start it by hand: ");
      }
      line.append(launch.restartCommand()).append(')');
    });
    return line.toString();
  }

  private static String exportTarget(TraceConfig config) {
    if (config.externalZipkinEndpoint() != null) {
      return config.externalZipkinEndpoint() + " (zipkin)";
    }
    return config.externalOtlpTracesUrl() + " (" + config.externalOtlpProtocol().value() + ")";
  }
}
