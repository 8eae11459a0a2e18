package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that exports to a collector outside it (OTLP with this module, Zipkin with
 * spanweave-zipkin, a test dependency here): no local collector starts, no trace file of its own is
 * written, and children get the same endpoint, in the generic and the traces-only variables.
 */
class ExternalCollectorTest {

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  @Test
  void
      withAnExternalCollectorNoLocalCollectorStartsNoTraceFileIsWrittenAndChildrenGetTheSameEndpoint() {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .export(
                    ExportTarget.otlp("http://collector.invalid:4318")
                        .withHeaders(Map.of("x-team", "rl")))
                .batch(batch -> batch.withTimeout(Duration.ofMillis(500)))
                .externalTraceJsonlPath(dir.resolve("shared/traces.jsonl"))
                .build());

    assertThat(runtime.collectorEndpoint()).isEmpty();
    assertThat(runtime.traceFile()).isEqualTo(dir.resolve("shared/traces.jsonl"));
    assertThat(RunLayout.traceFile(runtime.config())).doesNotExist();
    assertThat(runtime.liveFile()).exists();
    assertThat(runtime.childEnvironment())
        .containsEntry("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector.invalid:4318")
        .containsEntry("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf")
        .containsEntry("OTEL_EXPORTER_OTLP_HEADERS", "x-team=rl")
        .containsEntry(
            "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://collector.invalid:4318/v1/traces")
        .containsEntry("SPANWEAVE_EXTERNAL_TRACE_JSONL", "")
        .containsEntry("OTEL_EXPORTER_ZIPKIN_ENDPOINT", "");
  }

  @Test
  void withATracesOnlyEndpointChildrenGetItToo() {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .export(
                    new ExportTarget.Otlp(
                        null,
                        "http://collector.invalid:4318/custom/traces",
                        OtlpProtocol.HTTP_PROTOBUF,
                        Map.of()))
                .batch(batch -> batch.withTimeout(Duration.ofMillis(500)))
                .externalTraceJsonlPath(dir.resolve("shared/traces.jsonl"))
                .build());

    assertThat(runtime.collectorEndpoint()).as("an external collector: no local one").isEmpty();
    Map<String, String> childEnv = runtime.childEnvironment();
    assertThat(childEnv)
        .containsEntry(
            "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://collector.invalid:4318/custom/traces")
        .containsEntry("OTEL_EXPORTER_OTLP_ENDPOINT", "");
    assertThat(TestRuns.otlp(TraceConfig.fromEnvironment(childEnv)).tracesUrl())
        .isEqualTo("http://collector.invalid:4318/custom/traces");
  }

  @Test
  void withZipkinChildrenGetTheZipkinEndpointAndNoOtlpOne() {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .export(ExportTarget.zipkin("http://zipkin.invalid:9411/api/v2/spans"))
                .build());

    assertThat(runtime.collectorEndpoint()).isEmpty();
    assertThat(runtime.childEnvironment())
        .containsEntry("OTEL_EXPORTER_ZIPKIN_ENDPOINT", "http://zipkin.invalid:9411/api/v2/spans")
        .containsEntry("OTEL_EXPORTER_OTLP_ENDPOINT", "");
  }

  @Test
  void withAnExternalCollectorTheTracesVariantsNameItToo() {
    TraceRuntime driver =
        Tracing.configure(
            TestRuns.config(dir)
                .export(
                    ExportTarget.otlp("http://collector.invalid:4317")
                        .withProtocol(OtlpProtocol.GRPC))
                .build());

    assertThat(driver.childEnvironment())
        .containsEntry("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector.invalid:4317")
        .containsEntry("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://collector.invalid:4317")
        .containsEntry("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "grpc");
  }
}
