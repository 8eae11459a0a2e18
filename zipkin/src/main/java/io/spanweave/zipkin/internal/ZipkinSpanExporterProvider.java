package io.spanweave.zipkin.internal;

import io.opentelemetry.exporter.zipkin.ZipkinSpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.runtime.ExportTarget;
import io.spanweave.runtime.spi.ExporterSettings;
import io.spanweave.runtime.spi.SpanExporterProvider;
import java.util.List;
import zipkin2.reporter.urlconnection.URLConnectionSender;

/**
 * OpenTelemetry's Zipkin exporter (JSON v2 over HTTP) for {@link ExportTarget.Zipkin}. This module
 * brings it with zipkin-reporter's {@code URLConnectionSender}, the JDK's own HTTP client, in place
 * of the exporter's default OkHttp sender, so that Zipkin export brings neither OkHttp nor Kotlin;
 * an application that excluded that sender gets the exporter's default one.
 */
public final class ZipkinSpanExporterProvider implements SpanExporterProvider {

  @Override
  public String name() {
    return "zipkin";
  }

  @Override
  public SpanExporter createExporter(ExporterSettings settings) {
    if (!settings.protocol().equals(ExporterSettings.HTTP_JSON)) {
      throw new IllegalArgumentException(
          "the zipkin exporter cannot send "
              + settings.protocol()
              + " (only "
              + ExporterSettings.HTTP_JSON
              + ")");
    }
    if (hasJdkSender()) {
      return JdkSender.create(
          settings.tracesUrl(), (int) Math.min(Integer.MAX_VALUE, settings.timeout().toMillis()));
    }
    return ZipkinSpanExporter.builder()
        .setEndpoint(settings.tracesUrl())
        .setReadTimeout(settings.timeout())
        .build();
  }

  /**
   * Zipkin export failures, and the JDK's {@code HttpURLConnection} that the sender uses: at FINE
   * and below it logs each request's URL with its user-info and query, which may be credentials.
   */
  @Override
  public List<String> failureLoggerNames() {
    return List.of(
        "io.opentelemetry.exporter.zipkin", "sun.net.www.protocol.http.HttpURLConnection");
  }

  private static boolean hasJdkSender() {
    try {
      Class.forName(
          "zipkin2.reporter.urlconnection.URLConnectionSender",
          false,
          ZipkinSpanExporterProvider.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Separate, so that only this class links to zipkin-sender-urlconnection. */
  private static final class JdkSender {

    static SpanExporter create(String endpoint, int timeoutMillis) {
      URLConnectionSender sender =
          URLConnectionSender.newBuilder()
              .endpoint(endpoint)
              .connectTimeout(timeoutMillis)
              .readTimeout(timeoutMillis)
              .build();
      return ZipkinSpanExporter.builder().setSender(sender).build();
    }
  }
}
