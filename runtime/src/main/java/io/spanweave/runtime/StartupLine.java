package io.spanweave.runtime;

/**
 * The one line logged when tracing starts, telling the user where the run's traces are: the file,
 * or the external collector spans are exported to, and the local collector children export to
 * when one runs. The
 * viewer, once it exists, adds its URL and the command that restarts it by hand here, so that the
 * line stays one line.
 */
final class StartupLine {

  private StartupLine() {
  }

  static String compose(TraceRuntime runtime) {
    TraceConfig config = runtime.config();
    StringBuilder line = new StringBuilder("spanweave tracing on: service=").append(runtime.serviceName())
        .append(", run=").append(runtime.runId());
    if (config.exportsToExternalCollector()) {
      line.append(", export=").append(exportTarget(config));
      if (config.externalTraceJsonlPath() != null) {
        line.append(", traces=").append(runtime.traceFile()).append(" (written by that collector)");
      }
    } else {
      line.append(", traces=").append(runtime.traceFile());
    }
    line.append(", live=").append(runtime.liveFile());
    runtime.collectorEndpoint().ifPresent(endpoint -> line.append(", collector=").append(endpoint)
        .append("/v1/traces (OTLP/HTTP, listening on all interfaces)"));
    return line.toString();
  }

  private static String exportTarget(TraceConfig config) {
    if (config.externalZipkinEndpoint() != null) {
      return config.externalZipkinEndpoint() + " (zipkin)";
    }
    return config.externalOtlpEndpoint() + " (" + config.externalOtlpProtocol().value() + ")";
  }
}
