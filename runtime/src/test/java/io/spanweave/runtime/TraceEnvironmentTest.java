package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TraceEnvironmentTest {

  @Test
  void anEmptyEnvironmentGivesTheDefaultsWithTracingOff() {
    TraceConfig config = TraceConfig.fromEnvironment(Map.of());
    assertThat(config.enabled()).isFalse();
    assertThat(config.serviceName()).isEqualTo("spanweave");
  }

  @Test
  void everyVariableReachesItsSetting() {
    Map<String, String> env = new HashMap<>();
    env.put("SPANWEAVE_ENABLED", "true");
    env.put("SPANWEAVE_RUN_ID", "run-7");
    env.put("SPANWEAVE_OUTPUT_DIR", "/data/traces");
    env.put("SPANWEAVE_EXTENSIONS", "rollout");
    env.put("SPANWEAVE_VIEWER_ENABLED", "1");
    env.put("SPANWEAVE_VIEWER_HOST", "0.0.0.0");
    env.put("SPANWEAVE_VIEWER_PORT", "9090");
    env.put("SPANWEAVE_COLLECTOR_PORT", "4318");
    env.put("SPANWEAVE_COLLECTOR_HOST", "driver.svc");
    env.put("SPANWEAVE_COLLECTOR_MAX_REQUEST_BYTES", "1048576");
    env.put("SPANWEAVE_EXTERNAL_TRACE_JSONL", "/otel/traces.jsonl");
    env.put("SPANWEAVE_MAX_ARRAY_LENGTH", "8");
    env.put("SPANWEAVE_LIVE_ATTRIBUTE_KEYS", "sample.id, rollout.id");
    env.put("OTEL_SERVICE_NAME", "rollout");
    env.put("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4317");
    env.put("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc");
    env.put("OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer%20abc,x-team=rl");
    env.put("OTEL_RESOURCE_ATTRIBUTES", "deployment.environment=prod,host.group=a%2Cb");
    env.put("OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT", "100");
    env.put("OTEL_BSP_MAX_QUEUE_SIZE", "1000");
    env.put("OTEL_BSP_MAX_EXPORT_BATCH_SIZE", "100");
    env.put("OTEL_BSP_SCHEDULE_DELAY", "250");
    env.put("OTEL_BSP_EXPORT_TIMEOUT", "5000");

    TraceConfig config = TraceConfig.fromEnvironment(env);

    assertThat(config.enabled()).isTrue();
    assertThat(config.runId()).isEqualTo("run-7");
    assertThat(config.outputDir()).isEqualTo(Path.of("/data/traces"));
    assertThat(config.extensions()).containsExactly("rollout");
    assertThat(config.viewer().enabled()).isTrue();
    assertThat(config.viewer().host()).isEqualTo("0.0.0.0");
    assertThat(config.viewer().port()).isEqualTo(9090);
    assertThat(config.collector().port()).isEqualTo(4318);
    assertThat(config.collector().advertisedHost()).isEqualTo("driver.svc");
    assertThat(config.collector().maxRequestBytes()).isEqualTo(1048576);
    assertThat(config.externalTraceJsonlPath()).isEqualTo(Path.of("/otel/traces.jsonl"));
    assertThat(config.limits().maxArrayLength()).isEqualTo(8);
    assertThat(config.live().attributeKeys()).containsExactly("sample.id", "rollout.id");
    assertThat(config.serviceName()).isEqualTo("rollout");
    assertThat(TestRuns.otlp(config).endpoint()).isEqualTo("http://collector:4317");
    assertThat(TestRuns.otlp(config).protocol()).isEqualTo(OtlpProtocol.GRPC);
    assertThat(TestRuns.otlp(config).headers())
        .containsExactly(Map.entry("authorization", "Bearer abc"), Map.entry("x-team", "rl"));
    assertThat(config.resourceAttributes())
        .containsExactly(
            Map.entry("deployment.environment", "prod"), Map.entry("host.group", "a,b"));
    assertThat(config.limits().maxStringLength()).isEqualTo(100);
    assertThat(config.batch().queueSize()).isEqualTo(1000);
    assertThat(config.batch().batchSize()).isEqualTo(100);
    assertThat(config.batch().delay()).isEqualTo(Duration.ofMillis(250));
    assertThat(config.batch().timeout()).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void theStandardZipkinVariableSelectsZipkin() {
    TraceConfig config =
        TraceConfig.fromEnvironment(
            Map.of("OTEL_EXPORTER_ZIPKIN_ENDPOINT", "http://zipkin:9411/api/v2/spans"));
    assertThat(TestRuns.zipkin(config).endpoint()).isEqualTo("http://zipkin:9411/api/v2/spans");
    assertThat(config.export().isExternal()).isTrue();
  }

  @Test
  void otelSdkDisabledWinsOverSpanweaveEnabled() {
    TraceConfig config =
        TraceConfig.fromEnvironment(
            Map.of("SPANWEAVE_ENABLED", "true", "OTEL_SDK_DISABLED", "true"));
    assertThat(config.enabled()).isFalse();
  }

  @Test
  void serviceNameAndRunIdMayComeFromResourceAttributesButTheDedicatedVariablesWin() {
    TraceConfig fromResource =
        TraceConfig.fromEnvironment(
            Map.of("OTEL_RESOURCE_ATTRIBUTES", "service.name=judge,spanweave.run.id=r1,team=rl"));
    assertThat(fromResource.serviceName()).isEqualTo("judge");
    assertThat(fromResource.runId()).isEqualTo("r1");
    assertThat(fromResource.resourceAttributes()).containsOnlyKeys("team");

    TraceConfig dedicated =
        TraceConfig.fromEnvironment(
            Map.of(
                "OTEL_RESOURCE_ATTRIBUTES", "service.name=judge", "OTEL_SERVICE_NAME", "worker"));
    assertThat(dedicated.serviceName()).isEqualTo("worker");
  }

  @Test
  void theTracesOnlyOtlpVariablesWinOverTheGenericOnesAndTheirEndpointIsUsedAsItIs() {
    TraceConfig config =
        TraceConfig.fromEnvironment(
            Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT", "http://generic:4317",
                "OTEL_EXPORTER_OTLP_PROTOCOL", "grpc",
                "OTEL_EXPORTER_OTLP_HEADERS", "x-generic=1",
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "https://ingest.example/otlp/spans",
                "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "http/protobuf",
                "OTEL_EXPORTER_OTLP_TRACES_HEADERS", "authorization=Bearer%20t"));

    assertThat(config.export().isExternal()).isTrue();
    assertThat(TestRuns.otlp(config).tracesUrl())
        .as("no /v1/traces appended")
        .isEqualTo("https://ingest.example/otlp/spans");
    assertThat(TestRuns.otlp(config).protocol()).isEqualTo(OtlpProtocol.HTTP_PROTOBUF);
    assertThat(TestRuns.otlp(config).headers())
        .containsExactly(Map.entry("authorization", "Bearer t"));
  }

  @Test
  void theGenericOtlpEndpointGetsV1TracesAppendedForHttpAndIsUsedAsItIsForGrpc() {
    assertThat(
            TestRuns.otlp(
                    TraceConfig.fromEnvironment(
                        Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318/")))
                .tracesUrl())
        .isEqualTo("http://collector:4318/v1/traces");
    assertThat(
            TestRuns.otlp(
                    TraceConfig.fromEnvironment(
                        Map.of(
                            "OTEL_EXPORTER_OTLP_ENDPOINT",
                            "http://collector:4317",
                            "OTEL_EXPORTER_OTLP_PROTOCOL",
                            "grpc")))
                .tracesUrl())
        .isEqualTo("http://collector:4317");
    assertThat(TraceConfig.fromEnvironment(Map.of()).export().part(ExportTarget.Otlp.class))
        .isEmpty();
  }

  @Test
  void emptyVariablesCountAsUnset() {
    TraceConfig config =
        TraceConfig.fromEnvironment(
            Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "", "SPANWEAVE_VIEWER_PORT", " "));
    assertThat(config.export()).isEqualTo(ExportTarget.localFile());
    assertThat(config.viewer().port()).isEqualTo(18080);
  }

  @Test
  void spacesAroundAValueAreIgnored() {
    TraceConfig config =
        TraceConfig.fromEnvironment(
            Map.of(
                "SPANWEAVE_VIEWER_PORT",
                " 9090 ",
                "OTEL_BSP_MAX_QUEUE_SIZE",
                "100 ",
                "OTEL_TRACES_SAMPLER_ARG",
                " 0.5",
                "SPANWEAVE_ENABLED",
                " true "));
    assertThat(config.viewer().port()).isEqualTo(9090);
    assertThat(config.batch().queueSize()).isEqualTo(100);
    assertThat(config.sampling().ratio()).isEqualTo(0.5);
    assertThat(config.enabled()).isTrue();
  }

  @Test
  void aWrongValueNamesTheVariable() {
    assertThatThrownBy(() -> TraceConfig.fromEnvironment(Map.of("SPANWEAVE_ENABLED", "maybe")))
        .hasMessage(
            "Invalid environment: SPANWEAVE_ENABLED is 'maybe'; set it to true or false or unset it");
    assertThatThrownBy(() -> TraceConfig.fromEnvironment(Map.of("SPANWEAVE_VIEWER_PORT", "eighty")))
        .hasMessage(
            "Invalid environment: SPANWEAVE_VIEWER_PORT is 'eighty'; set it to a whole number or unset it");
    assertThatThrownBy(
            () -> TraceConfig.fromEnvironment(Map.of("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json")))
        .hasMessageContaining(
            "OTEL_EXPORTER_OTLP_PROTOCOL is 'http/json'; set it to 'http/protobuf' or 'grpc'");
    assertThatThrownBy(
            () -> TraceConfig.fromEnvironment(Map.of("OTEL_RESOURCE_ATTRIBUTES", "novalue")))
        .hasMessageContaining(
            "OTEL_RESOURCE_ATTRIBUTES is 'novalue'; set it to comma-separated key=value pairs");
    assertThatThrownBy(() -> TraceConfig.fromEnvironment(Map.of("SPANWEAVE_RUN_ID", "a/b")))
        .hasMessageContaining("runId 'a/b' cannot name a directory");
  }

  @Test
  void aMalformedHeaderVariableNeverEchoesItsValue() {
    assertThatThrownBy(
            () ->
                TraceConfig.fromEnvironment(
                    Map.of("OTEL_EXPORTER_OTLP_HEADERS", "Bearer sk-secret")))
        .hasMessageContaining("OTEL_EXPORTER_OTLP_HEADERS is '<hidden>'")
        .hasMessageNotContaining("sk-secret");
  }

  @Test
  void aMalformedHeaderVariableIsShownAHeaderExampleNotAResourceOne() {
    for (String name : List.of("OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS")) {
      assertThatThrownBy(() -> TraceConfig.fromEnvironment(Map.of(name, "Bearer sk-secret")))
          .hasMessage(
              "Invalid environment: "
                  + name
                  + " is '<hidden>'; set it to comma-separated header=value pairs"
                  + " with URL-encoded values, e.g. authorization=Bearer%20<token>,x-team=rl or unset it");
    }
    assertThatThrownBy(
            () -> TraceConfig.fromEnvironment(Map.of("OTEL_RESOURCE_ATTRIBUTES", "novalue")))
        .hasMessageContaining("e.g. deployment.environment=prod,team=rl");
  }
}
