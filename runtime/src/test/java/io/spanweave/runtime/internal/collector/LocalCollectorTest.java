package io.spanweave.runtime.internal.collector;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.runtime.TestRuns;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HexFormat;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local collector's HTTP surface, over real HTTP: what it accepts, what it refuses and why. */
class LocalCollectorTest {

  private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
  private static final String SPAN_ID = "00f067aa0ba902b7";
  private static final int LIMIT = 64 * 1024;

  @TempDir Path dir;
  private Path traces;
  private JsonLinesFile file;
  private LocalCollector collector;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws IOException {
    traces = dir.resolve("traces.jsonl");
    file = JsonLinesFile.open(traces);
    collector =
        LocalCollector.start("test-run", file, InetAddress.getLoopbackAddress(), 0, null, LIMIT);
  }

  @AfterEach
  void stop() throws IOException {
    collector.close();
    file.close();
  }

  private static ExportTraceServiceRequest request(String spanName) {
    Span span =
        Span.newBuilder()
            .setTraceId(ByteString.copyFrom(HexFormat.of().parseHex(TRACE_ID)))
            .setSpanId(ByteString.copyFrom(HexFormat.of().parseHex(SPAN_ID)))
            .setName(spanName)
            .setKind(Span.SpanKind.SPAN_KIND_SERVER)
            .setStartTimeUnixNano(1_764_401_709_409_337_000L)
            .setEndTimeUnixNano(1_764_401_709_509_337_000L)
            .addAttributes(
                KeyValue.newBuilder().setKey("n").setValue(AnyValue.newBuilder().setIntValue(7)))
            .build();
    return ExportTraceServiceRequest.newBuilder()
        .addResourceSpans(
            ResourceSpans.newBuilder()
                .setResource(
                    Resource.newBuilder()
                        .addAttributes(
                            KeyValue.newBuilder()
                                .setKey("service.name")
                                .setValue(AnyValue.newBuilder().setStringValue("worker"))))
                .addScopeSpans(ScopeSpans.newBuilder().addSpans(span)))
        .build();
  }

  private HttpResponse<String> post(
      String contentType, byte[] body, String authorization, String encoding) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + collector.port() + "/v1/traces"))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    if (encoding != null) {
      request.header("Content-Encoding", encoding);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String contentType, byte[] body) throws Exception {
    return post(contentType, body, collector.authorizationHeader(), null);
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
      zip.write(data);
    }
    return out.toByteArray();
  }

  private void assertNothingWritten() throws IOException {
    assertThat(Files.size(traces)).as("bytes written to traces.jsonl").isZero();
    assertThat(collector.receivedSpans()).isZero();
  }

  @Test
  void protobufIsWrittenAsOneCollectorFileLineWithHexIds() throws Exception {
    HttpResponse<String> response = post("application/x-protobuf", request("work").toByteArray());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).contains("application/x-protobuf");
    assertThat(TestRuns.lines(traces))
        .singleElement()
        .satisfies(
            line ->
                assertThat(line)
                    .contains(
                        "\"traceId\":\"" + TRACE_ID + "\"",
                        "\"spanId\":\"" + SPAN_ID + "\"",
                        "\"kind\":2",
                        "\"startTimeUnixNano\":\"1764401709409337000\"",
                        "\"intValue\":\"7\"")
                    .doesNotContain(" ", "SPAN_KIND"));
    assertThat(TestRuns.spans(TestRuns.readRequests(traces)))
        .extracting(Span::getName)
        .containsExactly("work");
    assertThat(collector.receivedSpans()).isEqualTo(1);
  }

  @Test
  void otlpJsonWithHexIdsAndAGzipBodyAreAccepted() throws Exception {
    String json =
        "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":\""
            + TRACE_ID
            + "\",\"spanId\":\""
            + SPAN_ID
            + "\",\"parentSpanId\":\"\",\"name\":\"from-json\",\"kind\":1,\"futureField\":true}]}]}]}";

    HttpResponse<String> plain =
        post("application/json; charset=utf-8", json.getBytes(StandardCharsets.UTF_8));
    HttpResponse<String> zipped =
        post(
            "application/x-protobuf",
            gzip(request("zipped").toByteArray()),
            collector.authorizationHeader(),
            "gzip");

    assertThat(plain.statusCode()).as(plain.body()).isEqualTo(200);
    assertThat(plain.body()).isEqualTo("{}");
    assertThat(zipped.statusCode()).as(zipped.body()).isEqualTo(200);
    assertThat(TestRuns.lines(traces))
        .first()
        .asString()
        .contains("\"spanId\":\"" + SPAN_ID + "\"");
    assertThat(TestRuns.spans(TestRuns.readRequests(traces)))
        .extracting(Span::getName)
        .containsExactly("from-json", "zipped");
  }

  @Test
  void aMissingOrWrongTokenIs401AndWritesNothing() throws Exception {
    HttpResponse<String> missing =
        post("application/x-protobuf", request("x").toByteArray(), null, null);
    HttpResponse<String> wrong =
        post("application/x-protobuf", request("x").toByteArray(), "Bearer guess", null);

    assertThat(missing.statusCode()).isEqualTo(401);
    assertThat(missing.body())
        .contains("Missing or wrong bearer token", "childEnvironment()", "Nothing was written");
    assertThat(missing.headers().firstValue("WWW-Authenticate"))
        .hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
    assertThat(wrong.statusCode()).isEqualTo(401);
    assertNothingWritten();
    assertThat(collector.rejectedRequests()).isEqualTo(2);
  }

  @Test
  void aMalformedBodyIs400AndWritesNothing() throws Exception {
    HttpResponse<String> protobuf =
        post("application/x-protobuf", new byte[] {(byte) 0xff, 0x01, 0x02});
    HttpResponse<String> json =
        post("application/json", "{\"resourceSpans\":[".getBytes(StandardCharsets.UTF_8));
    HttpResponse<String> badId =
        post(
            "application/json",
            "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":\"not-hex\"}]}]}]}"
                .getBytes(StandardCharsets.UTF_8));
    HttpResponse<String> badGzip =
        post(
            "application/x-protobuf",
            request("x").toByteArray(),
            collector.authorizationHeader(),
            "gzip");

    assertThat(protobuf.statusCode()).isEqualTo(400);
    assertThat(protobuf.body())
        .startsWith(
            "Malformed OTLP trace request: the body is not a protobuf ExportTraceServiceRequest");
    assertThat(json.statusCode()).isEqualTo(400);
    assertThat(json.body()).contains("the body is not JSON");
    assertThat(badId.statusCode()).isEqualTo(400);
    assertThat(badId.body()).contains("traceId 'not-hex' is not hex");
    assertThat(badGzip.statusCode()).isEqualTo(400);
    assertThat(badGzip.body()).contains("not valid gzip");
    assertNothingWritten();
  }

  @Test
  void aBodyOverTheLimitIs413BeforeOrAfterDecompression() throws Exception {
    byte[] large = new byte[LIMIT + 1];
    HttpResponse<String> tooLarge = post("application/x-protobuf", large);
    HttpResponse<String> bomb =
        post(
            "application/x-protobuf",
            gzip(new byte[LIMIT * 4]),
            collector.authorizationHeader(),
            "gzip");

    assertThat(tooLarge.statusCode()).isEqualTo(413);
    assertThat(tooLarge.body())
        .contains(
            "Request too large",
            "the limit is " + LIMIT + " bytes",
            "SPANWEAVE_COLLECTOR_MAX_REQUEST_BYTES");
    assertThat(bomb.statusCode()).isEqualTo(413);
    assertThat(bomb.body()).contains("the decompressed body of more than " + LIMIT + " bytes");
    assertNothingWritten();
  }

  @Test
  void otherMediaTypesMethodsAndPathsAreRefusedWithWhatToSend() throws Exception {
    HttpResponse<String> text = post("text/plain", "hello".getBytes(StandardCharsets.UTF_8));
    HttpResponse<String> get =
        http.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + collector.port() + "/v1/traces"))
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString());
    HttpResponse<String> metrics =
        http.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + collector.port() + "/v1/metrics"))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(text.statusCode()).isEqualTo(415);
    assertThat(text.body()).contains("send application/x-protobuf or application/json");
    assertThat(get.statusCode()).isEqualTo(405);
    assertThat(metrics.statusCode()).isEqualTo(404);
    assertThat(metrics.body()).contains("POST /v1/traces only");
    assertNothingWritten();
  }

  @Test
  void listeningOnAllInterfacesItAdvertisesARoutableAddressUnlessTheHostIsConfigured()
      throws Exception {
    LocalCollector collector =
        LocalCollector.start("test-run", file, BindAddress.resolve("all"), 0, null, LIMIT);
    try {
      advertisesARoutableAddressUnlessTheHostIsConfigured(collector);
    } finally {
      collector.close();
    }
  }

  private void advertisesARoutableAddressUnlessTheHostIsConfigured(LocalCollector collector)
      throws Exception {
    InetAddress advertised = InetAddress.getByName(URI.create(collector.endpoint()).getHost());
    boolean hostHasANetwork =
        Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
            .anyMatch(
                nic -> {
                  try {
                    return nic.isUp()
                        && !nic.isLoopback()
                        && nic.getInetAddresses().hasMoreElements();
                  } catch (SocketException e) {
                    return false;
                  }
                });
    assertThat(advertised.isLoopbackAddress())
        .as("advertised %s", collector.endpoint())
        .isEqualTo(!hostHasANetwork);
    assertThat(collector.endpoint()).endsWith(":" + collector.port());

    try (LocalCollector named =
        LocalCollector.start(
            "test-run", file, BindAddress.resolve("all"), 0, "rollout-driver.svc", LIMIT)) {
      assertThat(named.endpoint()).isEqualTo("http://rollout-driver.svc:" + named.port());
      assertThat(named.authorizationHeader())
          .matches("Bearer [0-9a-f]{32}")
          .isNotEqualTo(collector.authorizationHeader());
    }
  }

  @Test
  void aGrpcSenderWithoutAGrpcReceiverIsToldWhichArtifactAndNothingIsWritten() throws Exception {
    // The runtime's tests have no spanweave-otlp, so no gRPC receiver: a gRPC client's connection
    // preface
    // gets the server's SETTINGS and a GOAWAY (HTTP_1_1_REQUIRED) whose message names the artifact.
    try (java.net.Socket grpc =
        new java.net.Socket(InetAddress.getLoopbackAddress(), collector.port())) {
      grpc.setSoTimeout(20_000); // bounds a collector that never answered; not a timing assertion
      grpc.getOutputStream()
          .write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
      grpc.getOutputStream().flush();
      byte[] answer = grpc.getInputStream().readAllBytes();

      assertThat(answer[3]).as("first frame: SETTINGS").isEqualTo((byte) 0x4);
      assertThat(answer[9 + 3]).as("second frame: GOAWAY").isEqualTo((byte) 0x7);
      assertThat(java.nio.ByteBuffer.wrap(answer, 9 + 9 + 4, 4).getInt())
          .as("HTTP_1_1_REQUIRED")
          .isEqualTo(0xd);
      assertThat(new String(answer, 9 + 9 + 8, answer.length - 26, StandardCharsets.US_ASCII))
          .contains("OTLP/gRPC needs io.spanweave:spanweave-otlp on the driver");
    }
    assertThat(collector.receivesGrpc()).isFalse();
    assertThat(collector.rejectedRequests()).isEqualTo(1);
    assertNothingWritten();
    // The same port goes on serving OTLP/HTTP.
    assertThat(post("application/x-protobuf", request("after").toByteArray()).statusCode())
        .isEqualTo(200);
  }
}
