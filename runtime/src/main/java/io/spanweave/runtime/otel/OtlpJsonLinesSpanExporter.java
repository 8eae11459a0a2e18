package io.spanweave.runtime.otel;

import io.opentelemetry.exporter.logging.otlp.internal.traces.OtlpStdoutSpanExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.runtime.TracingFaults;
import io.spanweave.runtime.jsonl.JsonLinesFile;
import java.io.IOException;
import java.util.Collection;

/**
 * Writes each batch of spans as one line of {@code traces.jsonl}: a complete OTLP/JSON
 * {@code ExportTraceServiceRequest} ({@code {"resourceSpans":[...]}}), the format of the
 * OpenTelemetry Collector's file exporter, so the collector's tools, our viewer and any OTLP/JSON
 * reader can read the file.
 *
 * <p><b>Which encoder and why.</b> The encoding is OpenTelemetry's own, not ours:
 * {@code opentelemetry-exporter-logging-otlp}'s {@link OtlpStdoutSpanExporter}, built with
 * {@code OtlpStdoutSpanExporter.builder().setOutput(OutputStream).setWrapperJsonObject(true)}. It
 * is the implementation of the SDK's {@code otlp/stdout} exporter, whose output is specified to
 * match the file exporter's, and it encodes through the same marshalers as the OTLP exporters (hex
 * ids, string-encoded 64-bit integers, enum numbers). Its public sibling
 * {@code OtlpJsonLoggingSpanExporter} only writes through {@code java.util.logging} and only
 * unwrapped {@code ResourceSpans}, so it cannot produce this file. The builder lives in an
 * {@code internal} package, which OpenTelemetry may change between versions: the version is pinned
 * by the BOM, this class is the only user, and {@code OtlpJsonLinesTest} parses the output into the
 * real {@code opentelemetry-proto} message so that an upgrade that changes it fails the build.
 *
 * <p>The encoder writes into a buffer; the buffer goes to the file in one {@link JsonLinesFile}
 * append, so the file never holds a torn line. Only the export worker calls {@link #export}. The
 * file is shared with the run's local collector, so the exporter does not close it: its owner,
 * {@link SdkBackend}, does once both have stopped.
 */
final class OtlpJsonLinesSpanExporter implements SpanExporter {

  private final JsonLinesFile file;
  private final LineBuffer buffer = new LineBuffer(64 * 1024);
  private final SpanExporter encoder;

  OtlpJsonLinesSpanExporter(JsonLinesFile file) {
    this.file = file;
    this.encoder = OtlpStdoutSpanExporter.builder().setOutput(buffer).setWrapperJsonObject(true).build();
  }

  @Override
  public synchronized CompletableResultCode export(Collection<SpanData> spans) {
    if (spans.isEmpty()) {
      return CompletableResultCode.ofSuccess();
    }
    buffer.reset();
    if (!encoder.export(spans).isSuccess()) {
      TracingFaults.report("export", "could not encode " + spans.size() + " spans as OTLP JSON for " + file.path()
          + "; they are lost", null);
      return CompletableResultCode.ofFailure();
    }
    try {
      file.append(buffer.array(), buffer.size());
      return CompletableResultCode.ofSuccess();
    } catch (IOException e) {
      TracingFaults.report("export", "could not write " + spans.size() + " spans to " + file.path()
          + "; they are lost. Check that the directory is writable and the disk is not full", e);
      return CompletableResultCode.ofFailure();
    }
  }

  @Override
  public CompletableResultCode flush() {
    return CompletableResultCode.ofSuccess(); // every export is written before it returns
  }

  @Override
  public synchronized CompletableResultCode shutdown() {
    return encoder.shutdown();
  }
}
