package io.spanweave.runtime;

import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The hook tests use to see the spans of a run as OpenTelemetry SDK {@code SpanData}: a run
 * configured through it also hands every span to an extra SDK exporter.
 */
public final class SdkTracing {

  private SdkTracing() {}

  /**
   * Configures tracing like {@link Tracing#configure(TraceConfig)} and also sends every span to
   * {@code extraExporter} synchronously when it ends, through a {@code SimpleSpanProcessor}: the
   * hook for tests that assert on spans with {@code InMemorySpanExporter}.
   *
   * <pre>{@code
   * InMemorySpanExporter spans = InMemorySpanExporter.create();
   * try (TraceRuntime runtime = SdkTracing.configure(config, spans)) {
   *   worker.generate("s-1", prompt);
   *   assertThat(spans.getFinishedSpanItems()).hasSize(1);
   * }
   * }</pre>
   *
   * The run's files are written as well. When {@code config} has tracing off, the exporter gets
   * nothing.
   */
  public static TraceRuntime configure(TraceConfig config, SpanExporter extraExporter) {
    return Tracing.configure(config, c -> startBackend(c, extraExporter));
  }

  /**
   * The backend of a run: its files and exporters, plus {@code extraExporter} when not {@code
   * null}.
   */
  static TracingBackend startBackend(TraceConfig config, SpanExporter extraExporter) {
    try {
      return SdkBackend.start(config, extraExporter);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "could not start run "
              + config.runId()
              + " in "
              + config.runDir().toAbsolutePath()
              + ": "
              + e.getMessage(),
          e);
    }
  }
}
