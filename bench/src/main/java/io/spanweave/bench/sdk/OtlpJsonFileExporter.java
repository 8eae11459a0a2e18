package io.spanweave.bench.sdk;

import io.opentelemetry.exporter.internal.otlp.traces.TraceRequestMarshaler;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Collection;

/**
 * OpenTelemetry's OTLP/JSON encoding of a batch, one line per export request, into a stream: what
 * the {@code otlp/stdout} exporter of {@code opentelemetry-exporter-logging-otlp} does with
 * OpenTelemetry's {@code TraceRequestMarshaler} (the same marshaler as its OTLP exporters'). That
 * artifact has no release for OpenTelemetry 1.64 or later among those served here, and its 1.63.0
 * calls a marshaler method 1.68 no longer has, so the benchmark makes the same calls itself.
 */
final class OtlpJsonFileExporter implements SpanExporter {

  private final OutputStream out;

  OtlpJsonFileExporter(OutputStream out) {
    this.out = out;
  }

  @Override
  public synchronized CompletableResultCode export(Collection<SpanData> spans) {
    try {
      TraceRequestMarshaler.create(spans).writeJsonTo(out);
      out.write('\n');
      return CompletableResultCode.ofSuccess();
    } catch (IOException e) {
      return CompletableResultCode.ofExceptionalFailure(e);
    }
  }

  @Override
  public synchronized CompletableResultCode flush() {
    try {
      out.flush();
      return CompletableResultCode.ofSuccess();
    } catch (IOException e) {
      return CompletableResultCode.ofExceptionalFailure(e);
    }
  }

  @Override
  public CompletableResultCode shutdown() {
    return flush();
  }
}
