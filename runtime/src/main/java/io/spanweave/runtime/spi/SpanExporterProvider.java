package io.spanweave.runtime.spi;

import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.List;

/**
 * Makes the OpenTelemetry {@link SpanExporter} for one kind of collector outside this process: a
 * module that implements this and lists its class in {@code
 * META-INF/services/io.spanweave.runtime.spi.SpanExporterProvider} is found with {@link
 * java.util.ServiceLoader} when tracing starts with an export target of its {@link #name()}. {@code
 * io.spanweave:spanweave-otlp} provides {@code otlp} ({@link
 * io.spanweave.runtime.ExportTarget.Otlp}), {@code io.spanweave:spanweave-zipkin} provides {@code
 * zipkin} ({@link io.spanweave.runtime.ExportTarget.Zipkin}). Without the provider a target needs,
 * tracing stays off with one warning that names the artifact to add.
 *
 * <p>The runtime puts the exporter behind its own non-blocking batch processor, counts what it
 * delivers and drops, and reports its first failure once: an exporter reports failures through the
 * result of {@link SpanExporter#export}, and need not log them.
 */
public interface SpanExporterProvider {

  /**
   * The exporter name the targets of this provider have, as {@code OTEL_TRACES_EXPORTER} spells it:
   * {@code otlp} or {@code zipkin} ({@link io.spanweave.runtime.ExportTarget#exporterName()}).
   */
  String name();

  /**
   * An exporter that sends every batch to {@link ExporterSettings#tracesUrl()}, in the {@link
   * ExporterSettings#protocol()} of this provider's kind, within {@link
   * ExporterSettings#timeout()}. Called once when tracing starts.
   *
   * @throws IllegalArgumentException when the settings cannot be exported with as they are set
   */
  SpanExporter createExporter(ExporterSettings settings);

  /**
   * The {@code java.util.logging} loggers through which this provider's exporter logs each failed
   * export (with a collector that is down, several lines a minute with stack traces): the runtime
   * turns them off unless the user set their level, since it reports the failure once itself. None
   * by default.
   */
  default List<String> failureLoggerNames() {
    return List.of();
  }
}
