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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export choices with an OTLP collector, end to end with the real SDK and this module's exporter: a
 * list ({@code OTEL_TRACES_EXPORTER=spanweave,otlp}) sends every span to each target, and the
 * startup line shows where with the endpoint's credentials masked. (The runtime's own module tests
 * the choices that need no optional module: ExportTargetsTest.)
 */
class OtlpExportTargetsTest {

  @TempDir Path dir;

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
        LocalCollector receiver =
            LocalCollector.start(
                "test-run",
                receiverFile,
                java.net.InetAddress.getLoopbackAddress(),
                0,
                "127.0.0.1",
                1 << 20)) {
      // What OTEL_TRACES_EXPORTER=spanweave,otlp with OTEL_EXPORTER_OTLP_COMPRESSION=none makes
      TraceConfig fromEnvironment =
          TraceConfig.fromEnvironment(
              Map.of(
                  "OTEL_TRACES_EXPORTER",
                  "spanweave,otlp",
                  "OTEL_EXPORTER_OTLP_ENDPOINT",
                  receiver.endpoint(),
                  "OTEL_EXPORTER_OTLP_HEADERS",
                  "Authorization=" + receiver.authorizationHeader().replace(" ", "%20"),
                  "OTEL_EXPORTER_OTLP_COMPRESSION",
                  "none"));
      TraceConfig config =
          TestRuns.config(dir.resolve("runs")).export(fromEnvironment.export()).build();

      try (TraceRuntime runtime = Tracing.configure(config)) {
        try (TraceScope both = Trace.span("to.both")) {
          Trace.setAttribute("step", 1);
        }
        assertThat(runtime.flush()).isTrue();
        assertThat(runtime.collectorEndpoint())
            .as("the local file's collector for children runs too")
            .isPresent();
        assertThat(runtime.childEnvironment())
            .containsEntry("OTEL_TRACES_EXPORTER", "otlp")
            .containsEntry(
                "OTEL_EXPORTER_OTLP_ENDPOINT", runtime.collectorEndpoint().orElseThrow());
        // An exporter list in the environment the child inherits cannot take it elsewhere.
        Map<String, String> inherited =
            new HashMap<>(
                Map.of(
                    "OTEL_TRACES_EXPORTER",
                    "spanweave,zipkin",
                    "OTEL_EXPORTER_OTLP_COMPRESSION",
                    "none"));
        inherited.putAll(runtime.childEnvironment());
        TraceConfig child = TraceConfig.fromEnvironment(inherited);
        assertThat(child.export()).isInstanceOf(ExportTarget.Otlp.class);
        assertThat(TestRuns.otlp(child).tracesUrl())
            .isEqualTo(runtime.collectorEndpoint().orElseThrow() + "/v1/traces");
        assertThat(TestRuns.otlp(child).compression()).isEqualTo("gzip");
        assertThat(StartupLine.compose(runtime))
            .contains(
                "exporter=spanweave,otlp",
                "traces=" + runtime.traceFile(),
                "export=" + receiver.endpoint() + "/v1/traces (http/protobuf)");
        runtime.close();
        assertThat(spanNames(runtime.traceFile())).containsExactly("to.both");
      }
      assertThat(spanNames(receiverFile.path())).containsExactly("to.both");
    }
  }

  @Test
  void theStartupLineShowsAnEndpointWithItsUserInfoAndQueryMasked() {
    TraceConfig config =
        TestRuns.config(dir)
            .export(
                new ExportTarget.Otlp(
                    null,
                    "https://user:hunter2@ingest.example/v1/traces?token=hunter3",
                    OtlpProtocol.HTTP_PROTOBUF,
                    Map.of()))
            .build();
    try (TraceRuntime runtime = Tracing.configure(config)) {
      assertThat(runtime.isEnabled()).as("this module's exporter is found").isTrue();
      assertThat(StartupLine.compose(runtime))
          .contains(
              "exporter=otlp",
              "export=https://[REDACTED]@ingest.example/v1/traces?token=[REDACTED] (http/protobuf)")
          .doesNotContain("hunter2", "hunter3");
      assertThat(config.toString()).doesNotContain("hunter2", "hunter3");
      assertThat(CollectorExporters.describe(config, config.export()))
          .doesNotContain("hunter2", "hunter3");
    }
  }
}
