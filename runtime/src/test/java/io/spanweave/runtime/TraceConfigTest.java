package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class TraceConfigTest {

  private static void assertRejected(UnaryOperator<TraceConfig.Builder> change, String... messageParts) {
    assertThatThrownBy(() -> change.apply(TraceConfig.builder()).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Invalid TraceConfig: ")
        .hasMessageContainingAll(messageParts);
  }

  @Test
  void defaults() {
    TraceConfig config = TraceConfig.builder().build();

    assertThat(config.enabled()).isFalse();
    assertThat(config.serviceName()).isEqualTo("spanweave");
    assertThat(config.outputDir()).isEqualTo(Path.of("work_dirs/trace"));
    assertThat(config.runId()).matches("\\d{8}-\\d{6}-\\d{6}-[0-9a-f]{8}");
    assertThat(config.runDir()).isEqualTo(Path.of("work_dirs/trace").toAbsolutePath().resolve(config.runId()));
    assertThat(config.viewerEnabled()).isFalse();
    assertThat(config.viewerHost()).isEqualTo("127.0.0.1");
    assertThat(config.viewerPort()).isEqualTo(18080);
    assertThat(config.extensions()).isEmpty();
    assertThat(config.externalOtlpEndpoint()).isNull();
    assertThat(config.externalOtlpProtocol()).isEqualTo(OtlpProtocol.HTTP_PROTOBUF);
    assertThat(config.externalOtlpHeaders()).isEmpty();
    assertThat(config.externalTraceJsonlPath()).isNull();
    assertThat(config.collectorPort()).isZero();
    assertThat(config.collectorAdvertisedHost()).isNull();
    assertThat(config.collectorMaxRequestBytes()).isEqualTo(16L * 1024 * 1024);
    assertThat(config.externalZipkinEndpoint()).isNull();
    assertThat(config.exportsToExternalCollector()).isFalse();
    assertThat(config.maxAttributeLength()).isEqualTo(256);
    assertThat(config.maxArrayLength()).isEqualTo(64);
    assertThat(config.exportQueueSize()).isEqualTo(8192);
    assertThat(config.exportBatchSize()).isEqualTo(512);
    assertThat(config.exportDelay()).isEqualTo(Duration.ofSeconds(1));
    assertThat(config.exportTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(config.liveAttributeKeys()).containsExactly("sample.id");
    assertThat(config.resourceAttributes()).isEmpty();
  }

  @Test
  void generatedRunIdsDifferAndAreFixedOnceBuilt() {
    TraceConfig config = TraceConfig.builder().build();
    assertThat(config.runId()).isEqualTo(config.runId());
    assertThat(TraceConfig.builder().build().runId()).isNotEqualTo(config.runId());
    assertThat(config.toBuilder().build().runId()).as("toBuilder keeps the run").isEqualTo(config.runId());
  }

  @Test
  void toBuilderKeepsEverySetting() {
    TraceConfig config = TraceConfig.builder().enabled(true).serviceName("svc").outputDir(Path.of("out")).runId("run-1")
        .viewerEnabled(true).viewerHost("0.0.0.0").viewerPort(9000).enableExtension("rollout")
        .externalOtlpEndpoint("http://collector:4318").externalOtlpProtocol(OtlpProtocol.GRPC)
        .externalOtlpHeaders(Map.of("x-team", "rl")).externalTraceJsonlPath(Path.of("/tmp/collector.jsonl"))
        .collectorPort(4318).collectorAdvertisedHost("driver.svc").collectorMaxRequestBytes(4096).maxAttributeLength(10).maxArrayLength(5).exportQueueSize(100).exportBatchSize(10)
        .exportDelay(Duration.ofMillis(5)).exportTimeout(Duration.ofSeconds(2)).liveAttributeKeys(List.of("a", "b"))
        .resourceAttribute("deployment.environment", "test").build();

    TraceConfig copy = config.toBuilder().build();

    assertThat(copy).usingRecursiveComparison().isEqualTo(config);
  }

  @Test
  void collectionsAreCopiedAndImmutable() {
    java.util.HashMap<String, String> attributes = new java.util.HashMap<>(Map.of("a", "1"));
    TraceConfig config = TraceConfig.builder().resourceAttributes(attributes).build();
    attributes.put("b", "2");

    assertThat(config.resourceAttributes()).containsOnlyKeys("a");
    assertThatThrownBy(() -> config.resourceAttributes().put("c", "3")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> config.liveAttributeKeys().add("x")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void eachInvalidSettingIsNamedWithWhatToDo() {
    assertRejected(b -> b.serviceName(" "), "serviceName is blank", "OTEL_SERVICE_NAME");
    assertRejected(b -> b.serviceName(null), "serviceName is blank");
    assertRejected(b -> b.outputDir(null), "outputDir is null");
    assertRejected(b -> b.runId("../escape"), "runId '../escape' cannot name a directory", "leave it unset");
    assertRejected(b -> b.runId("a/b"), "runId 'a/b'");
    assertRejected(b -> b.viewerHost(""), "viewerHost is blank");
    assertRejected(b -> b.viewerPort(70000), "viewerPort 70000 is not a TCP port", "0 for any free port");
    assertRejected(b -> b.collectorPort(-1), "collectorPort -1 is not a TCP port");
    assertRejected(b -> b.maxAttributeLength(0), "maxAttributeLength 0 must be at least 1");
    assertRejected(b -> b.maxArrayLength(0), "maxArrayLength 0 must be at least 1");
    assertRejected(b -> b.exportQueueSize(0), "exportQueueSize 0 must be at least 1");
    assertRejected(b -> b.exportQueueSize(10).exportBatchSize(20), "exportBatchSize 20 must be between 1 and exportQueueSize (10)");
    assertRejected(b -> b.exportDelay(Duration.ZERO), "exportDelay PT0S must be a positive duration");
    assertRejected(b -> b.exportTimeout(Duration.ofSeconds(-1)), "exportTimeout PT-1S must be a positive duration");
    assertRejected(b -> b.exportTimeout(null), "exportTimeout null");
    assertRejected(b -> b.externalOtlpProtocol(null), "externalOtlpProtocol is null");
    assertRejected(b -> b.liveAttributeKeys(List.of(" ")), "liveAttributeKeys holds a blank key");
    assertRejected(b -> b.resourceAttribute("service.name", "x"), "resourceAttributes sets service.name", "serviceName(...)");
    assertRejected(b -> b.resourceAttribute("spanweave.run.id", "x"), "resourceAttributes sets spanweave.run.id", "runId(...)");
    assertRejected(b -> b.resourceAttribute(" ", "x"), "resourceAttributes holds a blank key");
    assertRejected(b -> b.resourceAttribute("team", null), "resource attribute 'team' has no value");
    assertRejected(b -> b.externalOtlpEndpoint("collector:4318"), "externalOtlpEndpoint 'collector:4318' is not an http(s) URL");
    assertRejected(b -> b.externalZipkinEndpoint("zipkin:9411"), "externalZipkinEndpoint 'zipkin:9411' is not an http(s) URL",
        "http://zipkin:9411/api/v2/spans");
    assertRejected(b -> b.externalZipkinEndpoint("http://zipkin:9411/api/v2/spans").externalOtlpEndpoint("http://c:4318"),
        "externalOtlpEndpoint and externalZipkinEndpoint are both set", "keep one of them");
    assertRejected(b -> b.externalOtlpTracesEndpoint("collector:4318/v1/traces"),
        "externalOtlpTracesEndpoint 'collector:4318/v1/traces' is not an http(s) URL", "http://collector:4318/v1/traces");
    assertRejected(b -> b.externalZipkinEndpoint("http://zipkin:9411/api/v2/spans").externalOtlpTracesEndpoint("http://c:4318/v1/traces"),
        "externalOtlpTracesEndpoint and externalZipkinEndpoint are both set", "keep one of them");
    assertRejected(b -> b.collectorMaxRequestBytes(10), "collectorMaxRequestBytes 10 is too small");
    assertRejected(b -> b.collectorAdvertisedHost(" "), "collectorAdvertisedHost is blank");
  }

  @Test
  void aViewerWithAnExternalCollectorNeedsTheCollectorsFile() {
    assertRejected(b -> b.viewerEnabled(true).externalOtlpEndpoint("http://collector:4318"),
        "viewerEnabled with an external collector", "needs externalTraceJsonlPath", "or turn the viewer off");
    assertRejected(b -> b.viewerEnabled(true).externalZipkinEndpoint("http://zipkin:9411/api/v2/spans"),
        "needs externalTraceJsonlPath");

    TraceConfig ok = TraceConfig.builder().viewerEnabled(true).externalOtlpEndpoint("http://collector:4318")
        .externalTraceJsonlPath(Path.of("/var/otel/traces.jsonl")).build();
    assertThat(ok.externalTraceJsonlPath()).isEqualTo(Path.of("/var/otel/traces.jsonl"));
  }

  @Test
  void theCollectorsFileWithoutAnExternalCollectorIsRejected() {
    assertRejected(b -> b.externalTraceJsonlPath(Path.of("/var/otel/traces.jsonl")),
        "externalTraceJsonlPath is set but externalOtlpEndpoint is not", "set externalOtlpEndpoint (or externalZipkinEndpoint) too");
  }

  @Test
  void otlpProtocolsParseByTheirStandardNames() {
    assertThat(OtlpProtocol.parse("grpc")).isEqualTo(OtlpProtocol.GRPC);
    assertThat(OtlpProtocol.parse(" HTTP/protobuf ")).isEqualTo(OtlpProtocol.HTTP_PROTOBUF);
    assertThatThrownBy(() -> OtlpProtocol.parse("http/json"))
        .hasMessage("OTLP protocol 'http/json' is not supported; use 'http/protobuf' or 'grpc'");
  }

  @Test
  void settingsComeAsSmallImmutableParts() {
    TraceConfig config = TraceConfig.builder().collectorPort(4318).collectorAdvertisedHost("driver.svc")
        .maxAttributeLength(10).maxArrayLength(5).exportQueueSize(100).exportBatchSize(10)
        .exportDelay(Duration.ofMillis(5)).exportTimeout(Duration.ofSeconds(2)).previewMaxBytes(64)
        .samplingRatio(0.5).viewerEnabled(true).viewerPort(9000).build();

    assertThat(config.export()).isEqualTo(ExportTarget.localFile());
    assertThat(config.collector()).isEqualTo(new CollectorSettings(4318, "driver.svc",
        TraceConfig.DEFAULT_COLLECTOR_MAX_REQUEST_BYTES));
    assertThat(config.limits()).isEqualTo(new AttributeLimits(10, 5));
    assertThat(config.batch()).isEqualTo(new BatchSettings(100, 10, Duration.ofMillis(5), Duration.ofSeconds(2)));
    assertThat(config.previews()).isEqualTo(new PreviewSettings(true, 64));
    assertThat(config.sampling()).isEqualTo(new SamplingSettings(TraceSampler.PARENTBASED_TRACEIDRATIO, 0.5));
    assertThat(config.viewer()).isEqualTo(new ViewerSettings(true, "127.0.0.1", 9000));
  }

  @Test
  void theExportChoiceIsOneClosedType() {
    ExportTarget.Otlp otlp = new ExportTarget.Otlp("http://collector:4318", null, OtlpProtocol.HTTP_PROTOBUF,
        Map.of("authorization", "Bearer secret-value"));
    TraceConfig toOtlp = TraceConfig.builder().export(otlp).build();
    assertThat(toOtlp.export()).isEqualTo(otlp);
    assertThat(toOtlp.externalOtlpTracesUrl()).isEqualTo("http://collector:4318/v1/traces");
    assertThat(toOtlp.exportsToExternalCollector()).isTrue();
    assertThat(toOtlp.toString()).doesNotContain("secret-value");

    // choosing again replaces the choice: a Zipkin target leaves no OTLP endpoint behind
    TraceConfig toZipkin = toOtlp.toBuilder().export(new ExportTarget.Zipkin("http://zipkin:9411/api/v2/spans")).build();
    assertThat(toZipkin.export()).isEqualTo(new ExportTarget.Zipkin("http://zipkin:9411/api/v2/spans"));
    assertThat(toZipkin.externalOtlpEndpoint()).isNull();

    TraceConfig nowhere = TraceConfig.builder().export(ExportTarget.None.INSTANCE).build();
    assertThat(nowhere.export()).isEqualTo(ExportTarget.None.INSTANCE);
    assertThat(nowhere.exportsToExternalCollector()).isFalse();
    assertThat(nowhere.toBuilder().build().export()).isEqualTo(ExportTarget.None.INSTANCE);

    // the shortcut setters make the same choice
    assertThat(TraceConfig.builder().externalZipkinEndpoint("http://zipkin:9411/api/v2/spans").build().export())
        .isInstanceOf(ExportTarget.Zipkin.class);
  }

  @Test
  void aRunThatExportsNowhereWritesNoTraceFileAndStartsNoCollector(@org.junit.jupiter.api.io.TempDir Path dir) {
    try (TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).export(ExportTarget.None.INSTANCE).build())) {
      try (io.spanweave.api.TraceScope scope = io.spanweave.api.Trace.span("step")) {
        assertThat(Tracing.isEnabled()).isTrue();
      }
      assertThat(runtime.collectorEndpoint()).isEmpty();
      assertThat(runtime.traceFile()).doesNotExist();
    }
  }
}

