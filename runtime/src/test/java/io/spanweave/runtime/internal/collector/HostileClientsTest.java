package io.spanweave.runtime.internal.collector;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.runtime.TestRuns;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collector facing clients that stall, lie about their size, hold no token or send ids no trace
 * can hold: over raw sockets and a real OpenTelemetry exporter.
 */
class HostileClientsTest {

  private static final int LIMIT = 64 * 1024;

  @TempDir Path dir;
  private Path traces;
  private JsonLinesFile file;
  private LocalCollector collector;
  private final List<Socket> sockets = new ArrayList<>();

  @BeforeEach
  void start() throws IOException {
    traces = dir.resolve("traces.jsonl");
    file = JsonLinesFile.open(traces);
    collector =
        LocalCollector.start("test-run", file, InetAddress.getLoopbackAddress(), 0, null, LIMIT);
  }

  @AfterEach
  void stop() throws IOException {
    for (Socket socket : sockets) {
      socket.close();
    }
    collector.close();
    file.close();
  }

  private Socket connect(LocalCollector to) throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), to.port());
    // Bounds a test that would otherwise hang if the collector never answered; not a timing
    // assertion.
    socket.setSoTimeout(20_000);
    sockets.add(socket);
    return socket;
  }

  private static void send(Socket socket, String text) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(text.getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  /** What the collector sent until it closed the connection, or until {@code until} appears. */
  private static String readAnswer(Socket socket, String until) throws IOException {
    ByteArrayOutputStream answer = new ByteArrayOutputStream();
    InputStream in = socket.getInputStream();
    byte[] chunk = new byte[4096];
    for (int n; (n = in.read(chunk)) != -1; ) {
      answer.write(chunk, 0, n);
      if (until != null && answer.toString(StandardCharsets.ISO_8859_1).contains(until)) {
        break;
      }
    }
    return answer.toString(StandardCharsets.ISO_8859_1);
  }

  private String head(String authorization, long contentLength) {
    return "POST /v1/traces HTTP/1.1\r\nHost: 127.0.0.1:"
        + collector.port()
        + "\r\nContent-Type: application/x-protobuf\r\n"
        + (authorization == null ? "" : "Authorization: " + authorization + "\r\n")
        + "Content-Length: "
        + contentLength
        + "\r\n\r\n";
  }

  @Test
  void tenStalledConnectionsDoNotKeepARealExportersSpansFromArriving() throws Exception {
    // Timeouts longer than the test, so that the stalled connections are certainly still open and
    // holding their threads while the exporter delivers (the timeouts are the next test's subject).
    collector.close();
    CollectorHttpServer.Limits patient =
        new CollectorHttpServer.Limits(
            Duration.ofMinutes(2),
            Duration.ofMinutes(2),
            Duration.ofMinutes(2),
            64,
            32 * 1024,
            LIMIT);
    collector =
        LocalCollector.start(
            "test-run", file, InetAddress.getLoopbackAddress(), 0, null, LIMIT, patient);
    for (int i = 0; i < 10; i++) {
      Socket stalled = connect(collector);
      switch (i % 3) {
        case 0 ->
            send(
                stalled,
                "POST /v1/traces HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty"); // half a head
        case 1 ->
            send(stalled, head(collector.authorizationHeader(), 4096)); // a head, then no body
        default -> {} // connected, nothing sent
      }
    }

    OtlpHttpSpanExporter exporter =
        OtlpHttpSpanExporter.builder()
            .setEndpoint(collector.endpoint() + "/v1/traces")
            .addHeader("Authorization", collector.authorizationHeader())
            .setCompression("gzip") // a body of unknown length: the sender sends it chunked
            // As spanweave's OtlpExporters does: the JDK sender's own executor refuses a request
            // when its
            // threads are momentarily all busy, which would lose a batch for the sender's sake, not
            // the collector's.
            .setExecutorService(java.util.concurrent.Executors.newCachedThreadPool())
            .build();
    // Each failed export, with its cause, for the assertion's message: a lost batch must say why.
    List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    SpanExporter recording =
        new SpanExporter() {
          @Override
          public CompletableResultCode export(Collection<SpanData> spans) {
            CompletableResultCode result = exporter.export(spans);
            result.whenComplete(
                () -> {
                  if (!result.isSuccess()) {
                    failures.add(spans.size() + " spans: " + result.getFailureThrowable());
                  }
                });
            return result;
          }

          @Override
          public CompletableResultCode flush() {
            return exporter.flush();
          }

          @Override
          public CompletableResultCode shutdown() {
            return exporter.shutdown();
          }
        };
    // A simple processor: its flush waits for every export under way. (A batch processor's flush
    // can
    // return while a batch it started on its own, when the batch filled up, is still in flight; its
    // shutdown then cancels that export, and the test would count a lost batch the collector never
    // saw.)
    SdkTracerProvider provider =
        SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(recording)).build();
    Tracer tracer = provider.get("hostile-clients-test");
    for (int i = 0; i < 50; i++) {
      tracer.spanBuilder("work-" + i).startSpan().end();
      // Five exports at a time: the JDK's HttpClient sender (spanweave-otlp's) runs at most five
      // and
      // refuses more at once (RejectedExecutionException), a limit of the sender, not the
      // collector.
      // spanweave's batch processor exports one batch at a time.
      if (i % 5 == 4) {
        assertThat(provider.forceFlush().join(15, TimeUnit.SECONDS).isSuccess())
            .as("export %d", i / 5)
            .isTrue();
      }
    }
    provider.shutdown().join(15, TimeUnit.SECONDS);

    assertThat(collector.receivedSpans())
        .as(
            "spans received; failed exports %s; requests refused %d",
            failures, collector.rejectedRequests())
        .isEqualTo(50);
    assertThat(TestRuns.spans(TestRuns.readRequests(traces))).hasSize(50);
    assertThat(collector.openConnections())
        .as("the stalled connections are still open")
        .isGreaterThanOrEqualTo(10);
  }

  @Test
  void theTokenIsCheckedFromTheHeadersBeforeAnyOfTheBodyIsSent() throws Exception {
    Socket noToken = connect(collector);
    send(noToken, head(null, 10_000));
    Socket wrongToken = connect(collector);
    send(wrongToken, head("Bearer guess", 10_000));

    // Not a byte of either body was sent: the answer comes from the headers alone.
    assertThat(readAnswer(noToken, "Nothing was written"))
        .startsWith("HTTP/1.1 401 ")
        .contains("WWW-Authenticate: Bearer", "Missing or wrong bearer token");
    assertThat(readAnswer(wrongToken, "Nothing was written")).startsWith("HTTP/1.1 401 ");
    assertThat(Files.size(traces)).isZero();
    assertThat(collector.rejectedRequests()).isEqualTo(2);
  }

  @Test
  void aContentLengthOverTheLimitIsRefusedAtOnceWithoutReadingTheBody() throws Exception {
    Socket huge = connect(collector);
    send(huge, head(collector.authorizationHeader(), 1L << 40));

    assertThat(readAnswer(huge, "Nothing was written"))
        .startsWith("HTTP/1.1 413 ")
        .contains(
            "Request too large: a Content-Length of 1099511627776 bytes",
            "the limit is " + LIMIT + " bytes",
            "Connection: close");
    assertThat(Files.size(traces)).isZero();
  }

  @Test
  void aClientThatExpects100ContinueSendsItsBodyOnlyOnceTheHeadersPass() throws Exception {
    Socket refused = connect(collector);
    send(
        refused,
        head("Bearer guess", 4096).replace("\r\n\r\n", "\r\nExpect: 100-continue\r\n\r\n"));
    // A real client for the accepted case. (JDK 17's HttpClient waits forever when the answer to
    // Expect is a final status, JDK-8286171, so the refused case is a raw socket.)
    HttpResponse<String> accepted =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(collector.endpoint() + "/v1/traces"))
                    .expectContinue(true)
                    .header("Content-Type", "application/x-protobuf")
                    .header("Authorization", collector.authorizationHeader())
                    .POST(
                        HttpRequest.BodyPublishers.ofByteArray(
                            request(validTraceId(), validSpanId()).toByteArray()))
                    .build(),
                HttpResponse.BodyHandlers.ofString());

    assertThat(readAnswer(refused, "Nothing was written"))
        .startsWith("HTTP/1.1 401 ")
        .doesNotContain("100 Continue");
    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
    assertThat(collector.receivedSpans()).isEqualTo(1);
  }

  @Test
  void aStalledRequestIsAnswered408AndAnUnusedConnectionIsClosed() throws Exception {
    CollectorHttpServer.Limits quick =
        new CollectorHttpServer.Limits(
            Duration.ofMillis(300),
            Duration.ofSeconds(2),
            Duration.ofMillis(300),
            64,
            32 * 1024,
            LIMIT);
    try (LocalCollector strict =
        LocalCollector.start(
            "test-run", file, InetAddress.getLoopbackAddress(), 0, null, LIMIT, quick)) {
      Socket halfHead = connect(strict);
      send(halfHead, "POST /v1/traces HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      Socket silent = connect(strict);
      Socket noBody = connect(strict);
      send(
          noBody,
          "POST /v1/traces HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-protobuf\r\n"
              + "Authorization: "
              + strict.authorizationHeader()
              + "\r\nContent-Length: 4096\r\n\r\n");

      assertThat(readAnswer(halfHead, null))
          .startsWith("HTTP/1.1 408 ")
          .contains("Connection: close");
      assertThat(readAnswer(silent, null)).as("closed without a word").isEmpty();
      assertThat(readAnswer(noBody, null))
          .startsWith("HTTP/1.1 408 ")
          .contains("did not arrive in time");
      assertThat(strict.receivedSpans()).isZero();
    }
  }

  @Test
  void invalidTraceAndSpanIdsAre400NamingTheFieldAndWriteNothing() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    byte[] zeroTrace = request(new byte[16], validSpanId()).toByteArray();
    byte[] shortSpan = request(validTraceId(), new byte[] {1, 2, 3}).toByteArray();
    String zeroSpanJson =
        "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":\"4bf92f3577b34da6a3ce929d0e0e4736\","
            + "\"spanId\":\"0000000000000000\",\"name\":\"x\"}]}]}]}";
    String shortTraceJson =
        "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":\"4bf92f3577b34da6\","
            + "\"spanId\":\"00f067aa0ba902b7\",\"name\":\"x\"}]}]}]}";

    HttpResponse<String> a = post(http, "application/x-protobuf", zeroTrace);
    HttpResponse<String> b = post(http, "application/x-protobuf", shortSpan);
    HttpResponse<String> c =
        post(http, "application/json", zeroSpanJson.getBytes(StandardCharsets.UTF_8));
    HttpResponse<String> d =
        post(http, "application/json", shortTraceJson.getBytes(StandardCharsets.UTF_8));

    assertThat(a.statusCode()).isEqualTo(400);
    assertThat(a.body())
        .contains(
            "resourceSpans[0].scopeSpans[0].spans[0].traceId '00000000000000000000000000000000'",
            "not a valid OpenTelemetry id",
            "16 bytes",
            "not all zero",
            "Nothing was written");
    assertThat(b.statusCode()).isEqualTo(400);
    assertThat(b.body()).contains("spans[0].spanId '010203'", "8 bytes");
    assertThat(c.statusCode()).isEqualTo(400);
    assertThat(c.body()).contains("spans[0].spanId '0000000000000000'");
    assertThat(d.statusCode()).isEqualTo(400);
    assertThat(d.body()).contains("spans[0].traceId '4bf92f3577b34da6'", "32 hex digits");
    assertThat(Files.size(traces)).isZero();
    assertThat(collector.receivedSpans()).isZero();
  }

  @Test
  void byDefaultItListensOnLoopbackOnlyAndAdvertisesLoopback() throws Exception {
    assertThat(collector.loopbackOnly()).isTrue();
    assertThat(collector.listeningOn()).isEqualTo("loopback 127.0.0.1");
    assertThat(collector.endpoint()).isEqualTo("http://127.0.0.1:" + collector.port());
    assertThat(BindAddress.resolve(null).isLoopbackAddress()).isTrue();
    assertThat(BindAddress.resolve("all").isAnyLocalAddress()).isTrue();
    assertThat(BindAddress.describe(null)).isEqualTo("loopback only");
    assertThat(BindAddress.describe("all")).isEqualTo("all interfaces");

    InetAddress routable =
        InetAddress.getByName(AdvertisedAddress.choose(null).replaceAll("[\\[\\]]", ""));
    if (!routable.isLoopbackAddress()) {
      try (Socket fromTheNetwork = new Socket()) {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () ->
                    fromTheNetwork.connect(
                        new java.net.InetSocketAddress(routable, collector.port()), 5000))
            .as("connecting to %s:%d", routable, collector.port())
            .isInstanceOf(IOException.class);
      }
    }
  }

  private HttpResponse<String> post(HttpClient http, String contentType, byte[] body)
      throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(collector.endpoint() + "/v1/traces"))
            .header("Content-Type", contentType)
            .header("Authorization", collector.authorizationHeader())
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static byte[] validTraceId() {
    return HexFormat.of().parseHex("4bf92f3577b34da6a3ce929d0e0e4736");
  }

  private static byte[] validSpanId() {
    return HexFormat.of().parseHex("00f067aa0ba902b7");
  }

  private static ExportTraceServiceRequest request(byte[] traceId, byte[] spanId) {
    Span span =
        Span.newBuilder()
            .setTraceId(ByteString.copyFrom(traceId))
            .setSpanId(ByteString.copyFrom(spanId))
            .setName("x")
            .build();
    return ExportTraceServiceRequest.newBuilder()
        .addResourceSpans(
            ResourceSpans.newBuilder().addScopeSpans(ScopeSpans.newBuilder().addSpans(span)))
        .build();
  }
}
