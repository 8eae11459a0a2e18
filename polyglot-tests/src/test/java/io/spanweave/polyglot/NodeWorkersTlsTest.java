package io.spanweave.polyglot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.CollectorTlsSettings;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OpenTelemetry's Node.js SDK joins a driver whose collector speaks TLS, and mTLS, over OTLP/HTTP
 * JSON, OTLP/HTTP protobuf and OTLP/gRPC, configured by {@code childEnvironment()} alone: the
 * {@code https} endpoint and {@code OTEL_EXPORTER_OTLP_CERTIFICATE} (with mTLS the client
 * certificate and key), which the Node exporters read themselves. A worker without the client
 * certificate delivers nothing. The certificates are made here by {@code openssl}.
 */
class NodeWorkersTlsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path NODE_DIR =
      Path.of(System.getProperty("spanweave.node.dir", "src/test/node"));
  private static final List<String> PROTOCOLS = List.of("http/json", "http/protobuf", "grpc");

  @TempDir static Path certs;
  @TempDir Path dir;

  @BeforeAll
  static void nodeOpensslAndCertificates() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeFalse(
        Boolean.getBoolean("spanweave.polyglot.skip"),
        "skipped on request (-Dspanweave.polyglot.skip=true): the Node.js workers were not run");
    assertThat(NODE_DIR.resolve("node_modules/@opentelemetry/sdk-trace-node/package.json"))
        .as("the Node.js packages: run 'npm ci' in polyglot-tests/src/test/node (.ci/run does)")
        .exists();
    openssl(
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        "ca.key",
        "-out",
        "ca.crt",
        "-days",
        "2",
        "-subj",
        "/CN=node-test-ca");
    issue("collector", "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n");
    issue("worker", "extendedKeyUsage=clientAuth\n");
  }

  /** A key (PKCS#8, as openssl 3 writes it) and a certificate signed by the test CA. */
  private static void issue(String name, String extensions) throws Exception {
    Files.writeString(certs.resolve(name + ".ext"), extensions);
    openssl(
        "req",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        name + ".key",
        "-out",
        name + ".csr",
        "-subj",
        "/CN=" + name);
    openssl(
        "x509",
        "-req",
        "-in",
        name + ".csr",
        "-CA",
        "ca.crt",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-days",
        "2",
        "-out",
        name + ".crt",
        "-extfile",
        name + ".ext");
  }

  private static void openssl(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("openssl"));
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(command).directory(certs.toFile()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as("openssl %s: %s", args[0], output).isZero();
  }

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private TraceRuntime driver(UnaryOperator<CollectorTlsSettings> tls) {
    return Tracing.configure(
        TraceConfig.builder()
            .enabled(true)
            .serviceName("driver")
            .outputDir(dir.resolve("runs"))
            .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
            .collectorTls(tls)
            .build());
  }

  /**
   * Runs {@code node worker.mjs work traceparent} with the driver's child environment and {@code
   * extra}; its output.
   */
  private static Process node(
      Map<String, String> childEnvironment, Map<String, String> extra, String traceparent, Path dir)
      throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder("node", "worker.mjs", "work", traceparent)
            .directory(NODE_DIR.toFile())
            .redirectError(Files.createTempFile(dir, "node", ".stderr").toFile())
            .redirectOutput(Files.createTempFile(dir, "node", ".stdout").toFile());
    builder
        .environment()
        .keySet()
        .removeIf(
            name ->
                name.startsWith("OTEL_")
                    || name.startsWith("SPANWEAVE_")
                    || name.startsWith("NODE_"));
    builder.environment().putAll(childEnvironment);
    builder.environment().putAll(extra);
    Process process = builder.start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("node finished").isTrue();
    return process;
  }

  /**
   * The trace ids of the {@code node.work} spans in the run's file, by their {@code
   * worker.protocol}.
   */
  private static Map<String, String> nodeWork(Path traces) throws IOException {
    Map<String, String> found = new HashMap<>();
    for (String line : Files.readAllLines(traces)) {
      if (line.isBlank()) {
        continue;
      }
      for (JsonNode resourceSpans : JSON.readTree(line).path("resourceSpans")) {
        for (JsonNode scopeSpans : resourceSpans.path("scopeSpans")) {
          for (JsonNode span : scopeSpans.path("spans")) {
            if (span.path("name").asText().equals("node.work")) {
              for (JsonNode attribute : span.path("attributes")) {
                if (attribute.path("key").asText().equals("worker.protocol")) {
                  found.put(
                      attribute.path("value").path("stringValue").asText(),
                      span.path("traceId").asText());
                }
              }
            }
          }
        }
      }
    }
    return found;
  }

  /**
   * Each protocol's worker under a dispatch span of the driver; the dispatches' trace ids by
   * protocol.
   */
  private Map<String, String> dispatchEveryProtocol(TraceRuntime driver) throws Exception {
    Map<String, String> dispatched = new LinkedHashMap<>();
    for (String protocol : PROTOCOLS) {
      try (TraceScope dispatch = Trace.span("dispatch " + protocol)) {
        dispatched.put(protocol, TraceContext.current().traceId());
        Process worker =
            node(
                driver.childEnvironment(),
                Map.of("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", protocol),
                Trace.inject(new HashMap<>()).get("traceparent"),
                dir);
        assertThat(worker.exitValue()).as("node over %s", protocol).isZero();
      }
    }
    return dispatched;
  }

  @Test
  void nodeWorkersExportOverHttpsJsonProtobufAndGrpcWithTheChildEnvironmentAlone()
      throws Exception {
    TraceRuntime driver =
        driver(
            tls ->
                tls.withCertificate(certs.resolve("collector.crt"), certs.resolve("collector.key"))
                    .withChildCa(certs.resolve("ca.crt")));
    assertThat(driver.childEnvironment())
        .containsEntry(
            "OTEL_EXPORTER_OTLP_CERTIFICATE", certs.resolve("ca.crt").toAbsolutePath().toString());
    assertThat(driver.collectorEndpoint().orElseThrow()).startsWith("https://127.0.0.1:");

    Map<String, String> dispatched = dispatchEveryProtocol(driver);
    driver.close();

    assertThat(nodeWork(driver.traceFile()))
        .as("every protocol's span, in its dispatch's trace")
        .isEqualTo(dispatched);
  }

  @Test
  void withMutualTlsNodeWorkersPresentTheChildCertificateAndOneWithoutItDeliversNothing()
      throws Exception {
    TraceRuntime driver =
        driver(
            tls ->
                tls.withCertificate(certs.resolve("collector.crt"), certs.resolve("collector.key"))
                    .withChildCa(certs.resolve("ca.crt"))
                    .withClientCa(certs.resolve("ca.crt"))
                    .withChildCertificate(
                        certs.resolve("worker.crt"), certs.resolve("worker.key")));

    Map<String, String> dispatched = dispatchEveryProtocol(driver);
    for (String protocol : PROTOCOLS) {
      try (TraceScope dispatch = Trace.span("dispatch without a certificate")) {
        node(
            driver.childEnvironment(),
            Map.of(
                "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL",
                protocol,
                "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE",
                "",
                "OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE",
                "",
                "OTEL_EXPORTER_OTLP_CLIENT_KEY",
                "",
                "OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY",
                "",
                "OTEL_RESOURCE_ATTRIBUTES",
                "refused=true"),
            Trace.inject(new HashMap<>()).get("traceparent"),
            dir);
      }
    }
    driver.close();

    assertThat(nodeWork(driver.traceFile()))
        .as("the workers with the certificate, and none of those without")
        .isEqualTo(dispatched);
    assertThat(Files.readString(driver.traceFile())).doesNotContain("\"refused\"");
  }
}
