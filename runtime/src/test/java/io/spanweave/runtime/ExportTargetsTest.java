package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
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
 * The export choices {@code OTEL_TRACES_EXPORTER} names, end to end with the real SDK: a list
 * sends every span to each target, {@code console} logs it, and {@code OTEL_PROPAGATORS} decides
 * what a carrier holds.
 */
class ExportTargetsTest {

  @TempDir
  Path dir;

  @AfterEach
  void closeTracing() {
    Tracing.close();
  }

  private static List<String> spanNames(Path file) {
    return TestRuns.spans(TestRuns.readRequests(file)).stream().map(Span::getName).toList();
  }

  @Test
  void theLocalFileAndAnOtlpCollectorBothReceiveEverySpan() throws Exception {
    try (JsonLinesFile receiverFile = JsonLinesFile.open(dir.resolve("receiver/traces.jsonl"));
        LocalCollector receiver = LocalCollector.start("test-run", receiverFile, java.net.InetAddress.getLoopbackAddress(), 0, "127.0.0.1", 1 << 20)) {
      // What OTEL_TRACES_EXPORTER=spanweave,otlp with OTEL_EXPORTER_OTLP_COMPRESSION=none makes
      TraceConfig fromEnvironment = TraceConfig.fromEnvironment(Map.of(
          "OTEL_TRACES_EXPORTER", "spanweave,otlp",
          "OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint(),
          "OTEL_EXPORTER_OTLP_HEADERS", "Authorization=" + receiver.authorizationHeader().replace(" ", "%20"),
          "OTEL_EXPORTER_OTLP_COMPRESSION", "none"));
      TraceConfig config = TestRuns.config(dir.resolve("runs")).export(fromEnvironment.export()).build();

      try (TraceRuntime runtime = Tracing.configure(config)) {
        try (TraceScope both = Trace.span("to.both")) {
          Trace.setAttribute("step", 1);
        }
        assertThat(runtime.flush()).isTrue();
        assertThat(runtime.collectorEndpoint()).as("the local file's collector for children runs too").isPresent();
        assertThat(runtime.childEnvironment()).containsEntry("OTEL_TRACES_EXPORTER", "otlp")
            .containsEntry("OTEL_EXPORTER_OTLP_ENDPOINT", runtime.collectorEndpoint().orElseThrow());
        // An exporter list in the environment the child inherits cannot take it elsewhere.
        Map<String, String> inherited = new HashMap<>(Map.of("OTEL_TRACES_EXPORTER", "spanweave,zipkin",
            "OTEL_EXPORTER_OTLP_COMPRESSION", "none"));
        inherited.putAll(runtime.childEnvironment());
        TraceConfig child = TraceConfig.fromEnvironment(inherited);
        assertThat(child.export()).isInstanceOf(ExportTarget.Otlp.class);
        assertThat(TestRuns.otlp(child).tracesUrl()).isEqualTo(runtime.collectorEndpoint().orElseThrow() + "/v1/traces");
        assertThat(TestRuns.otlp(child).compression()).isEqualTo("gzip");
        assertThat(StartupLine.compose(runtime)).contains("exporter=spanweave,otlp", "traces=" + runtime.traceFile(),
            "export=" + receiver.endpoint() + "/v1/traces (http/protobuf)");
        runtime.close();
        assertThat(spanNames(runtime.traceFile())).containsExactly("to.both");
      }
      assertThat(spanNames(receiverFile.path())).containsExactly("to.both");
    }
  }

  @Test
  void consoleLogsEverySpanThroughOpenTelemetrysLoggingExporter() {
    Logger logger = Logger.getLogger("io.opentelemetry.exporter.logging.LoggingSpanExporter");
    List<LogRecord> records = new CopyOnWriteArrayList<>();
    Handler handler = new Handler() {
      @Override
      public void publish(LogRecord record) {
        records.add(record);
      }

      @Override
      public void flush() {
      }

      @Override
      public void close() {
      }
    };
    logger.addHandler(handler);
    try {
      TraceConfig config = TestRuns.config(dir).export(TraceConfig.fromEnvironment(
          Map.of("OTEL_TRACES_EXPORTER", "console")).export()).build();
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
    assertThat(records).anySatisfy(record ->
        assertThat(new java.util.logging.SimpleFormatter().formatMessage(record)).contains("'to.console'"));
  }

  @Test
  void thePropagatorsDecideWhatACarrierHoldsAndChildrenInheritThem() {
    try (TraceRuntime runtime = Tracing.configure(TestRuns.config(dir)
        .propagation(propagation -> propagation.withPropagators(List.of("tracecontext"))).build())) {
      Map<String, String> carrier;
      try (TraceScope span = Trace.span("request")) {
        carrier = Trace.inject(new HashMap<>());
      }
      assertThat(carrier).containsOnlyKeys("traceparent");
      assertThat(runtime.childEnvironment()).containsEntry("OTEL_PROPAGATORS", "tracecontext");
    }
    try (TraceRuntime runtime = Tracing.configure(TestRuns.config(dir)
        .propagation(propagation -> propagation.withPropagators(List.of("none"))).build())) {
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
    assertThat(log.records()).singleElement().satisfies(record -> assertThat(record.getMessage())
        .startsWith("spanweave tracing off: not enabled")
        .contains("enabled(true)", "SPANWEAVE_ENABLED=true")
        .doesNotContain("\n"));
  }

  @Test
  void theStartupLineShowsAnEndpointWithItsUserInfoAndQueryMasked() {
    TraceConfig config = TestRuns.config(dir).export(new ExportTarget.Otlp(null, 
        "https://user:hunter2@ingest.example/v1/traces?token=hunter3", OtlpProtocol.HTTP_PROTOBUF, Map.of())).build();
    try (TraceRuntime runtime = Tracing.configure(config)) {
      assertThat(StartupLine.compose(runtime))
          .contains("exporter=otlp", "export=https://[REDACTED]@ingest.example/v1/traces?token=[REDACTED] (http/protobuf)")
          .doesNotContain("hunter2", "hunter3");
      assertThat(config.toString()).doesNotContain("hunter2", "hunter3");
      assertThat(CollectorExporters.describe(config)).doesNotContain("hunter2", "hunter3");
    }
  }

  @Test
  void anOtlpTimeoutOfItsOwnAppliesWhenShorterThanTheExportTimeoutAllows() {
    TraceConfig shortOwn = TraceConfig.fromEnvironment(Map.of("OTEL_TRACES_EXPORTER", "otlp",
        "OTEL_EXPORTER_OTLP_TIMEOUT", "2000", "OTEL_BSP_EXPORT_TIMEOUT", "30000"));
    assertThat(CollectorExporters.exporterTimeout(shortOwn)).isEqualTo(java.time.Duration.ofSeconds(2));

    TraceConfig longOwn = TraceConfig.fromEnvironment(Map.of("OTEL_TRACES_EXPORTER", "otlp",
        "OTEL_EXPORTER_OTLP_TIMEOUT", "60s", "OTEL_BSP_EXPORT_TIMEOUT", "30000"));
    assertThat(CollectorExporters.exporterTimeout(longOwn)).as("the export timeout less a tenth, at most a second")
        .isEqualTo(java.time.Duration.ofSeconds(29));
  }
}
