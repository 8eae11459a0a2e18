package io.spanweave.runtime;

import io.opentelemetry.exporter.logging.LoggingSpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.runtime.internal.export.OtlpJsonLinesSpanExporter;
import io.spanweave.runtime.internal.guard.GuardrailReport;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.util.ArrayList;
import java.util.List;

/**
 * One exporter for an export choice of several parts ({@link ExportTarget.Composite}, or {@link
 * ExportTarget.Console} alone), such as {@code OTEL_TRACES_EXPORTER=spanweave,otlp}: the run's
 * file, and each collector through the same {@link CollectorExporters} a single target uses.
 */
final class ExportParts {

  private ExportParts() {}

  /**
   * @param traceFile the run's open {@code traces.jsonl} when the choice includes the local file,
   *     else {@code null}
   * @param guardrails the run's guardrails report, which the local file's spans are held to
   */
  static SpanExporter exporter(
      TraceConfig config, JsonLinesFile traceFile, GuardrailReport guardrails) {
    List<SpanExporter> exporters = new ArrayList<>();
    for (ExportTarget part : config.export().parts()) {
      if (part instanceof ExportTarget.LocalFile) {
        exporters.add(new OtlpJsonLinesSpanExporter(traceFile, guardrails));
      } else if (part instanceof ExportTarget.Console) {
        exporters.add(LoggingSpanExporter.create());
      } else if (part.isExternal()) {
        exporters.add(CollectorExporters.reporting(config, part));
      }
    }
    return exporters.size() == 1 ? exporters.get(0) : SpanExporter.composite(exporters);
  }
}
