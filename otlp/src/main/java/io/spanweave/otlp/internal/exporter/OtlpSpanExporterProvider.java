package io.spanweave.otlp.internal.exporter;

import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporterBuilder;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.runtime.ExportTarget;
import io.spanweave.runtime.spi.ExporterSettings;
import io.spanweave.runtime.spi.SpanExporterProvider;
import java.util.List;

/**
 * OpenTelemetry's OTLP exporters for {@link ExportTarget.Otlp}, over HTTP (protobuf, sent with the
 * JDK's HttpClient that this module brings) or gRPC (which needs a gRPC sender as well, such as
 * {@code opentelemetry-exporter-sender-okhttp}; without one OpenTelemetry's own message says so),
 * gzip-compressed unless the target says {@code none}, with the runtime's timeout and retry policy,
 * and its TLS context: the CAs of {@code OTEL_EXPORTER_OTLP_CERTIFICATE} and the client certificate
 * of {@code OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE}, read by the runtime's one PEM reader.
 */
public final class OtlpSpanExporterProvider implements SpanExporterProvider {

  @Override
  public String name() {
    return "otlp";
  }

  @Override
  public SpanExporter createExporter(ExporterSettings settings) {
    if (settings.protocol().equals(ExporterSettings.GRPC)) {
      OtlpGrpcSpanExporterBuilder grpc =
          OtlpGrpcSpanExporter.builder()
              .setEndpoint(settings.tracesUrl())
              .setCompression(settings.compression())
              .setTimeout(settings.timeout())
              .setRetryPolicy(settings.retryPolicy());
      settings.headers().forEach(grpc::addHeader);
      if (settings.sslContext() != null) {
        grpc.setSslContext(settings.sslContext(), settings.trustManager());
      }
      return grpc.build();
    }
    if (!settings.protocol().equals(ExporterSettings.HTTP_PROTOBUF)) {
      throw new IllegalArgumentException(
          "the otlp exporter cannot send "
              + settings.protocol()
              + " (only "
              + ExporterSettings.HTTP_PROTOBUF
              + " or "
              + ExporterSettings.GRPC
              + ")");
    }
    OtlpHttpSpanExporterBuilder http =
        OtlpHttpSpanExporter.builder()
            .setEndpoint(settings.tracesUrl())
            .setCompression(settings.compression())
            .setTimeout(settings.timeout())
            .setRetryPolicy(settings.retryPolicy());
    settings.headers().forEach(http::addHeader);
    if (settings.sslContext() != null) {
      http.setSslContext(settings.sslContext(), settings.trustManager());
    }
    SenderExecutor.use(http);
    return http.build();
  }

  /**
   * OTLP/HTTP and OTLP/gRPC export failures: OpenTelemetry 1.68 logs them from {@code
   * io.opentelemetry.exporter.otlp.internal}, older releases of the supported range from {@code
   * io.opentelemetry.exporter.internal}.
   */
  @Override
  public List<String> failureLoggerNames() {
    return List.of(
        "io.opentelemetry.exporter.otlp.internal.HttpExporter",
        "io.opentelemetry.exporter.otlp.internal.GrpcExporter",
        "io.opentelemetry.exporter.internal.http.HttpExporter",
        "io.opentelemetry.exporter.internal.grpc.GrpcExporter");
  }
}
