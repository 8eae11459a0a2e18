package io.spanweave.runtime.internal.export;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps OpenTelemetry's exporters from logging every failed export. With a collector that is
 * down, their loggers report each batch (throttled, but still several lines a minute, each with a
 * stack trace), while spanweave's rule is one warning per kind of fault, then counting: the
 * failure reaches {@link ReportingSpanExporter} through the export result instead.
 *
 * <p>Only loggers whose level nobody has set are quietened, so a user who sets, say,
 * {@code io.opentelemetry.exporter.internal.http.HttpExporter.level = FINE} in their logging
 * configuration still sees everything.
 */
public final class ExporterLogs {

  /**
   * The loggers of OTLP/HTTP, OTLP/gRPC and Zipkin export failures: OpenTelemetry 1.68 logs them from
   * {@code io.opentelemetry.exporter.otlp.internal}, older releases of the supported range from
   * {@code io.opentelemetry.exporter.internal}.
   */
  private static final List<String> NAMES = List.of(
      "io.opentelemetry.exporter.otlp.internal.HttpExporter",
      "io.opentelemetry.exporter.otlp.internal.GrpcExporter",
      "io.opentelemetry.exporter.internal.http.HttpExporter",
      "io.opentelemetry.exporter.internal.grpc.GrpcExporter",
      "io.opentelemetry.exporter.zipkin",
      // The JDK's HTTP clients that spanweave-otlp and spanweave-zipkin send with: at FINE and below
      // they log each request's URL with its user-info and query, which may be credentials
      // (SecretsInOutputTest turns every level on).
      "jdk.internal.httpclient.debug",
      "sun.net.www.protocol.http.HttpURLConnection");
  /** Strong references: java.util.logging forgets the level of a logger that is garbage collected. */
  private static final List<Logger> QUIETENED = new CopyOnWriteArrayList<>();

  private ExporterLogs() {
  }

  public static synchronized void quieten() {
    for (String name : NAMES) {
      Logger logger = Logger.getLogger(name);
      if (logger.getLevel() == null) {
        logger.setLevel(Level.OFF);
        QUIETENED.add(logger);
      }
    }
  }
}
