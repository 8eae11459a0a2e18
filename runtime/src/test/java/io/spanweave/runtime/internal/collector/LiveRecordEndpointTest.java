package io.spanweave.runtime.internal.collector;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runtime.internal.export.LiveRecordSender;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collector's live-record endpoint: workers' {@code live.jsonl} records, sent with the run's
 * token, land in the driver's live file byte for byte; everything else is refused with a message
 * and writes nothing.
 */
class LiveRecordEndpointTest {

  private static final String START =
      "{\"event\":\"start\",\"runId\":\"r\",\"service\":\"w\",\"pid\":7,"
          + "\"traceId\":\"0af7651916cd43dd8448eb211c80319c\",\"spanId\":\"b7ad6b7169203331\",\"name\":\"Worker.generate\","
          + "\"stage\":\"generate\",\"startTimeUnixNano\":\"1764401709409337000\",\"attributes\":{\"sample.id\":\"s-17\"}}";
  private static final String END =
      START
          .replace("\"event\":\"start\"", "\"event\":\"end\"")
          .replace(
              ",\"attributes\"",
              ",\"endTimeUnixNano\":\"1764401712000000000\",\"status\":\"ok\",\"attributes\"");

  @TempDir Path dir;
  private JsonLinesFile traces;
  private JsonLinesFile live;
  private LocalCollector collector;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws IOException {
    traces = JsonLinesFile.open(dir.resolve("traces.jsonl"));
    live = JsonLinesFile.open(dir.resolve("live.jsonl"));
    collector =
        LocalCollector.start(
            "test-run", traces, live, InetAddress.getLoopbackAddress(), 0, null, 64 * 1024);
  }

  @AfterEach
  void stop() throws IOException {
    collector.close();
    traces.close();
    live.close();
  }

  private HttpResponse<String> post(String body, String contentType, String authorization)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(collector.liveEndpoint()))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private String liveFile() throws IOException {
    return Files.readString(dir.resolve("live.jsonl"), StandardCharsets.UTF_8);
  }

  @Test
  void theSenderDeliversRecordsIntoTheDriversLiveFileAsTheyAre() throws Exception {
    LiveRecordSender sender =
        new LiveRecordSender(
            URI.create(collector.liveEndpoint()),
            Map.of("Authorization", collector.authorizationHeader()),
            null);
    byte[] lines = (START + "\n" + END + "\n").getBytes(StandardCharsets.UTF_8);
    sender.append(lines, lines.length);

    assertThat(liveFile()).isEqualTo(START + "\n" + END + "\n");
    assertThat(collector.receivedLiveRecords()).isEqualTo(2);
    assertThat(Files.size(dir.resolve("traces.jsonl"))).as("nothing in the trace file").isZero();
  }

  @Test
  void aWrongTokenIsRefusedWithoutWriting() throws Exception {
    HttpResponse<String> response = post(START, "application/x-ndjson", "Bearer wrong");
    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.body())
        .contains("bearer token")
        .doesNotContain(collector.authorizationHeader());
    assertThat(post(START, "application/x-ndjson", null).statusCode()).isEqualTo(401);
    assertThat(liveFile()).isEmpty();

    LiveRecordSender sender =
        new LiveRecordSender(
            URI.create(collector.liveEndpoint()), Map.of("Authorization", "Bearer x"), null);
    byte[] lines = START.getBytes(StandardCharsets.UTF_8);
    Assertions.assertThatThrownBy(() -> sender.append(lines, lines.length))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("401");
  }

  @Test
  void aBodyWithOneBadLineIsRefusedWhole() throws Exception {
    String auth = collector.authorizationHeader();
    HttpResponse<String> torn = post(START + "\n{\"event\":\"end\",", "application/x-ndjson", auth);
    assertThat(torn.statusCode()).isEqualTo(400);
    assertThat(torn.body()).contains("line 2");
    HttpResponse<String> notRecord =
        post(START + "\n{\"hello\":\"world\"}\n", "application/x-ndjson", auth);
    assertThat(notRecord.statusCode()).isEqualTo(400);
    assertThat(notRecord.body()).contains("not a live record");
    assertThat(post("[1,2]", "application/x-ndjson", auth).statusCode()).isEqualTo(400);
    assertThat(post(START, "text/plain", auth).statusCode()).isEqualTo(415);
    assertThat(liveFile()).as("nothing of a refused body").isEmpty();
    assertThat(collector.rejectedRequests()).isEqualTo(4);
  }

  @Test
  void aCollectorWithoutALiveFileAnswers404() throws Exception {
    try (LocalCollector plain =
        LocalCollector.start(
            "test-run", traces, InetAddress.getLoopbackAddress(), 0, null, 64 * 1024)) {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create(plain.liveEndpoint()))
                  .header("Content-Type", "application/x-ndjson")
                  .header("Authorization", plain.authorizationHeader())
                  .POST(HttpRequest.BodyPublishers.ofString(START))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).isEqualTo(404);
    }
  }
}
