package io.spanweave.runtime.internal.export;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.api.TracingFaults;
import io.spanweave.runtime.internal.guard.GuardrailReport;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.IOException;
import java.util.Collection;

/**
 * Writes each batch of spans as one line of {@code traces.jsonl}: a complete OTLP/JSON {@code
 * ExportTraceServiceRequest} ({@code {"resourceSpans":[...]}}), the format of the OpenTelemetry
 * Collector's file exporter, so the collector's tools, our viewer and any OTLP/JSON reader can read
 * the file.
 *
 * <p><b>Which encoder and why.</b> {@link OtlpJsonSpanEncoder} writes the JSON straight from the
 * span data as bytes (Jackson only for what must be escaped). It replaced OpenTelemetry's {@code
 * OtlpStdoutSpanExporter} (the {@code otlp/stdout} exporter, whose output is specified to match the
 * file exporter's), which cost the export worker 2.2–3.1 µs of CPU per span in its marshalers, too
 * much for 300,000 spans/s on two cores. {@code OtlpJsonSpanEncoderTest} holds the new encoder to
 * the old one, field for field, and {@code OtlpJsonLinesSpanExporterTest} parses the file into the
 * real {@code opentelemetry-proto} message, so a drift from OTLP/JSON fails the build.
 *
 * <p>The encoder writes into a buffer of its own; the buffer goes to the file in one {@link
 * JsonLinesFile} append, so the file never holds a torn line. Only the export worker calls {@link
 * #export}. The file is shared with the run's local collector, so the exporter does not close it:
 * its owner, {@code SdkBackend}, does once both have stopped.
 */
public final class OtlpJsonLinesSpanExporter implements SpanExporter {

  private final JsonLinesFile file;
  private final OtlpJsonSpanEncoder encoder;

  /**
   * Writes spans as they are, the guardrails off: for tests that hold the encoder to
   * OpenTelemetry's.
   */
  public OtlpJsonLinesSpanExporter(JsonLinesFile file) {
    this(file, null);
  }

  /**
   * Writes spans held to the run-time guardrails: payload attributes and events left out, secrets
   * redacted, counted in {@code guardrails}.
   *
   * @param guardrails the run's report; {@code null} or off to write spans as they are
   */
  public OtlpJsonLinesSpanExporter(JsonLinesFile file, GuardrailReport guardrails) {
    this.file = file;
    this.encoder = new OtlpJsonSpanEncoder(guardrails);
  }

  @Override
  public synchronized CompletableResultCode export(Collection<SpanData> spans) {
    if (spans.isEmpty()) {
      return CompletableResultCode.ofSuccess();
    }
    JsonBuffer line;
    try {
      line = encoder.encode(spans);
    } catch (IOException | RuntimeException e) {
      TracingFaults.report(
          "export",
          "could not encode "
              + spans.size()
              + " spans as OTLP JSON for "
              + file.path()
              + "; they are lost",
          e);
      return CompletableResultCode.ofFailure();
    }
    try {
      file.append(line.array(), line.size());
      return CompletableResultCode.ofSuccess();
    } catch (IOException e) {
      TracingFaults.report(
          "export",
          "could not write "
              + spans.size()
              + " spans to "
              + file.path()
              + "; they are lost. Check that the directory is writable and the disk is not full",
          e);
      return CompletableResultCode.ofFailure();
    }
  }

  @Override
  public CompletableResultCode flush() {
    return CompletableResultCode.ofSuccess(); // every export is written before it returns
  }

  @Override
  public CompletableResultCode shutdown() {
    return CompletableResultCode
        .ofSuccess(); // the file belongs to SdkBackend; the encoder holds nothing
  }
}
