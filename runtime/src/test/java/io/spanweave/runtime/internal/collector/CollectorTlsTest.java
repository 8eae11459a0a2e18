package io.spanweave.runtime.internal.collector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.api.TracingFaults;
import io.spanweave.runtime.TestCertificates;
import io.spanweave.runtime.internal.guard.GuardrailReport;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import io.spanweave.runtime.internal.tls.PemTls;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collector over TLS, with certificates a CA made by {@code keytool} signed for this test:
 * HTTPS is accepted and written; plain HTTP, a client that does not trust the CA, and (with mTLS) a
 * client without a certificate are refused with nothing written; a certificate replaced while the
 * collector runs is what new connections get, and a broken replacement keeps the old one.
 */
class CollectorTlsTest {

  private static final String BODY =
      "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{"
          + "\"traceId\":\"4bf92f3577b34da6a3ce929d0e0e4736\",\"spanId\":\"00f067aa0ba902b7\",\"name\":\"over-tls\","
          + "\"startTimeUnixNano\":\"1764401709409337000\",\"endTimeUnixNano\":\"1764401709509337000\"}]}]}]}";

  @TempDir static Path certs;
  private static TestCertificates ca;
  private static TestCertificates otherCa;
  private static TestCertificates.Pair server;
  private static TestCertificates.Pair otherServer;
  private static TestCertificates.Pair worker;

  @TempDir Path dir;
  private JsonLinesFile traces;
  private final List<LocalCollector> collectors = new ArrayList<>();

  @BeforeAll
  static void makeCertificates() throws IOException {
    ca = TestCertificates.newCa(certs.resolve("a"), "run-ca");
    otherCa = TestCertificates.newCa(certs.resolve("b"), "other-ca");
    server = ca.server("collector", true);
    otherServer = otherCa.server("collector-2", false);
    worker = ca.client("worker");
  }

  @BeforeEach
  void open() throws IOException {
    traces = JsonLinesFile.open(dir.resolve("traces.jsonl"));
  }

  @AfterEach
  void close() throws IOException {
    collectors.forEach(LocalCollector::close);
    traces.close();
  }

  private LocalCollector start(Path certificate, Path key, Path clientCa) throws IOException {
    LocalCollector collector =
        LocalCollector.start(
            "tls-run",
            traces,
            null,
            InetAddress.getLoopbackAddress(),
            0,
            null,
            1 << 20,
            GuardrailReport.start("tls-run", null, true),
            certificate,
            key,
            clientCa);
    collectors.add(collector);
    return collector;
  }

  private static HttpResponse<String> post(LocalCollector collector, HttpClient client)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(collector.endpoint() + LocalCollector.TRACES_PATH))
            .header("Content-Type", "application/json")
            .header("Authorization", collector.authorizationHeader())
            .POST(HttpRequest.BodyPublishers.ofString(BODY))
            .build();
    return client.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static HttpClient trusting(Path ca, TestCertificates.Pair clientCertificate)
      throws IOException {
    return PemTls.httpClient(
        PemTls.client(
            ca,
            clientCertificate == null ? null : clientCertificate.certificate(),
            clientCertificate == null ? null : clientCertificate.key()),
        Duration.ofSeconds(5));
  }

  private String written() throws IOException {
    return Files.readString(dir.resolve("traces.jsonl"), StandardCharsets.UTF_8);
  }

  @Test
  void anHttpsExportIsAcceptedAndWritten() throws Exception {
    LocalCollector collector = start(server.certificate(), server.key(), null);
    assertThat(collector.endpoint()).startsWith("https://127.0.0.1:");
    assertThat(collector.secured()).isTrue();

    HttpResponse<String> response = post(collector, trusting(ca.caCertificate, null));

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(written()).contains("\"over-tls\"").contains("tls-run");
  }

  @Test
  void plainHttpAndAClientThatDoesNotTrustTheCaAreRefusedWithNothingWritten() throws Exception {
    LocalCollector collector = start(server.certificate(), server.key(), null);
    String plainUrl =
        collector.endpoint().replace("https://", "http://") + LocalCollector.TRACES_PATH;

    HttpResponse<String> plain =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .send(
                HttpRequest.newBuilder(URI.create(plainUrl))
                    .header("Content-Type", "application/json")
                    .header("Authorization", collector.authorizationHeader())
                    .POST(HttpRequest.BodyPublishers.ofString(BODY))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(plain.statusCode()).isEqualTo(400);
    assertThat(plain.body())
        .contains("speaks TLS", "https://")
        .doesNotContain(collector.authorizationHeader());

    assertThatThrownBy(() -> post(collector, PemTls.httpClient(null, Duration.ofSeconds(5))))
        .as("the JDK's default CAs do not include the run's CA")
        .isInstanceOf(SSLHandshakeException.class);
    assertThatThrownBy(() -> post(collector, trusting(otherCa.caCertificate, null)))
        .as("another CA")
        .isInstanceOf(SSLHandshakeException.class);

    assertThat(written()).isEmpty();
  }

  @Test
  void withMutualTlsOnlyAClientCertificateSignedByTheClientCaGetsIn() throws Exception {
    LocalCollector collector = start(server.certificate(), server.key(), ca.caCertificate);
    assertThat(collector.mutualTls()).isTrue();
    TestCertificates.Pair stranger = otherCa.client("stranger");

    assertThatThrownBy(() -> post(collector, trusting(ca.caCertificate, null)))
        .as("no client certificate")
        .isInstanceOf(IOException.class);
    assertThatThrownBy(() -> post(collector, trusting(ca.caCertificate, stranger)))
        .as("signed by another CA")
        .isInstanceOf(IOException.class);
    assertThat(written()).isEmpty();

    HttpResponse<String> admitted = post(collector, trusting(ca.caCertificate, worker));
    assertThat(admitted.statusCode()).as(admitted.body()).isEqualTo(200);
    assertThat(written()).contains("\"over-tls\"");
  }

  @Test
  void theTokenIsStillRequiredOverMutualTls() throws Exception {
    LocalCollector collector = start(server.certificate(), server.key(), ca.caCertificate);
    HttpResponse<String> response =
        trusting(ca.caCertificate, worker)
            .send(
                HttpRequest.newBuilder(
                        URI.create(collector.endpoint() + LocalCollector.TRACES_PATH))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(BODY))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(written()).isEmpty();
  }

  @Test
  void aCertificateReplacedWhileRunningIsWhatNewConnectionsGet() throws Exception {
    Path certificate = dir.resolve("tls.crt");
    Path key = dir.resolve("tls.key");
    Files.copy(server.certificate(), certificate);
    Files.copy(server.key(), key);
    LocalCollector collector = start(certificate, key, null);
    assertThat(post(collector, trusting(ca.caCertificate, null)).statusCode()).isEqualTo(200);
    assertThat(servedCertificateIssuer(collector)).contains("run-ca");

    // As cert-manager does: new files, another CA, same paths.
    Files.copy(otherServer.key(), key, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.copy(
        otherServer.certificate(), certificate, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

    assertThat(servedCertificateIssuer(collector)).contains("other-ca");
    assertThat(post(collector, trusting(otherCa.caCertificate, null)).statusCode()).isEqualTo(200);
    assertThatThrownBy(() -> post(collector, trusting(ca.caCertificate, null)))
        .isInstanceOf(SSLHandshakeException.class);

    // A broken replacement: the certificate served so far stays, and the fault is reported.
    long faults = TracingFaults.count("collector-tls-reload");
    Files.writeString(
        certificate, "-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----\n");
    assertThat(servedCertificateIssuer(collector)).contains("other-ca");
    assertThat(post(collector, trusting(otherCa.caCertificate, null)).statusCode()).isEqualTo(200);
    assertThat(TracingFaults.count("collector-tls-reload")).isEqualTo(faults + 1);
  }

  /** The issuer of the certificate a new connection is shown, read without trusting anything. */
  private static String servedCertificateIssuer(LocalCollector collector) throws Exception {
    javax.net.ssl.SSLContext anything = javax.net.ssl.SSLContext.getInstance("TLS");
    anything.init(
        null,
        new javax.net.ssl.TrustManager[] {
          new javax.net.ssl.X509TrustManager() {
            @Override
            public void checkClientTrusted(
                java.security.cert.X509Certificate[] chain, String authType) {}

            @Override
            public void checkServerTrusted(
                java.security.cert.X509Certificate[] chain, String authType) {}

            @Override
            public java.security.cert.X509Certificate[] getAcceptedIssuers() {
              return new java.security.cert.X509Certificate[0];
            }
          }
        },
        null);
    SSLSocketFactory factory = anything.getSocketFactory();
    try (SSLSocket socket = (SSLSocket) factory.createSocket("127.0.0.1", collector.port())) {
      socket.startHandshake();
      return ((java.security.cert.X509Certificate) socket.getSession().getPeerCertificates()[0])
          .getIssuerX500Principal()
          .getName();
    }
  }

  @Test
  void aRunFileIsReplayedIntoATlsCollectorTrustingItsCa() throws Exception {
    LocalCollector collector = start(server.certificate(), server.key(), null);
    Path runFile = dir.resolve("run/traces.jsonl");
    Files.createDirectories(runFile.getParent());
    Files.writeString(runFile, BODY + "\n");

    TraceFileReplay.Result result =
        new TraceFileReplay(Duration.ofSeconds(5), PemTls.client(ca.caCertificate, null, null))
            .replay(
                runFile,
                URI.create(collector.endpoint() + LocalCollector.TRACES_PATH),
                java.util.Map.of("Authorization", collector.authorizationHeader()));

    assertThat(result.requests()).isEqualTo(1);
    assertThat(written()).contains("\"over-tls\"");
  }

  @Test
  void aClientStalledInItsHandshakeHoldsUpNobody() throws Exception {
    LocalCollector collector = start(server.certificate(), server.key(), null);
    try (java.net.Socket stalled = new java.net.Socket("127.0.0.1", collector.port());
        java.net.Socket halfHello = new java.net.Socket("127.0.0.1", collector.port())) {
      halfHello
          .getOutputStream()
          .write(new byte[] {0x16, 0x03, 0x01}); // the start of a ClientHello, then nothing
      halfHello.getOutputStream().flush();

      // Answered well within the 10 s the stalled ones may take: their handshakes block only their
      // own threads.
      HttpResponse<String> response =
          trusting(ca.caCertificate, null)
              .send(
                  HttpRequest.newBuilder(
                          URI.create(collector.endpoint() + LocalCollector.TRACES_PATH))
                      .timeout(Duration.ofSeconds(5))
                      .header("Content-Type", "application/json")
                      .header("Authorization", collector.authorizationHeader())
                      .POST(HttpRequest.BodyPublishers.ofString(BODY))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(stalled.isClosed()).isFalse();
    }
    assertThat(written()).contains("\"over-tls\"");
  }

  @Test
  void alpnGivesHttp2OnlyToClientsThatOfferNothingElseAsGrpcClientsDo() throws Exception {
    LocalCollector collector = start(server.certificate(), server.key(), null);
    assertThat(negotiated(collector, "h2")).isEqualTo("h2");
    assertThat(negotiated(collector, "h2", "http/1.1"))
        .as("an OTLP/HTTP client that would take HTTP/2")
        .isEqualTo("http/1.1");
    assertThat(negotiated(collector, "http/1.1")).isEqualTo("http/1.1");
    assertThat(negotiated(collector)).as("no ALPN offered").isEmpty();
  }

  private static String negotiated(LocalCollector collector, String... offered) throws Exception {
    SSLSocketFactory factory =
        PemTls.client(ca.caCertificate, null, null).context().getSocketFactory();
    try (SSLSocket socket = (SSLSocket) factory.createSocket("127.0.0.1", collector.port())) {
      javax.net.ssl.SSLParameters parameters = socket.getSSLParameters();
      parameters.setApplicationProtocols(offered);
      socket.setSSLParameters(parameters);
      socket.startHandshake();
      return socket.getApplicationProtocol();
    }
  }

  @Test
  void grpcOverHttp11IsRefusedSayingWhatToSendInstead() throws Exception {
    LocalCollector collector = start(server.certificate(), server.key(), null);
    HttpResponse<String> response =
        trusting(ca.caCertificate, null)
            .send(
                HttpRequest.newBuilder(
                        URI.create(
                            collector.endpoint()
                                + "/opentelemetry.proto.collector.trace.v1.TraceService/Export"))
                    .header("Content-Type", "application/grpc")
                    .header("Authorization", collector.authorizationHeader())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[5]))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(415);
    assertThat(response.body()).contains("OTLP/gRPC needs HTTP/2", "http/protobuf");
    assertThat(written()).isEmpty();
  }

  @Test
  void tls13IsNegotiatedAndTls12Accepted() throws Exception {
    LocalCollector collector = start(server.certificate(), server.key(), null);
    SSLSocketFactory factory =
        PemTls.client(ca.caCertificate, null, null).context().getSocketFactory();
    try (SSLSocket socket = (SSLSocket) factory.createSocket("127.0.0.1", collector.port())) {
      socket.startHandshake();
      assertThat(socket.getSession().getProtocol()).isEqualTo("TLSv1.3");
    }
    try (SSLSocket socket = (SSLSocket) factory.createSocket("127.0.0.1", collector.port())) {
      socket.setEnabledProtocols(new String[] {"TLSv1.2"});
      socket.startHandshake();
      assertThat(socket.getSession().getProtocol()).isEqualTo("TLSv1.2");
    }
  }

  @Test
  void aKeyInTheOlderPkcs1FormIsRefusedWithTheCommandThatConvertsIt() throws Exception {
    Path pkcs1 = dir.resolve("rsa.key");
    Files.writeString(
        pkcs1, "-----BEGIN RSA PRIVATE KEY-----\nMIIEow==\n-----END RSA PRIVATE KEY-----\n");
    assertThatThrownBy(() -> start(server.certificate(), pkcs1, null))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("openssl pkcs8 -topk8 -nocrypt -in " + pkcs1)
        .hasMessageContaining("SPANWEAVE_COLLECTOR_TLS_KEY")
        .hasMessageNotContaining("MIIEow");
    assertThatThrownBy(() -> start(server.certificate(), otherServer.key(), null))
        .as("another certificate's key")
        .isInstanceOf(IOException.class)
        .hasMessageContaining(otherServer.key().toString());
  }
}
