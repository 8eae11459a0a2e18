package io.spanweave.runtime.spi;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A fake {@code zipkin} exporter provider for the runtime's tests of {@link SpanExporterProvider}:
 * it keeps the settings it was given and the names of the spans its exporter received. Registered
 * only on the class path of the child JVM that {@code ExporterProviderTest} starts.
 */
public final class RecordingExporterProvider implements SpanExporterProvider {

  /** The failure logger this provider names; the runtime should turn it off. */
  public static final String LOGGER = "io.spanweave.test.fake.exporter";

  /** What {@link #createExporter} was given, in order. */
  public static final List<ExporterSettings> SETTINGS = new CopyOnWriteArrayList<>();
  /** The span names the exporters received. */
  public static final List<String> EXPORTED = new CopyOnWriteArrayList<>();

  @Override
  public String name() {
    return "zipkin";
  }

  @Override
  public SpanExporter createExporter(ExporterSettings settings) {
    SETTINGS.add(settings);
    return new SpanExporter() {
      @Override
      public CompletableResultCode export(Collection<SpanData> spans) {
        spans.forEach(span -> EXPORTED.add(span.getName()));
        return CompletableResultCode.ofSuccess();
      }

      @Override
      public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
      }

      @Override
      public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
      }
    };
  }

  @Override
  public List<String> failureLoggerNames() {
    return List.of(LOGGER);
  }
}
