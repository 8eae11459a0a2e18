package io.spanweave.runtime.internal.export;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps exporters from logging every failed export. With a collector that is down, their loggers
 * report each batch (throttled, but still several lines a minute, each with a stack trace), while
 * spanweave's rule is one warning per kind of fault, then counting: the failure reaches {@link
 * ReportingSpanExporter} through the export result instead.
 *
 * <p>Only loggers whose level nobody has set are quietened, so a user who sets, say, {@code
 * io.opentelemetry.exporter.internal.http.HttpExporter.level = FINE} in their logging configuration
 * still sees everything.
 */
public final class ExporterLogs {

  /**
   * The JDK's HTTP client, which the runtime's own OTLP/JSON exporter sends with (and
   * spanweave-otlp's exporter too): at FINE and below it logs each request's URL with its user-info
   * and query, which may be credentials (SecretsInOutputTest turns every level on).
   */
  private static final List<String> JDK_HTTP_CLIENT = List.of("jdk.internal.httpclient.debug");

  /**
   * Strong references: java.util.logging forgets the level of a logger that is garbage collected.
   */
  private static final List<Logger> QUIETENED = new CopyOnWriteArrayList<>();

  private ExporterLogs() {}

  /**
   * Turns off the JDK HTTP client's logger and {@code exporterLoggers}, the failure loggers an
   * exporter provider names ({@code SpanExporterProvider.failureLoggerNames()}), unless their level
   * was set.
   */
  public static synchronized void quieten(Collection<String> exporterLoggers) {
    List<String> names = new ArrayList<>(JDK_HTTP_CLIENT);
    names.addAll(exporterLoggers);
    for (String name : names) {
      Logger logger = Logger.getLogger(name);
      if (logger.getLevel() == null) {
        logger.setLevel(Level.OFF);
        QUIETENED.add(logger);
      }
    }
  }
}
