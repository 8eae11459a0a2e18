package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The export choices {@code OTEL_TRACES_EXPORTER} names, end to end with the real SDK: {@code
 * console} logs every span, and {@code OTEL_PROPAGATORS} decides what a carrier holds. A list with
 * an OTLP collector is tested with spanweave-otlp, in that module (OtlpExportTargetsTest).
 */
class ExportTargetsTest {

  @TempDir Path dir;

  @AfterEach
  void closeTracing() {
    Tracing.close();
  }

  @Test
  void consoleLogsEverySpanThroughOpenTelemetrysLoggingExporter() {
    Logger logger = Logger.getLogger("io.opentelemetry.exporter.logging.LoggingSpanExporter");
    List<LogRecord> records = new CopyOnWriteArrayList<>();
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            records.add(record);
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    logger.addHandler(handler);
    try {
      TraceConfig config =
          TestRuns.config(dir)
              .export(
                  TraceConfig.fromEnvironment(Map.of("OTEL_TRACES_EXPORTER", "console")).export())
              .build();
      try (TraceRuntime runtime = Tracing.configure(config)) {
        try (TraceScope span = Trace.span("to.console")) {
          Trace.setAttribute("step", 1);
        }
        runtime.flush();
        assertThat(runtime.collectorEndpoint()).isEmpty();
        assertThat(runtime.childEnvironment()).containsEntry("OTEL_TRACES_EXPORTER", "console");
      }
    } finally {
      logger.removeHandler(handler);
    }
    assertThat(records)
        .anySatisfy(
            record ->
                assertThat(new java.util.logging.SimpleFormatter().formatMessage(record))
                    .contains("'to.console'"));
  }

  @Test
  void thePropagatorsDecideWhatACarrierHoldsAndChildrenInheritThem() {
    try (TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .propagation(propagation -> propagation.withPropagators(List.of("tracecontext")))
                .build())) {
      Map<String, String> carrier;
      try (TraceScope span = Trace.span("request")) {
        carrier = Trace.inject(new HashMap<>());
      }
      assertThat(carrier).containsOnlyKeys("traceparent");
      assertThat(runtime.childEnvironment()).containsEntry("OTEL_PROPAGATORS", "tracecontext");
    }
    try (TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .propagation(propagation -> propagation.withPropagators(List.of("none")))
                .build())) {
      Map<String, String> carrier;
      try (TraceScope span = Trace.span("request")) {
        carrier = Trace.inject(new HashMap<>());
      }
      assertThat(carrier).isEmpty();
    }
    try (TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).build())) {
      Map<String, String> carrier;
      try (TraceScope span = Trace.span("request")) {
        carrier = Trace.inject(new HashMap<>());
      }
      assertThat(carrier).containsKeys("traceparent", "baggage");
    }
  }

  @Test
  void tracingOffSaysWhyInOneLine() {
    CapturedLog log = CapturedLog.start();
    try {
      TraceRuntime runtime = Tracing.configure(TraceConfig.builder().outputDir(dir).build());
      assertThat(runtime.isEnabled()).isFalse();
    } finally {
      log.close();
    }
    assertThat(log.records())
        .singleElement()
        .satisfies(
            record ->
                assertThat(record.getMessage())
                    .startsWith("spanweave tracing off: not enabled")
                    .contains("enabled(true)", "SPANWEAVE_ENABLED=true")
                    .doesNotContain("\n"));
  }

  @Test
  void anOtlpTimeoutOfItsOwnAppliesWhenShorterThanTheExportTimeoutAllows() {
    TraceConfig shortOwn =
        TraceConfig.fromEnvironment(
            Map.of(
                "OTEL_TRACES_EXPORTER",
                "otlp",
                "OTEL_EXPORTER_OTLP_TIMEOUT",
                "2000",
                "OTEL_BSP_EXPORT_TIMEOUT",
                "30000"));
    assertThat(CollectorExporters.exporterTimeout(shortOwn, shortOwn.export()))
        .isEqualTo(java.time.Duration.ofSeconds(2));

    TraceConfig longOwn =
        TraceConfig.fromEnvironment(
            Map.of(
                "OTEL_TRACES_EXPORTER",
                "otlp",
                "OTEL_EXPORTER_OTLP_TIMEOUT",
                "60s",
                "OTEL_BSP_EXPORT_TIMEOUT",
                "30000"));
    assertThat(CollectorExporters.exporterTimeout(longOwn, longOwn.export()))
        .as("the export timeout less a tenth, at most a second")
        .isEqualTo(java.time.Duration.ofSeconds(29));
  }
}
