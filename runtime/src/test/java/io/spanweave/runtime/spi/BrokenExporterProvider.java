package io.spanweave.runtime.spi;

import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * A fake {@code otlp} provider whose exporter's classes are missing, as when a provider's jar is on
 * the class path without its dependencies: {@link #createExporter} fails with the {@link
 * NoClassDefFoundError} the JVM would throw. Registered only in the child JVM of {@code
 * ExporterProviderTest}.
 */
public final class BrokenExporterProvider implements SpanExporterProvider {

  @Override
  public String name() {
    return "otlp";
  }

  @Override
  public SpanExporter createExporter(ExporterSettings settings) {
    throw new NoClassDefFoundError(
        "io/opentelemetry/exporter/otlp/http/trace/OtlpHttpSpanExporter");
  }
}
