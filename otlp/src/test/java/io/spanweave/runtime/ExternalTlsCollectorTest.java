package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.guard.GuardrailReport;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An external collector with a private CA, and with mTLS, reached by OpenTelemetry's OTLP/HTTP
 * exporter through this module (the JDK's HttpClient) by configuration alone: OpenTelemetry's
 * certificate variables read from the environment ({@link TraceConfig#fromEnvironment}). The
 * external collector is a second spanweave collector speaking TLS, so what arrives can be read from
 * its file.
 */
class ExternalTlsCollectorTest {

  @TempDir static Path certs;
  private static TestCertificates ca;
  private static TestCertificates.Pair server;
  private static TestCertificates.Pair client;

  @TempDir Path dir;
  private JsonLinesFile received;
  private LocalCollector external;

  @BeforeAll
  static void makeCertificates() throws IOException {
    ca = TestCertificates.newCa(certs, "private-ca");
    server = ca.server("external-collector", false);
    client = ca.client("exporter");
  }

  @AfterEach
  void stop() throws IOException {
    Tracing.close();
    if (external != null) {
      external.close();
    }
    if (received != null) {
      received.close();
    }
  }

  private void startExternal(Path clientCa) throws IOException {
    received = JsonLinesFile.open(dir.resolve("external/traces.jsonl"));
    external =
        LocalCollector.start(
            "external-run",
            received,
            null,
            InetAddress.getLoopbackAddress(),
            0,
            null,
            1 << 20,
            GuardrailReport.start("external-run", null, true),
            server.certificate(),
            server.key(),
            clientCa);
  }

  /** The variables a user sets for an external collector over TLS, plus {@code extra}. */
  private Map<String, String> environment(Map<String, String> extra) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("SPANWEAVE_ENABLED", "true");
    env.put("SPANWEAVE_OUTPUT_DIR", dir.toString());
    env.put("OTEL_EXPORTER_OTLP_ENDPOINT", external.endpoint());
    env.put("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf");
    env.put(
        "OTEL_EXPORTER_OTLP_HEADERS",
        "Authorization=" + external.authorizationHeader().replace(" ", "%20"));
    env.putAll(extra);
    return env;
  }

  private List<String> exportTwoSpans(Map<String, String> env) {
    TraceRuntime runtime =
        Tracing.configure(
            TraceConfig.fromEnvironment(env).toBuilder()
                .batch(
                    batch ->
                        batch
                            .withDelay(java.time.Duration.ofMillis(20))
                            .withTimeout(java.time.Duration.ofSeconds(5)))
                .build());
    try (TraceScope outer = Trace.span("outer.stage")) {
      Trace.span("inner.stage").close();
    }
    runtime.close();
    return TestRuns.spans(TestRuns.readRequests(dir.resolve("external/traces.jsonl"))).stream()
        .map(Span::getName)
        .toList();
  }

  @Test
  void aPrivateCaNamedByOtelExporterOtlpCertificateIsTrustedByTheHttpExporter() throws Exception {
    startExternal(null);
    assertThat(external.endpoint()).startsWith("https://");

    List<String> names =
        exportTwoSpans(
            environment(Map.of("OTEL_EXPORTER_OTLP_CERTIFICATE", ca.caCertificate.toString())));

    assertThat(names).containsExactlyInAnyOrder("outer.stage", "inner.stage");
  }

  @Test
  void withoutTheCaTheExporterIsRefusedAndNothingArrives() throws Exception {
    startExternal(null);

    List<String> names = exportTwoSpans(environment(Map.of()));

    assertThat(names).isEmpty();
    assertThat(external.receivedSpans()).isZero();
  }

  @Test
  void mutualTlsWorksWithTheClientCertificateVariablesAndNotWithout() throws Exception {
    startExternal(ca.caCertificate);

    assertThat(
            exportTwoSpans(
                environment(
                    Map.of("OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE", ca.caCertificate.toString()))))
        .as("no client certificate")
        .isEmpty();
    assertThat(
            exportTwoSpans(
                environment(
                    Map.of(
                        "OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE",
                        ca.caCertificate.toString(),
                        "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE",
                        client.certificate().toString(),
                        "OTEL_EXPORTER_OTLP_CLIENT_KEY",
                        client.key().toString()))))
        .containsExactlyInAnyOrder("outer.stage", "inner.stage");
  }

  @Test
  void childrenOfARunWithAnExternalTlsCollectorGetTheSameCertificateVariables() throws Exception {
    startExternal(ca.caCertificate);
    TraceRuntime runtime =
        Tracing.configure(
            TraceConfig.fromEnvironment(
                environment(
                    Map.of(
                        "OTEL_EXPORTER_OTLP_CERTIFICATE", ca.caCertificate.toString(),
                        "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE", client.certificate().toString(),
                        "OTEL_EXPORTER_OTLP_CLIENT_KEY", client.key().toString()))));

    assertThat(runtime.childEnvironment())
        .containsEntry("OTEL_EXPORTER_OTLP_ENDPOINT", external.endpoint())
        .containsEntry(
            "OTEL_EXPORTER_OTLP_CERTIFICATE", ca.caCertificate.toAbsolutePath().toString())
        .containsEntry(
            "OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE", ca.caCertificate.toAbsolutePath().toString())
        .containsEntry(
            "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE",
            client.certificate().toAbsolutePath().toString())
        .containsEntry("OTEL_EXPORTER_OTLP_CLIENT_KEY", client.key().toAbsolutePath().toString());
  }
}
