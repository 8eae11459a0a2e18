package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every row of the table in {@code docs/configuration.md}: each variable, and its {@code -D} system
 * property, reaches its setting. {@link #everyVariableInTheDocumentedTableHasARowHere()} keeps the
 * table and these rows in step.
 */
class OtelConfigurationTableTest {

  /**
   * One variable set to {@code value} (with {@code with}, other variables it needs), and what the
   * configuration then says.
   */
  record Row(
      String variable,
      String value,
      Map<String, String> with,
      Function<TraceConfig, Object> setting,
      Object expected) {

    @Override
    public String toString() {
      return variable + "=" + value + (with.isEmpty() ? "" : " with " + with);
    }
  }

  private static Row row(
      String variable, String value, Function<TraceConfig, Object> setting, Object expected) {
    return new Row(variable, value, Map.of(), setting, expected);
  }

  private static Row row(
      String variable,
      String value,
      Map<String, String> with,
      Function<TraceConfig, Object> setting,
      Object expected) {
    return new Row(variable, value, with, setting, expected);
  }

  /** The certificate and key that turn TLS on, which the other collector TLS files need. */
  private static final Map<String, String> COLLECTOR_TLS =
      Map.of(
          "SPANWEAVE_COLLECTOR_TLS_CERT",
          "/tls/tls.crt",
          "SPANWEAVE_COLLECTOR_TLS_KEY",
          "/tls/tls.key");

  static Stream<Row> rows() {
    Map<String, String> otlp = Map.of("OTEL_TRACES_EXPORTER", "otlp");
    return Stream.of(
        row("SPANWEAVE_ENABLED", "true", TraceConfig::enabled, true),
        row(
            "OTEL_SDK_DISABLED",
            "true",
            Map.of("SPANWEAVE_ENABLED", "true"),
            TraceConfig::enabled,
            false),
        row("OTEL_SERVICE_NAME", "judge", TraceConfig::serviceName, "judge"),
        row(
            "OTEL_RESOURCE_ATTRIBUTES",
            "team=rl,deployment.environment=prod%20eu",
            TraceConfig::resourceAttributes,
            Map.of("team", "rl", "deployment.environment", "prod eu")),
        row(
            "OTEL_RESOURCE_ATTRIBUTES",
            "service.name=judge,spanweave.run.id=run-9",
            c -> c.serviceName() + "/" + c.runId(),
            "judge/run-9"),
        row("SPANWEAVE_RUN_ID", "run-7", TraceConfig::runId, "run-7"),
        row("SPANWEAVE_RESUME_STEP", "40", c -> c.resumeStep().getAsLong(), 40L),
        row(
            "SPANWEAVE_OUTPUT_DIR",
            "/data/traces",
            TraceConfig::outputDir,
            Path.of("/data/traces")),
        row(
            "SPANWEAVE_EXTENSIONS",
            "rollout,other",
            TraceConfig::extensions,
            Set.of("rollout", "other")),
        row("SPANWEAVE_VIEWER_ENABLED", "true", c -> c.viewer().enabled(), true),
        row("SPANWEAVE_VIEWER_HOST", "0.0.0.0", c -> c.viewer().host(), "0.0.0.0"),
        row("SPANWEAVE_VIEWER_PORT", "9090", c -> c.viewer().port(), 9090),
        row("SPANWEAVE_COLLECTOR_PORT", "4318", c -> c.collector().port(), 4318),
        row(
            "SPANWEAVE_COLLECTOR_HOST",
            "driver.svc",
            c -> c.collector().advertisedHost(),
            "driver.svc"),
        row("SPANWEAVE_COLLECTOR_BIND", "all", c -> c.collector().bindAddress(), "all"),
        row(
            "SPANWEAVE_KEEP_LOCAL_FILE",
            "true",
            Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318"),
            TraceConfig::keepLocalFile,
            true),
        row("SPANWEAVE_STRICT_CARRIERS", "true", c -> c.propagation().strictCarriers(), true),
        row("SPANWEAVE_GUARDRAILS", "off", TraceConfig::guardrails, false),
        row(
            "SPANWEAVE_COLLECTOR_MAX_REQUEST_BYTES",
            "1048576",
            c -> c.collector().maxRequestBytes(),
            1048576L),
        row(
            "SPANWEAVE_COLLECTOR_TLS_CERT",
            "/tls/tls.crt",
            Map.of("SPANWEAVE_COLLECTOR_TLS_KEY", "/tls/tls.key"),
            c -> c.collectorTls().certificate(),
            Path.of("/tls/tls.crt")),
        row(
            "SPANWEAVE_COLLECTOR_TLS_KEY",
            "/tls/tls.key",
            Map.of("SPANWEAVE_COLLECTOR_TLS_CERT", "/tls/tls.crt"),
            c -> c.collectorTls().privateKey(),
            Path.of("/tls/tls.key")),
        row(
            "SPANWEAVE_COLLECTOR_TLS_CLIENT_CA",
            "/tls/clients.pem",
            COLLECTOR_TLS,
            c -> c.collectorTls().clientCa(),
            Path.of("/tls/clients.pem")),
        row(
            "SPANWEAVE_COLLECTOR_TLS_CA",
            "/tls/ca.crt",
            COLLECTOR_TLS,
            c -> c.collectorTls().trustedByChildren(),
            Path.of("/tls/ca.crt")),
        row(
            "SPANWEAVE_COLLECTOR_TLS_CHILD_CERT",
            "/tls/worker.crt",
            Map.of(
                "SPANWEAVE_COLLECTOR_TLS_CERT",
                "/tls/tls.crt",
                "SPANWEAVE_COLLECTOR_TLS_KEY",
                "/tls/tls.key",
                "SPANWEAVE_COLLECTOR_TLS_CHILD_KEY",
                "/tls/worker.key"),
            c -> c.collectorTls().childCertificate(),
            Path.of("/tls/worker.crt")),
        row(
            "SPANWEAVE_COLLECTOR_TLS_CHILD_KEY",
            "/tls/worker.key",
            Map.of(
                "SPANWEAVE_COLLECTOR_TLS_CERT",
                "/tls/tls.crt",
                "SPANWEAVE_COLLECTOR_TLS_KEY",
                "/tls/tls.key",
                "SPANWEAVE_COLLECTOR_TLS_CHILD_CERT",
                "/tls/worker.crt"),
            c -> c.collectorTls().childKey(),
            Path.of("/tls/worker.key")),
        row(
            "OTEL_EXPORTER_OTLP_CERTIFICATE",
            "/ca/private.pem",
            c -> c.exporterTls().trustedCertificates(),
            Path.of("/ca/private.pem")),
        row(
            "OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE",
            "/ca/traces.pem",
            Map.of("OTEL_EXPORTER_OTLP_CERTIFICATE", "/ca/private.pem"),
            c -> c.exporterTls().trustedCertificates(),
            Path.of("/ca/traces.pem")),
        row(
            "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE",
            "/me.crt",
            Map.of("OTEL_EXPORTER_OTLP_CLIENT_KEY", "/me.key"),
            c -> c.exporterTls().clientCertificate(),
            Path.of("/me.crt")),
        row(
            "OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE",
            "/traces.crt",
            Map.of(
                "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE",
                "/me.crt",
                "OTEL_EXPORTER_OTLP_CLIENT_KEY",
                "/me.key"),
            c -> c.exporterTls().clientCertificate(),
            Path.of("/traces.crt")),
        row(
            "OTEL_EXPORTER_OTLP_CLIENT_KEY",
            "/me.key",
            Map.of("OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE", "/me.crt"),
            c -> c.exporterTls().clientKey(),
            Path.of("/me.key")),
        row(
            "OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY",
            "/traces.key",
            Map.of(
                "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE",
                "/me.crt",
                "OTEL_EXPORTER_OTLP_CLIENT_KEY",
                "/me.key"),
            c -> c.exporterTls().clientKey(),
            Path.of("/traces.key")),
        row(
            "SPANWEAVE_EXTERNAL_TRACE_JSONL",
            "/otel/traces.jsonl",
            Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318"),
            TraceConfig::externalTraceJsonlPath,
            Path.of("/otel/traces.jsonl")),
        row("SPANWEAVE_MAX_ATTRIBUTE_LENGTH", "100", c -> c.limits().maxStringLength(), 100),
        row("OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT", "120", c -> c.limits().maxStringLength(), 120),
        row("SPANWEAVE_MAX_ARRAY_LENGTH", "8", c -> c.limits().maxArrayLength(), 8),
        row(
            "SPANWEAVE_LIVE_ENDPOINT",
            "http://10.1.2.3:41873/v1/spanweave/live",
            c -> c.live().endpoint(),
            "http://10.1.2.3:41873/v1/spanweave/live"),
        row(
            "SPANWEAVE_LIVE_ATTRIBUTE_KEYS",
            "sample.id, rollout.id",
            c -> c.live().attributeKeys(),
            List.of("sample.id", "rollout.id")),
        row("SPANWEAVE_PART_MAX_BYTES", "1048576", c -> c.runFiles().partMaxBytes(), 1048576L),
        row("SPANWEAVE_PART_CODEC", "none", c -> c.runFiles().codec(), "none"),
        row("SPANWEAVE_PREVIEWS", "false", c -> c.previews().enabled(), false),
        row("SPANWEAVE_PREVIEW_MAX_BYTES", "512", c -> c.previews().maxBytes(), 512),
        row("SPANWEAVE_RANK", "2", Map.of("RANK", "7"), c -> c.rank().getAsInt(), 2),
        row("RANK", "7", c -> c.rank().getAsInt(), 7),
        row("LOCAL_RANK", "3", c -> c.localRank().getAsInt(), 3),
        row("OTEL_TRACES_EXPORTER", "spanweave", TraceConfig::export, ExportTarget.localFile()),
        row(
            "OTEL_TRACES_EXPORTER",
            "otlp",
            c -> TestRuns.otlp(c).tracesUrl(),
            "http://localhost:4318/v1/traces"),
        row(
            "OTEL_TRACES_EXPORTER",
            "otlp",
            Map.of("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"),
            c -> TestRuns.otlp(c).tracesUrl(),
            "http://localhost:4317"),
        row(
            "OTEL_TRACES_EXPORTER",
            "zipkin",
            c -> TestRuns.zipkin(c).endpoint(),
            "http://localhost:9411/api/v2/spans"),
        row("OTEL_TRACES_EXPORTER", "console", TraceConfig::export, ExportTarget.Console.INSTANCE),
        row("OTEL_TRACES_EXPORTER", "logging", TraceConfig::export, ExportTarget.Console.INSTANCE),
        row("OTEL_TRACES_EXPORTER", "none", TraceConfig::export, ExportTarget.None.INSTANCE),
        row(
            "OTEL_TRACES_EXPORTER",
            "spanweave,otlp",
            Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318"),
            TraceConfig::export,
            new ExportTarget.Composite(
                List.of(
                    ExportTarget.localFile(),
                    new ExportTarget.Otlp(
                        "http://c:4318", null, OtlpProtocol.HTTP_PROTOBUF, Map.of())))),
        row(
            "OTEL_EXPORTER_OTLP_ENDPOINT",
            "http://collector:4318",
            c -> TestRuns.otlp(c).tracesUrl(),
            "http://collector:4318/v1/traces"),
        row(
            "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
            "https://ingest.example/otlp/spans",
            Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://generic:4318"),
            c -> TestRuns.otlp(c).tracesUrl(),
            "https://ingest.example/otlp/spans"),
        row(
            "OTEL_EXPORTER_OTLP_PROTOCOL",
            "grpc",
            otlp,
            c -> TestRuns.otlp(c).protocol(),
            OtlpProtocol.GRPC),
        row(
            "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL",
            "http/protobuf",
            Map.of("OTEL_TRACES_EXPORTER", "otlp", "OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"),
            c -> TestRuns.otlp(c).protocol(),
            OtlpProtocol.HTTP_PROTOBUF),
        row(
            "OTEL_EXPORTER_OTLP_HEADERS",
            "authorization=Bearer%20abc,x-team=rl",
            otlp,
            c -> TestRuns.otlp(c).headers(),
            Map.of("authorization", "Bearer abc", "x-team", "rl")),
        row(
            "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
            "x-key=k1",
            Map.of("OTEL_TRACES_EXPORTER", "otlp", "OTEL_EXPORTER_OTLP_HEADERS", "x-generic=g"),
            c -> TestRuns.otlp(c).headers(),
            Map.of("x-key", "k1")),
        row(
            "OTEL_EXPORTER_OTLP_COMPRESSION",
            "none",
            otlp,
            c -> TestRuns.otlp(c).compression(),
            "none"),
        row(
            "OTEL_EXPORTER_OTLP_TRACES_COMPRESSION",
            "gzip",
            Map.of("OTEL_TRACES_EXPORTER", "otlp", "OTEL_EXPORTER_OTLP_COMPRESSION", "none"),
            c -> TestRuns.otlp(c).compression(),
            "gzip"),
        row(
            "OTEL_EXPORTER_OTLP_TIMEOUT",
            "5000",
            otlp,
            c -> TestRuns.otlp(c).timeout(),
            Duration.ofSeconds(5)),
        row(
            "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT",
            "2s",
            Map.of("OTEL_TRACES_EXPORTER", "otlp", "OTEL_EXPORTER_OTLP_TIMEOUT", "5000"),
            c -> TestRuns.otlp(c).timeout(),
            Duration.ofSeconds(2)),
        row(
            "OTEL_EXPORTER_ZIPKIN_ENDPOINT",
            "http://zipkin:9411/api/v2/spans",
            c -> TestRuns.zipkin(c).endpoint(),
            "http://zipkin:9411/api/v2/spans"),
        row(
            "OTEL_PROPAGATORS",
            "tracecontext",
            c -> c.propagation().propagators(),
            List.of("tracecontext")),
        row("OTEL_PROPAGATORS", "none", c -> c.propagation().propagators(), List.of("none")),
        row(
            "OTEL_TRACES_SAMPLER",
            "always_off",
            c -> c.sampling().sampler(),
            TraceSampler.ALWAYS_OFF),
        row(
            "OTEL_TRACES_SAMPLER_ARG",
            "0.25",
            Map.of("OTEL_TRACES_SAMPLER", "parentbased_traceidratio"),
            c -> c.sampling().ratio(),
            0.25),
        row("OTEL_BSP_MAX_QUEUE_SIZE", "1000", c -> c.batch().queueSize(), 1000),
        row("OTEL_BSP_MAX_EXPORT_BATCH_SIZE", "100", c -> c.batch().batchSize(), 100),
        row("OTEL_BSP_SCHEDULE_DELAY", "250", c -> c.batch().delay(), Duration.ofMillis(250)),
        row("OTEL_BSP_EXPORT_TIMEOUT", "5000", c -> c.batch().timeout(), Duration.ofSeconds(5)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void theVariableReachesItsSetting(Row row) {
    Map<String, String> env = new HashMap<>(row.with());
    env.put(row.variable(), row.value());
    assertThat(row.setting().apply(TraceConfig.fromEnvironment(env))).isEqualTo(row.expected());
  }

  /**
   * The same through {@code -D<property>} on this JVM, as {@link Tracing#configure(TraceConfig)}
   * reads it.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void theSystemPropertyReachesItsSettingOverTheBuilder(Row row) {
    Map<String, String> properties = new LinkedHashMap<>();
    row.with().forEach((name, value) -> properties.put(TraceEnvironment.propertyName(name), value));
    properties.put(TraceEnvironment.propertyName(row.variable()), row.value());
    TraceConfig fromBuilder = TraceConfig.builder().serviceName("from-builder").build();
    TraceConfig effective =
        withSystemProperties(
            properties, () -> TraceEnvironment.applyProcessSettings(fromBuilder).config());
    assertThat(row.setting().apply(effective)).isEqualTo(row.expected());
  }

  @Test
  void everyVariableInTheDocumentedTableHasARowHere() throws IOException {
    String docs = Files.readString(Path.of("..", "docs", "configuration.md"));
    String table =
        docs.substring(
            docs.indexOf("## Every setting"),
            docs.indexOf("## ", docs.indexOf("## Every setting") + 3));
    Set<String> documented = new TreeSet<>();
    Matcher variable =
        Pattern.compile("`((?:OTEL|SPANWEAVE)_[A-Z_]+|RANK|LOCAL_RANK)`").matcher(table);
    while (variable.find()) {
      documented.add(variable.group(1));
    }
    Set<String> tested = new TreeSet<>();
    rows().forEach(row -> tested.add(row.variable()));
    assertThat(documented).as("variables in the table of docs/configuration.md").isNotEmpty();
    assertThat(tested).containsAll(documented);
    assertThat(documented).containsAll(tested);
    for (String name : documented) {
      assertThat(table)
          .as("the table names the system property of " + name)
          .contains("`-D" + TraceEnvironment.propertyName(name) + "`");
    }
  }

  @Test
  void aSystemPropertyOverridesWhatTheBuilderSetAndTheBuilderKeepsWhatNothingOverrides() {
    TraceConfig fromBuilder =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("from-builder")
            .batch(batch -> batch.withQueueSize(100).withBatchSize(10))
            .export(ExportTarget.otlp("http://from-builder:4318"))
            .build();

    TraceConfig effective =
        withSystemProperties(
            Map.of("otel.service.name", "from-property", "otel.exporter.otlp.headers", "x-team=rl"),
            () -> TraceEnvironment.applyProcessSettings(fromBuilder).config());

    assertThat(effective.serviceName()).isEqualTo("from-property");
    assertThat(effective.batch().queueSize()).isEqualTo(100);
    assertThat(effective.runId()).isEqualTo(fromBuilder.runId());
    assertThat(TestRuns.otlp(effective).endpoint())
        .as("the builder's endpoint, with the headers added")
        .isEqualTo("http://from-builder:4318");
    assertThat(TestRuns.otlp(effective).headers()).containsExactly(Map.entry("x-team", "rl"));

    assertThat(
            withSystemProperties(
                Map.of("otel.exporter.zipkin.endpoint", "http://zipkin:9411/api/v2/spans"),
                () -> TraceEnvironment.applyProcessSettings(fromBuilder).config().export()))
        .as("an endpoint variable replaces the builder's collector")
        .isEqualTo(new ExportTarget.Zipkin("http://zipkin:9411/api/v2/spans"));
    assertThat(
            withSystemProperties(
                    Map.of("spanweave.enabled", "false"),
                    () -> TraceEnvironment.applyProcessSettings(fromBuilder))
                .offReason())
        .isEqualTo("-Dspanweave.enabled=false");
  }

  @Test
  void otelSdkDisabledTurnsOffWhatTheBuilderTurnedOnAndSaysWhy() {
    TraceConfig on = TraceConfig.builder().enabled(true).build();

    TraceEnvironment.Effective effective =
        withSystemProperties(
            Map.of("otel.sdk.disabled", "true"), () -> TraceEnvironment.applyProcessSettings(on));

    assertThat(effective.config().enabled()).isFalse();
    assertThat(effective.offReason()).isEqualTo("-Dotel.sdk.disabled=true");
    assertThat(TraceEnvironment.applyProcessSettings(TraceConfig.builder().build()).offReason())
        .contains("not enabled", "enabled(true)", "SPANWEAVE_ENABLED=true");
  }

  @Test
  void aListOfExportersNamingNoneWithOthersOrAnUnknownOneIsRefusedByName() {
    assertThatThrownBy(
            () -> TraceConfig.fromEnvironment(Map.of("OTEL_TRACES_EXPORTER", "none,otlp")))
        .hasMessageContaining("OTEL_TRACES_EXPORTER is 'none,otlp'; set it to 'none' alone");
    assertThatThrownBy(() -> TraceConfig.fromEnvironment(Map.of("OTEL_TRACES_EXPORTER", "jaeger")))
        .hasMessageContaining(
            "OTEL_TRACES_EXPORTER is 'jaeger'; set it to a comma-separated list of spanweave, otlp, "
                + "zipkin, console (or logging) and none");
    assertThatThrownBy(() -> TraceConfig.fromEnvironment(Map.of("OTEL_PROPAGATORS", "b3")))
        .hasMessageContaining(
            "propagator 'b3' is unknown", "opentelemetry-extension-trace-propagators");
    assertThatThrownBy(
            () ->
                TraceConfig.fromEnvironment(
                    Map.of(
                        "OTEL_TRACES_EXPORTER", "otlp", "OTEL_EXPORTER_OTLP_COMPRESSION", "zstd")))
        .hasMessageContaining(
            "OTEL_EXPORTER_OTLP_COMPRESSION is 'zstd'; set it to 'gzip' or 'none'");
  }

  @Test
  void aBuilderCompositeKeepsItsShapeWhenTheEnvironmentMovesItsEndpoint() {
    TraceConfig fromBuilder =
        TraceConfig.builder()
            .export(
                new ExportTarget.Composite(
                    List.of(
                        ExportTarget.localFile(),
                        new ExportTarget.Otlp(
                            "http://from-builder:4318",
                            null,
                            OtlpProtocol.HTTP_PROTOBUF,
                            Map.of()))))
            .build();

    TraceConfig effective =
        withSystemProperties(
            Map.of("otel.exporter.otlp.endpoint", "http://from-property:4318"),
            () -> TraceEnvironment.applyProcessSettings(fromBuilder).config());

    assertThat(effective.export().includesLocalFile()).isTrue();
    assertThat(TestRuns.otlp(effective).tracesUrl())
        .isEqualTo("http://from-property:4318/v1/traces");
  }

  /** Runs {@code action} with {@code properties} set on this JVM, then restores what was there. */
  static <T> T withSystemProperties(
      Map<String, String> properties, java.util.function.Supplier<T> action) {
    Properties saved = new Properties();
    List<String> absent = new ArrayList<>();
    properties.forEach(
        (name, value) -> {
          String old = System.getProperty(name);
          if (old == null) {
            absent.add(name);
          } else {
            saved.setProperty(name, old);
          }
          System.setProperty(name, value);
        });
    try {
      return action.get();
    } finally {
      absent.forEach(System::clearProperty);
      saved.forEach((name, value) -> System.setProperty((String) name, (String) value));
    }
  }
}
