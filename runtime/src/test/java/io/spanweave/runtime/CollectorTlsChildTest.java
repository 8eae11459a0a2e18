package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A driver whose collector speaks TLS (and mTLS) is joined by a real child JVM with nothing but
 * {@link TraceRuntime#childEnvironment()}: an {@code https} endpoint and OpenTelemetry's
 * certificate variables, read by the child's exporter and its live records alike. A collector
 * beyond loopback without TLS says so once at start.
 */
class CollectorTlsChildTest {

  @TempDir static Path certs;
  private static TestCertificates ca;
  private static TestCertificates.Pair server;
  private static TestCertificates.Pair worker;

  @TempDir Path dir;

  @BeforeAll
  static void makeCertificates() throws IOException {
    ca = TestCertificates.newCa(certs, "run-ca");
    server = ca.server("collector", false);
    worker = ca.client("worker");
  }

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private static List<LogRecord> configure(TraceConfig config) {
    try (CapturedLog log = CapturedLog.start()) {
      Tracing.configure(config);
      return List.copyOf(log.records());
    }
  }

  /**
   * Runs the child with {@code env} under a span of the driver, then checks both spans and the
   * child's live records.
   */
  private static void childJoins(TraceRuntime driver, Map<String, String> env) throws Exception {
    Map<String, String> carrier;
    try (TraceScope dispatch = Trace.span("parent.dispatch")) {
      carrier = Trace.inject(new HashMap<>());
    }
    try (ChildJvm child =
        ChildJvm.start(driver.runDir().getParent(), env, "work", carrier.get("traceparent"))) {
      assertThat(child.readLine()).isEqualTo("joined run " + driver.runId());
      child.awaitSuccess();
    }
    assertThat(driver.collectedSpans()).as("the child's span, received over TLS").isEqualTo(1);
    driver.close();
    List<Span> spans = TestRuns.spans(TestRuns.readRequests(driver.traceFile()));
    assertThat(spans)
        .extracting(Span::getName)
        .containsExactlyInAnyOrder("parent.dispatch", "child.work");
    assertThat(TestRuns.readJsonLines(driver.liveFile()))
        .as("the child's live records, sent over TLS too")
        .anySatisfy(
            record -> {
              assertThat(record.path("name").asText()).isEqualTo("child.work");
              assertThat(record.path("pid").asLong()).isNotEqualTo(ProcessHandle.current().pid());
            });
  }

  @Test
  void aChildJoinsATlsCollectorWithTheChildEnvironmentAlone() throws Exception {
    List<LogRecord> log =
        configure(
            TestRuns.config(dir)
                .serviceName("driver")
                .collectorTls(tls -> tls.withCertificate(server.certificate(), server.key()))
                .build());
    TraceRuntime driver = Tracing.current().orElseThrow();
    Map<String, String> env = driver.childEnvironment();

    assertThat(env.get("OTEL_EXPORTER_OTLP_ENDPOINT")).startsWith("https://127.0.0.1:");
    assertThat(env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))
        .startsWith("https://")
        .endsWith("/v1/traces");
    assertThat(env.get("SPANWEAVE_LIVE_ENDPOINT")).startsWith("https://");
    // By default children trust the certificate file itself (its chain holds the CA here).
    assertThat(env.get("OTEL_EXPORTER_OTLP_CERTIFICATE"))
        .isEqualTo(server.certificate().toAbsolutePath().toString());
    assertThat(env.get("OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE"))
        .isEqualTo(env.get("OTEL_EXPORTER_OTLP_CERTIFICATE"));
    assertThat(env.get("OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE")).isEmpty();
    assertThat(log)
        .extracting(LogRecord::getMessage)
        .first()
        .asString()
        .contains("collector=https://127.0.0.1:", ", TLS)");
    assertThat(log).as("loopback with TLS: no clear-text warning").hasSize(1);

    childJoins(driver, env);
  }

  @Test
  void withMutualTlsTheChildPresentsTheCertificateTheDriverWasGivenForIt() throws Exception {
    configure(
        TestRuns.config(dir)
            .serviceName("driver")
            .collectorTls(
                tls ->
                    tls.withCertificate(server.certificate(), server.key())
                        .withClientCa(ca.caCertificate)
                        .withChildCa(ca.caCertificate)
                        .withChildCertificate(worker.certificate(), worker.key()))
            .build());
    TraceRuntime driver = Tracing.current().orElseThrow();
    Map<String, String> env = driver.childEnvironment();

    assertThat(env.get("OTEL_EXPORTER_OTLP_CERTIFICATE"))
        .isEqualTo(ca.caCertificate.toAbsolutePath().toString());
    assertThat(env.get("OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE"))
        .isEqualTo(worker.certificate().toAbsolutePath().toString());
    assertThat(env.get("OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY"))
        .isEqualTo(worker.key().toAbsolutePath().toString());

    childJoins(driver, env);
  }

  @Test
  void aChildWithoutTheClientCertificateDeliversNothingToAMutualTlsCollector() throws Exception {
    configure(
        TestRuns.config(dir)
            .serviceName("driver")
            .collectorTls(
                tls ->
                    tls.withCertificate(server.certificate(), server.key())
                        .withClientCa(ca.caCertificate))
            .build());
    TraceRuntime driver = Tracing.current().orElseThrow();
    Map<String, String> carrier;
    try (TraceScope dispatch = Trace.span("parent.dispatch")) {
      carrier = Trace.inject(new HashMap<>());
    }
    try (ChildJvm child =
        ChildJvm.start(dir, driver.childEnvironment(), "work", carrier.get("traceparent"))) {
      assertThat(child.readLine()).isEqualTo("joined run " + driver.runId());
      child.awaitSuccess();
    }
    assertThat(driver.collectedSpans()).isZero();
    driver.close();
    assertThat(TestRuns.spans(TestRuns.readRequests(driver.traceFile())))
        .extracting(Span::getName)
        .containsExactly("parent.dispatch");
  }

  @Test
  void aCollectorBeyondLoopbackWithoutTlsSaysOnceThatSpansAndTheTokenTravelInClearText() {
    List<LogRecord> plain =
        configure(
            TestRuns.config(dir).collector(collector -> collector.withBindAddress("all")).build());
    assertThat(plain).hasSize(2);
    assertThat(plain.get(1).getLevel()).isEqualTo(Level.WARNING);
    assertThat(plain.get(1).getMessage())
        .contains(
            "all interfaces without TLS",
            "bearer token",
            "unencrypted",
            "SPANWEAVE_COLLECTOR_TLS_CERT",
            "SPANWEAVE_COLLECTOR_TLS_KEY",
            "SPANWEAVE_COLLECTOR_TLS_CLIENT_CA");
    assertThat(plain.get(1).getMessage())
        .doesNotContain(
            Tracing.current()
                .orElseThrow()
                .childEnvironment()
                .get("OTEL_EXPORTER_OTLP_HEADERS")
                .replace("Authorization=Bearer%20", ""));
    Tracing.close();

    assertThat(configure(TestRuns.config(dir).build()))
        .as("loopback stays plain, without a warning")
        .hasSize(1);
    Tracing.close();
    assertThat(
            configure(
                TestRuns.config(dir)
                    .collector(collector -> collector.withBindAddress("all"))
                    .collectorTls(tls -> tls.withCertificate(server.certificate(), server.key()))
                    .build()))
        .as("beyond loopback with TLS")
        .hasSize(1);
  }

  @Test
  void aKeyFileThatCannotBeUsedStopsTracingAtStartNamingTheFileAndTheFix() throws Exception {
    Path pkcs1 = dir.resolve("rsa.key");
    java.nio.file.Files.writeString(
        pkcs1, "-----BEGIN RSA PRIVATE KEY-----\nMIIEow==\n-----END RSA PRIVATE KEY-----\n");
    long faults = io.spanweave.api.TracingFaults.count("start");

    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .collectorTls(tls -> tls.withCertificate(server.certificate(), pkcs1))
                .build());

    assertThat(runtime.isEnabled()).isFalse();
    assertThat(io.spanweave.api.TracingFaults.count("start")).isEqualTo(faults + 1);
  }

  @Test
  void replayReadsTheCertificateVariablesTheTracesFormFirst() throws Exception {
    assertThat(Replay.tls(Map.of())).as("none set: the JDK's defaults").isNull();
    assertThat(
            Replay.tls(
                Map.of(
                    "OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE",
                    ca.caCertificate.toString(),
                    "OTEL_EXPORTER_OTLP_CERTIFICATE",
                    dir.resolve("missing.pem").toString())))
        .isNotNull();
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                Replay.tls(
                    Map.of(
                        "OTEL_EXPORTER_OTLP_CERTIFICATE", dir.resolve("missing.pem").toString())))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("missing.pem");
  }

  @Test
  void theVariablesSetTlsAndTheTracesFormsWin() {
    TraceConfig config =
        TraceConfig.fromEnvironment(
            Map.of(
                "SPANWEAVE_COLLECTOR_TLS_CERT",
                "/certs/tls.crt",
                "SPANWEAVE_COLLECTOR_TLS_KEY",
                "/certs/tls.key",
                "SPANWEAVE_COLLECTOR_TLS_CLIENT_CA",
                "/certs/clients.pem",
                "SPANWEAVE_COLLECTOR_TLS_CA",
                "/certs/ca.crt",
                "SPANWEAVE_COLLECTOR_TLS_CHILD_CERT",
                "/certs/w.crt",
                "SPANWEAVE_COLLECTOR_TLS_CHILD_KEY",
                "/certs/w.key",
                "OTEL_EXPORTER_OTLP_CERTIFICATE",
                "/general.pem",
                "OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE",
                "/traces.pem",
                "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE",
                "/c.crt",
                "OTEL_EXPORTER_OTLP_CLIENT_KEY",
                "/c.key"));
    assertThat(config.collectorTls())
        .isEqualTo(
            new CollectorTlsSettings(
                Path.of("/certs/tls.crt"),
                Path.of("/certs/tls.key"),
                Path.of("/certs/clients.pem"),
                Path.of("/certs/ca.crt"),
                Path.of("/certs/w.crt"),
                Path.of("/certs/w.key")));
    assertThat(config.exporterTls())
        .isEqualTo(
            new ExporterTlsSettings(Path.of("/traces.pem"), Path.of("/c.crt"), Path.of("/c.key")));
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                TraceConfig.fromEnvironment(
                    Map.of("SPANWEAVE_COLLECTOR_TLS_CERT", "/certs/tls.crt")))
        .hasMessageContaining("SPANWEAVE_COLLECTOR_TLS_KEY");
  }
}
