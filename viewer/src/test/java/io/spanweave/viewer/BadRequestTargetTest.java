package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Request targets the JDK's HTTP server refuses before any handler runs (a bad {@code %} escape)
 * get the API's JSON 400 from the viewer's front door, on a fresh connection and on a kept-alive
 * one after good requests; good requests pass through unchanged. Raw sockets, because HTTP clients
 * refuse to send such a URL at all.
 */
class BadRequestTargetTest {
  @TempDir static Path dir;
  static ViewerHarness viewer;

  @BeforeAll
  static void start() {
    Path file = dir.resolve("traces.jsonl");
    RolloutScenario.write(file);
    viewer = new ViewerHarness(file);
    viewer.awaitSpans(27);
  }

  @AfterAll
  static void stop() {
    viewer.close();
  }

  record Answer(int status, String headers, String body) {
    JsonNode json() throws IOException {
      return OtlpFixture.JSON.readTree(body);
    }
  }

  /** Sends the raw bytes and reads the answers (one per request) until the server closes. */
  private static List<Answer> exchange(String raw) throws IOException {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), viewer.viewer.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(raw.getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = socket.getInputStream();
      List<Answer> answers = new ArrayList<>();
      int expected = raw.split("\r\n\r\n", -1).length - 1;
      while (answers.size() < expected) {
        Answer a = readAnswer(in);
        if (a == null) {
          break;
        }
        answers.add(a);
      }
      return answers;
    }
  }

  private static Answer readAnswer(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) >= 0) {
      head.write(c);
      String h = head.toString(StandardCharsets.ISO_8859_1);
      if (h.endsWith("\r\n\r\n")) {
        break;
      }
    }
    if (head.size() == 0) {
      return null;
    }
    String headers = head.toString(StandardCharsets.ISO_8859_1);
    int status = Integer.parseInt(headers.substring(9, 12));
    int length = 0;
    for (String line : headers.split("\r\n")) {
      if (line.toLowerCase().startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    byte[] body = in.readNBytes(length);
    return new Answer(status, headers, new String(body, StandardCharsets.UTF_8));
  }

  private static String get(String target, boolean close) {
    return "GET "
        + target
        + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + (close ? "Connection: close\r\n" : "")
        + "\r\n";
  }

  @Test
  void aBadPercentEscapeGetsTheApisJson400() throws IOException {
    Answer a = exchange(get("/api/traces?q=%zz", true)).get(0);
    assertThat(a.status()).isEqualTo(400);
    assertThat(a.headers()).containsIgnoringCase("Content-Type: application/json");
    assertThat(a.json().get("error").asText())
        .contains("bad request target '/api/traces?q=%zz'", "%25");
    // In the path, and a lone % at the end.
    assertThat(exchange(get("/%zz", true)).get(0).json().get("error").asText())
        .contains("bad request target");
    assertThat(exchange(get("/api/samples?id=50%", true)).get(0).status()).isEqualTo(400);
  }

  @Test
  void onAKeptAliveConnectionGoodRequestsAreAnsweredFirstThenTheBadOne() throws IOException {
    List<Answer> answers =
        exchange(
            get("/api/status", false) + get("/api/steps", false) + get("/api/traces?q=%g1", false));
    assertThat(answers).extracting(Answer::status).containsExactly(200, 200, 400);
    assertThat(answers.get(0).json().get("spans").asInt()).isEqualTo(27);
    assertThat(answers.get(1).json().get("latest").asInt()).isEqualTo(2);
    assertThat(answers.get(2).json().get("error").asText()).contains("%g1");
  }

  @Test
  void goodRequestsPassThroughUnchanged() throws IOException {
    List<Answer> answers =
        exchange(
            get("/api/traces?q=%6A%75dge", false)
                + get("/", false)
                + "HEAD /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    assertThat(answers).extracting(Answer::status).containsExactly(200, 200, 200);
    assertThat(answers.get(0).json().get("terms").get(0).asText()).isEqualTo("judge");
    assertThat(answers.get(1).body()).contains("<!doctype html>");
    // A request with a body reaches the API, which says what it accepts.
    Answer post =
        exchange(
                "POST /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
            .get(0);
    assertThat(post.status()).isEqualTo(405);
    assertThat(post.json().get("error").asText()).contains("only GET");
    // The Host check still sees the client's Host header.
    Answer rebinding =
        exchange("GET /api/status HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n")
            .get(0);
    assertThat(rebinding.status()).isEqualTo(403);
  }

  @Test
  void aRequestLineThatIsNotOneGetsJsonToo() throws IOException {
    Answer a = exchange("GARBAGE\r\n\r\n").get(0);
    assertThat(a.status()).isEqualTo(400);
    assertThat(a.json().get("error").asText()).contains("METHOD TARGET HTTP/1.1");
  }
}
