package io.spanweave.runtime;

import io.opentelemetry.exporter.zipkin.ZipkinSpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import zipkin2.reporter.urlconnection.URLConnectionSender;

/**
 * OpenTelemetry's Zipkin exporter (JSON v2 over HTTP). spanweave-zipkin brings it with
 * zipkin-reporter's {@code URLConnectionSender}, the JDK's own HTTP client, in place of the
 * exporter's default OkHttp sender, so that Zipkin export brings neither OkHttp nor Kotlin; an
 * application that added OpenTelemetry's exporter artifact itself gets that default sender. Only
 * loaded when the exporter is on the class path; see {@link CollectorExporters}.
 */
final class ZipkinExporters {

  private ZipkinExporters() {
  }

  static SpanExporter create(TraceConfig config) {
    int timeoutMillis = (int) Math.min(Integer.MAX_VALUE, CollectorExporters.exporterTimeout(config).toMillis());
    if (CollectorExporters.present("zipkin2.reporter.urlconnection.URLConnectionSender")) {
      return JdkSender.create(config.export().part(ExportTarget.Zipkin.class).orElseThrow().endpoint(), timeoutMillis);
    }
    return ZipkinSpanExporter.builder()
        .setEndpoint(config.export().part(ExportTarget.Zipkin.class).orElseThrow().endpoint())
        .setReadTimeout(CollectorExporters.exporterTimeout(config))
        .build();
  }

  /** Separate, so that only this class links to zipkin-sender-urlconnection. */
  private static final class JdkSender {

    static SpanExporter create(String endpoint, int timeoutMillis) {
      URLConnectionSender sender = URLConnectionSender.newBuilder()
          .endpoint(endpoint)
          .connectTimeout(timeoutMillis)
          .readTimeout(timeoutMillis)
          .build();
      return ZipkinSpanExporter.builder().setSender(sender).build();
    }
  }
}
