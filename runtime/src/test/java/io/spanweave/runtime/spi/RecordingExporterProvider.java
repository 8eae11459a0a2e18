package io.spanweave.runtime.spi;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A fake {@code zipkin} exporter provider for the runtime's tests of {@link SpanExporterProvider}:
 * it keeps the settings it was given, and its exporters keep the spans they receive in memory.
 * Registered only on the class path of the child JVM that {@code ExporterProviderTest} starts.
 */
public final class RecordingExporterProvider implements SpanExporterProvider {

  /** The failure logger this provider names; the runtime should turn it off. */
  public static final String LOGGER = "io.spanweave.test.fake.exporter";

  /** What {@link #createExporter} was given, in order. */
  public static final List<ExporterSettings> SETTINGS = new CopyOnWriteArrayList<>();

  /** The exporters made, in order; each holds the spans it received. */
  public static final List<InMemorySpanExporter> EXPORTERS = new CopyOnWriteArrayList<>();

  @Override
  public String name() {
    return "zipkin";
  }

  @Override
  public SpanExporter createExporter(ExporterSettings settings) {
    SETTINGS.add(settings);
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    EXPORTERS.add(exporter);
    return exporter;
  }

  @Override
  public List<String> failureLoggerNames() {
    return List.of(LOGGER, LOGGER + ".user");
  }

  /** The names of the spans the {@code n}th exporter received. */
  public static List<String> exported(int n) {
    return EXPORTERS.get(n).getFinishedSpanItems().stream().map(span -> span.getName()).toList();
  }
}
