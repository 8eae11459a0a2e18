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

  private static void assertRejected(
      UnaryOperator<TraceConfig.Builder> change, String... messageParts) {
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
    assertThat(config.runDir())
        .isEqualTo(Path.of("work_dirs/trace").toAbsolutePath().resolve(config.runId()));
    assertThat(config.viewer().enabled()).isFalse();
    assertThat(config.viewer().host()).isEqualTo("127.0.0.1");
    assertThat(config.viewer().port()).isEqualTo(18080);
    assertThat(config.extensions()).isEmpty();
    assertThat(config.export()).isEqualTo(ExportTarget.localFile());
    assertThat(config.externalTraceJsonlPath()).isNull();
    assertThat(config.collector().port()).isZero();
    assertThat(config.collector().advertisedHost()).isNull();
    assertThat(config.collector().maxRequestBytes()).isEqualTo(16L * 1024 * 1024);
    assertThat(config.collector().bindAddress()).isNull();
    assertThat(config.export().isExternal()).isFalse();
    assertThat(config.limits().maxStringLength()).isEqualTo(256);
    assertThat(config.limits().maxArrayLength()).isEqualTo(64);
    assertThat(config.batch().queueSize()).isEqualTo(8192);
    assertThat(config.batch().batchSize()).isEqualTo(512);
    assertThat(config.batch().delay()).isEqualTo(Duration.ofSeconds(1));
    assertThat(config.batch().timeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(config.live().attributeKeys()).containsExactly("sample.id");
    assertThat(config.live().endpoint()).isNull();
    assertThat(config.resourceAttributes()).isEmpty();
    assertThat(config.previews()).isEqualTo(new PreviewSettings(true, 4096));
    assertThat(config.sampling())
        .isEqualTo(new SamplingSettings(TraceSampler.PARENTBASED_ALWAYS_ON, 1.0));
    assertThat(config.propagation().propagators()).containsExactly("tracecontext", "baggage");
    assertThat(config.propagation().strictCarriers()).isFalse();
  }

  @Test
  void generatedRunIdsDifferAndAreFixedOnceBuilt() {
    TraceConfig config = TraceConfig.builder().build();
    assertThat(config.runId()).isEqualTo(config.runId());
    assertThat(TraceConfig.builder().build().runId()).isNotEqualTo(config.runId());
    assertThat(config.toBuilder().build().runId())
        .as("toBuilder keeps the run")
        .isEqualTo(config.runId());
  }

  @Test
  void toBuilderKeepsEverySetting() {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("svc")
            .outputDir(Path.of("out"))
            .runId("run-1")
            .viewer(viewer -> viewer.withEnabled(true).withHost("0.0.0.0").withPort(9000))
            .enableExtension("rollout")
            .export(
                ExportTarget.otlp("http://collector:4318")
                    .withProtocol(OtlpProtocol.GRPC)
                    .withHeaders(Map.of("x-team", "rl")))
            .externalTraceJsonlPath(Path.of("/tmp/collector.jsonl"))
            .keepLocalFile(true)
            .rank(3)
            .localRank(1)
            .collector(
                collector ->
                    collector
                        .withPort(4318)
                        .withAdvertisedHost("driver.svc")
                        .withMaxRequestBytes(4096))
            .limits(limits -> limits.withMaxStringLength(10).withMaxArrayLength(5))
            .batch(
                batch ->
                    batch
                        .withQueueSize(100)
                        .withBatchSize(10)
                        .withDelay(Duration.ofMillis(5))
                        .withTimeout(Duration.ofSeconds(2)))
            .live(
                live ->
                    live.withAttributeKeys(List.of("a", "b"))
                        .withEndpoint("http://driver:4318/v1/spanweave/live"))
            .previews(previews -> previews.withEnabled(false))
            .sampling(sampling -> SamplingSettings.parentBasedRatio(0.5))
            .propagation(
                propagation ->
                    propagation.withPropagators(List.of("tracecontext")).withStrictCarriers(true))
            .resourceAttribute("deployment.environment", "test")
            .build();

    TraceConfig copy = config.toBuilder().build();

    assertThat(copy).usingRecursiveComparison().isEqualTo(config);
  }

  @Test
  void collectionsAreCopiedAndImmutable() {
    java.util.HashMap<String, String> attributes = new java.util.HashMap<>(Map.of("a", "1"));
    TraceConfig config = TraceConfig.builder().resourceAttributes(attributes).build();
    attributes.put("b", "2");

    assertThat(config.resourceAttributes()).containsOnlyKeys("a");
    assertThatThrownBy(() -> config.resourceAttributes().put("c", "3"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> config.live().attributeKeys().add("x"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void eachInvalidSettingIsNamedWithWhatToDo() {
    assertRejected(b -> b.serviceName(" "), "serviceName is blank", "OTEL_SERVICE_NAME");
    assertRejected(b -> b.serviceName(null), "serviceName is blank");
    assertRejected(b -> b.outputDir(null), "outputDir is null");
    assertRejected(
        b -> b.runId("../escape"), "runId '../escape' cannot name a directory", "leave it unset");
    assertRejected(b -> b.runId("a/b"), "runId 'a/b'");
    assertRejected(b -> b.viewer(viewer -> viewer.withHost("")), "viewer.host is blank");
    assertRejected(
        b -> b.viewer(viewer -> viewer.withPort(70000)),
        "viewer.port 70000 is not a TCP port",
        "0 for any free port");
    assertRejected(
        b -> b.collector(collector -> collector.withPort(-1)),
        "collector.port -1 is not a TCP port");
    assertRejected(
        b -> b.limits(limits -> limits.withMaxStringLength(0)),
        "limits.maxStringLength 0 must be at least 1");
    assertRejected(
        b -> b.limits(limits -> limits.withMaxArrayLength(0)),
        "limits.maxArrayLength 0 must be at least 1");
    assertRejected(
        b -> b.batch(batch -> batch.withQueueSize(0)), "batch.queueSize 0 must be at least 1");
    assertRejected(
        b -> b.batch(batch -> batch.withQueueSize(10).withBatchSize(20)),
        "batch.batchSize 20 must be between 1 and batch.queueSize (10)");
    assertRejected(
        b -> b.batch(batch -> batch.withDelay(Duration.ZERO)),
        "batch.delay PT0S must be a positive duration");
    assertRejected(
        b -> b.batch(batch -> batch.withTimeout(Duration.ofSeconds(-1))),
        "batch.timeout PT-1S must be a positive duration");
    assertRejected(b -> b.batch(batch -> batch.withTimeout(null)), "batch.timeout null");
    assertRejected(
        b -> b.export(ExportTarget.otlp("http://c:4318").withProtocol(null)),
        "the OTLP protocol is null");
    assertRejected(
        b -> b.live(live -> live.withAttributeKeys(List.of(" "))),
        "live.attributeKeys holds a blank key");
    assertRejected(
        b -> b.resourceAttribute("service.name", "x"),
        "resourceAttributes sets service.name",
        "serviceName(...)");
    assertRejected(
        b -> b.resourceAttribute("spanweave.run.id", "x"),
        "resourceAttributes sets spanweave.run.id",
        "runId(...)");
    assertRejected(b -> b.resourceAttribute(" ", "x"), "resourceAttributes holds a blank key");
    assertRejected(
        b -> b.resourceAttribute("team", null), "resource attribute 'team' has no value");
    assertRejected(
        b -> b.export(ExportTarget.otlp("collector:4318")),
        "OTLP endpoint 'collector:4318' is not an http(s) URL");
    assertRejected(
        b -> b.export(ExportTarget.zipkin("zipkin:9411")),
        "Zipkin endpoint 'zipkin:9411' is not an http(s) URL",
        "http://zipkin:9411/api/v2/spans");
    assertRejected(
        b ->
            b.export(
                new ExportTarget.Otlp(
                    null, "collector:4318/v1/traces", OtlpProtocol.HTTP_PROTOBUF, Map.of())),
        "OTLP tracesEndpoint 'collector:4318/v1/traces' is not an http(s) URL",
        "http://collector:4318/v1/traces");
    assertRejected(
        b -> b.export(new ExportTarget.Otlp(null, null, OtlpProtocol.HTTP_PROTOBUF, Map.of())),
        "the OTLP target has no endpoint");
    assertRejected(
        b -> b.collector(collector -> collector.withMaxRequestBytes(10)),
        "collector.maxRequestBytes 10 is too small");
    assertRejected(
        b -> b.collector(collector -> collector.withAdvertisedHost(" ")),
        "collector.advertisedHost is blank");
    assertRejected(
        b -> b.previews(previews -> previews.withMaxBytes(8)), "previews.maxBytes 8 is too small");
    assertRejected(
        b -> b.sampling(sampling -> sampling.withRatio(1.5)),
        "sampling.ratio 1.5 is not a share of traces");
    assertRejected(
        b -> b.propagation(propagation -> propagation.withPropagators(List.of("none", "b3"))),
        "propagation.propagators lists 'none' with others");
    assertRejected(
        b -> b.propagation(propagation -> propagation.withPropagators(List.of("nosuchformat"))),
        "propagator 'nosuchformat' is unknown");
    assertRejected(b -> b.viewer(viewer -> null), "the change of viewer returned null");
  }

  @Test
  void aViewerWithAnExternalCollectorNeedsTheCollectorsFile() {
    assertRejected(
        b ->
            b.viewer(viewer -> viewer.withEnabled(true))
                .export(ExportTarget.otlp("http://collector:4318")),
        "viewer.enabled with an export that writes no local traces file (otlp)",
        "needs externalTraceJsonlPath",
        "or turn the viewer off");
    assertRejected(
        b ->
            b.viewer(viewer -> viewer.withEnabled(true))
                .export(ExportTarget.zipkin("http://zipkin:9411/api/v2/spans")),
        "needs externalTraceJsonlPath");

    TraceConfig ok =
        TraceConfig.builder()
            .viewer(viewer -> viewer.withEnabled(true))
            .export(ExportTarget.otlp("http://collector:4318"))
            .externalTraceJsonlPath(Path.of("/var/otel/traces.jsonl"))
            .build();
    assertThat(ok.externalTraceJsonlPath()).isEqualTo(Path.of("/var/otel/traces.jsonl"));
  }

  @Test
  void theCollectorsFileWithoutAnExternalCollectorIsRejected() {
    assertRejected(
        b -> b.externalTraceJsonlPath(Path.of("/var/otel/traces.jsonl")),
        "externalTraceJsonlPath is set but the export (spanweave) has no external collector",
        "export to one too");
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
    TraceConfig config =
        TraceConfig.builder()
            .collector(collector -> collector.withPort(4318).withAdvertisedHost("driver.svc"))
            .limits(limits -> limits.withMaxStringLength(10).withMaxArrayLength(5))
            .batch(
                batch ->
                    batch
                        .withQueueSize(100)
                        .withBatchSize(10)
                        .withDelay(Duration.ofMillis(5))
                        .withTimeout(Duration.ofSeconds(2)))
            .previews(previews -> previews.withMaxBytes(64))
            .sampling(sampling -> SamplingSettings.parentBasedRatio(0.5))
            .viewer(viewer -> viewer.withEnabled(true).withPort(9000))
            .build();

    assertThat(config.export()).isEqualTo(ExportTarget.localFile());
    assertThat(config.collector())
        .isEqualTo(
            new CollectorSettings(
                4318, "driver.svc", CollectorSettings.DEFAULT_MAX_REQUEST_BYTES, null));
    assertThat(config.limits()).isEqualTo(new AttributeLimits(10, 5));
    assertThat(config.batch())
        .isEqualTo(new BatchSettings(100, 10, Duration.ofMillis(5), Duration.ofSeconds(2)));
    assertThat(config.previews()).isEqualTo(new PreviewSettings(true, 64));
    assertThat(config.sampling())
        .isEqualTo(new SamplingSettings(TraceSampler.PARENTBASED_TRACEIDRATIO, 0.5));
    assertThat(config.viewer()).isEqualTo(new ViewerSettings(true, "127.0.0.1", 9000));
  }

  @Test
  void aChangeStartsFromTheCurrentPartSoChangesInAnyOrderAddUp() {
    TraceConfig config =
        TraceConfig.builder()
            .batch(batch -> batch.withDelay(Duration.ofMillis(5)))
            .enabled(true)
            .batch(batch -> batch.withTimeout(Duration.ofSeconds(2)))
            .build();
    assertThat(config.batch())
        .isEqualTo(new BatchSettings(8192, 512, Duration.ofMillis(5), Duration.ofSeconds(2)));

    TraceConfig changed = config.toBuilder().batch(batch -> batch.withQueueSize(100)).build();
    assertThat(changed.batch())
        .as("a smaller queue takes the batch size down with it")
        .isEqualTo(new BatchSettings(100, 100, Duration.ofMillis(5), Duration.ofSeconds(2)));
    assertThat(config.batch().queueSize()).as("the original is unchanged").isEqualTo(8192);
  }

  @Test
  void theExportChoiceIsOneClosedType() {
    ExportTarget.Otlp otlp =
        ExportTarget.otlp("http://collector:4318")
            .withHeaders(Map.of("authorization", "Bearer secret-value"));
    TraceConfig toOtlp = TraceConfig.builder().export(otlp).build();
    assertThat(toOtlp.export()).isEqualTo(otlp);
    assertThat(otlp.tracesUrl()).isEqualTo("http://collector:4318/v1/traces");
    assertThat(toOtlp.export().isExternal()).isTrue();
    assertThat(toOtlp.toString()).doesNotContain("secret-value");

    // choosing again replaces the choice: a Zipkin target leaves no OTLP endpoint behind
    TraceConfig toZipkin =
        toOtlp.toBuilder().export(ExportTarget.zipkin("http://zipkin:9411/api/v2/spans")).build();
    assertThat(toZipkin.export())
        .isEqualTo(new ExportTarget.Zipkin("http://zipkin:9411/api/v2/spans"));
    assertThat(toZipkin.export().part(ExportTarget.Otlp.class)).isEmpty();

    TraceConfig nowhere = TraceConfig.builder().export(ExportTarget.None.INSTANCE).build();
    assertThat(nowhere.export()).isEqualTo(ExportTarget.None.INSTANCE);
    assertThat(nowhere.export().isExternal()).isFalse();
    assertThat(nowhere.toBuilder().build().export()).isEqualTo(ExportTarget.None.INSTANCE);

    // a composite's parts are found by kind
    ExportTarget both = new ExportTarget.Composite(List.of(ExportTarget.localFile(), otlp));
    assertThat(both.part(ExportTarget.Otlp.class)).contains(otlp);
    assertThat(both.part(ExportTarget.Zipkin.class)).isEmpty();
  }

  @Test
  void aRunThatExportsNowhereWritesNoTraceFileAndStartsNoCollector(
      @org.junit.jupiter.api.io.TempDir Path dir) {
    try (TraceRuntime runtime =
        Tracing.configure(TestRuns.config(dir).export(ExportTarget.None.INSTANCE).build())) {
      try (io.spanweave.api.TraceScope scope = io.spanweave.api.Trace.span("step")) {
        assertThat(Tracing.isEnabled()).isTrue();
      }
      assertThat(runtime.collectorEndpoint()).isEmpty();
      assertThat(runtime.traceFile()).doesNotExist();
    }
  }
}
