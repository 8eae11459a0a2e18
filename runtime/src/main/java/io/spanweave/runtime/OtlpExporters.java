package io.spanweave.runtime;

import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporterBuilder;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Map;

/**
 * OpenTelemetry's OTLP exporters, over HTTP (protobuf) or gRPC, set up as
 * {@link CollectorExporters} describes. Only loaded when {@code opentelemetry-exporter-otlp} is on
 * the class path (spanweave-otlp brings it, with the JDK's HttpClient as sender); OTLP/gRPC also
 * needs a gRPC sender, such as {@code opentelemetry-exporter-sender-okhttp}, and without one
 * OpenTelemetry's own message says so.
 */
final class OtlpExporters {

  private OtlpExporters() {
  }

  static SpanExporter create(TraceConfig config) {
    Map<String, String> headers = config.externalOtlpHeaders();
    if (config.externalOtlpProtocol() == OtlpProtocol.GRPC) {
      OtlpGrpcSpanExporterBuilder grpc = OtlpGrpcSpanExporter.builder()
          .setEndpoint(config.externalOtlpTracesUrl())
          .setCompression(config.externalOtlpCompression())
          .setTimeout(CollectorExporters.exporterTimeout(config))
          .setRetryPolicy(CollectorExporters.retryPolicy(config));
      headers.forEach(grpc::addHeader);
      return grpc.build();
    }
    OtlpHttpSpanExporterBuilder http = OtlpHttpSpanExporter.builder()
        .setEndpoint(config.externalOtlpTracesUrl())
        .setCompression(config.externalOtlpCompression())
        .setTimeout(CollectorExporters.exporterTimeout(config))
        .setRetryPolicy(CollectorExporters.retryPolicy(config));
    headers.forEach(http::addHeader);
    return http.build();
  }
}
