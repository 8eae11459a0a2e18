package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The robustness promises of the viewer, one test each. */
class RobustnessTest {
  @TempDir Path dir;

  private static String oneSpan(String trace, String span, String name) {
    OtlpFixture f = new OtlpFixture();
    f.span(trace, span, null, name, 0, 10)
        .attrs("rollout.id", "smp-" + span, "rollout.step", 1L)
        .add();
    return f.drainLines(1);
  }

  private static String trace(int n) {
    return String.format("%032x", 0xabc000L + n);
  }

  private static String span(int n) {
    return String.format("%016x", 0x5000L + n);
  }

  @Test
  void startsBeforeTheFileExistsShowsAnEmptyViewThenPicksTheFileUp() {
    Path file = dir.resolve("not-yet/traces.jsonl");
    try (ViewerHarness v = new ViewerHarness(file)) {
      JsonNode status = v.awaitStatus(s -> true);
      assertThat(status.get("traceFileExists").asBoolean()).isFalse();
      assertThat(status.get("spans").asInt()).isZero();
      assertThat(v.get("/api/steps").get("steps")).isEmpty();
      assertThat(v.get("/api/stages").get("stages")).isEmpty();
      assertThat(v.get("/api/samples").get("total").asInt()).isZero();
      assertThat(v.get("/api/traces").get("total").asInt()).isZero();
      assertThat(v.get("/api/timeline").get("points")).isEmpty();
      assertThat(v.get("/api/stuck").get("inFlight").asInt()).isZero();
      assertThat(v.call("/").status()).isEqualTo(200);

      file.getParent().toFile().mkdirs();
      OtlpFixture.append(file, oneSpan(trace(1), span(1), "late.span"));
      v.awaitSpans(1);
      assertThat(v.get("/api/traces").get("traces").get(0).get("rootName").asText())
          .isEqualTo("late.span");
    }
  }

  @Test
  void malformedAndHalfWrittenLinesAreSkippedAndCounted() {
    Path file = dir.resolve("traces.jsonl");
    OtlpFixture.append(file, oneSpan(trace(1), span(1), "good.one"));
    OtlpFixture.append(file, "this is not json\n");
    OtlpFixture.append(file, "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":\n");
    OtlpFixture.append(file, "[1,2,3]\n");
    OtlpFixture.append(file, "\n");
    OtlpFixture.append(file, oneSpan(trace(2), span(2), "good.two"));
    String half = oneSpan(trace(3), span(3), "finished.later");
    OtlpFixture.append(file, half.substring(0, half.length() / 2));
    try (ViewerHarness v = new ViewerHarness(file)) {
      JsonNode status = v.awaitSpans(2);
      assertThat(status.get("malformedLines").asInt()).isEqualTo(3);
      assertThat(status.get("spans").asInt()).isEqualTo(2);
      assertThat(v.get("/api/traces").get("total").asInt()).isEqualTo(2);
      // The writer finishes the line: it is read whole, not counted as malformed.
      OtlpFixture.append(file, half.substring(half.length() / 2));
      status = v.awaitSpans(3);
      assertThat(status.get("malformedLines").asInt()).isEqualTo(3);
      assertThat(v.get("/api/traces?q=finished.later").get("total").asInt()).isEqualTo(1);
    }
  }

  @Test
  void newLinesAreReadIncrementallyFromTheLastOffset() {
    Path file = dir.resolve("traces.jsonl");
    OtlpFixture.append(file, oneSpan(trace(1), span(1), "first"));
    try (ViewerHarness v = new ViewerHarness(file)) {
      v.awaitSpans(1);
      long firstSize = v.get("/api/status").get("bytesRead").asLong();
      for (int k = 2; k <= 5; k++) {
        OtlpFixture.append(file, oneSpan(trace(k), span(k), "append." + k));
        v.awaitSpans(k);
      }
      JsonNode status = v.get("/api/status");
      // Every line was parsed exactly once: re-reading the whole file would count lines again.
      assertThat(status.get("lines").asInt()).isEqualTo(5);
      assertThat(status.get("spans").asInt()).isEqualTo(5);
      assertThat(status.get("bytesRead").asLong()).isGreaterThan(firstSize);
    }
  }

  @Test
  void rotatedFilesAreReadToTheEndAndTheNewFileFromItsStart() throws Exception {
    Path file = dir.resolve("traces.jsonl");
    OtlpFixture.append(file, oneSpan(trace(1), span(1), "before.rotation"));
    try (ViewerHarness v = new ViewerHarness(file)) {
      v.awaitSpans(1);
      // The writer adds a last line to the old file, and the file is rotated before we poll again.
      OtlpFixture.append(file, oneSpan(trace(2), span(2), "last.in.old.file"));
      Files.move(file, dir.resolve("traces.jsonl.1"), StandardCopyOption.ATOMIC_MOVE);
      OtlpFixture.append(file, oneSpan(trace(3), span(3), "first.in.new.file"));
      v.awaitSpans(3);
      assertThat(v.get("/api/status").get("lines").asInt()).isEqualTo(3);
      // Details of a span from the rotated file are still readable.
      JsonNode old = v.get("/api/span?trace=" + trace(2) + "&span=" + span(2));
      assertThat(old.get("name").asText()).isEqualTo("last.in.old.file");
      JsonNode fresh = v.get("/api/span?trace=" + trace(3) + "&span=" + span(3));
      assertThat(fresh.get("name").asText()).isEqualTo("first.in.new.file");
    }
  }

  @Test
  void rotatedSiblingsPresentAtStartAreReadToo() throws Exception {
    OtlpFixture.append(dir.resolve("traces.jsonl.1"), oneSpan(trace(1), span(1), "from.rotated"));
    Files.setLastModifiedTime(
        dir.resolve("traces.jsonl.1"),
        java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
    OtlpFixture.append(dir.resolve("traces.jsonl"), oneSpan(trace(2), span(2), "from.current"));
    try (ViewerHarness v = new ViewerHarness(dir.resolve("traces.jsonl"))) {
      v.awaitSpans(2);
      assertThat(v.get("/api/traces?q=from.rotated").get("total").asInt()).isEqualTo(1);
    }
  }

  @Test
  void aFileOfManyBlocksIsReadNewestFirstWithoutLosingOrSplittingALine() throws Exception {
    Path file = dir.resolve("traces.jsonl");
    int spans = 11_000; // about 14 MB: two blocks, with a line crossing the block boundary
    try (var w = Files.newBufferedWriter(file)) {
      new io.spanweave.viewer.bench.SyntheticTraceFile(3, "run-big").write(w, spans);
    }
    try (ViewerHarness v = new ViewerHarness(file)) {
      JsonNode status = v.awaitSpans(spans);
      assertThat(status.get("spans").asInt()).isEqualTo(spans);
      assertThat(status.get("lines").asInt()).isEqualTo(spans);
      assertThat(status.get("malformedLines").asInt()).isZero();
      assertThat(status.get("bytesRead").asLong()).isEqualTo(Files.size(file));
      // The first and the last line of the file are both indexed and readable in full.
      String first = Files.readAllLines(file).get(0);
      String traceId = first.replaceAll(".*\"traceId\":\"([0-9a-f]{32})\".*", "$1");
      String spanId = first.replaceAll(".*?\"spanId\":\"([0-9a-f]{16})\".*", "$1");
      assertThat(
              v.get("/api/span?trace=" + traceId + "&span=" + spanId)
                  .get("source")
                  .get("offset")
                  .asLong())
          .isZero();
      assertThat(v.get("/api/samples?step=all").get("total").asInt()).isEqualTo(spans / 10);
      // Appends after the first read are read in file order from where it ended.
      OtlpFixture.append(file, oneSpan(trace(1), span(1), "appended.later"));
      v.awaitSpans(spans + 1);
      assertThat(v.get("/api/status").get("lines").asInt()).isEqualTo(spans + 1);
    }
  }

  @Test
  void truncatedFileIsReadAgainFromTheStart() throws Exception {
    Path file = dir.resolve("traces.jsonl");
    OtlpFixture.append(file, oneSpan(trace(1), span(1), "one") + oneSpan(trace(2), span(2), "two"));
    try (ViewerHarness v = new ViewerHarness(file)) {
      v.awaitSpans(2);
      Files.writeString(file, oneSpan(trace(3), span(3), "after.truncate"));
      v.awaitSpans(3);
      assertThat(v.get("/api/traces?q=after.truncate").get("total").asInt()).isEqualTo(1);
    }
  }

  @Test
  void bindsTheLoopbackAddressByDefault() throws Exception {
    ViewerOptions options = ViewerOptions.builder(dir.resolve("traces.jsonl")).port(0).build();
    assertThat(options.host()).isEqualTo("127.0.0.1");
    try (ViewerHarness v = new ViewerHarness(options)) {
      assertThat(v.viewer.url()).startsWith("http://127.0.0.1:");
      // Nothing answers on a non-loopback address of this machine.
      InetAddress local = InetAddress.getLocalHost();
      if (!local.isLoopbackAddress()) {
        try (java.net.Socket s = new java.net.Socket()) {
          org.assertj.core.api.Assertions.assertThatThrownBy(
                  () -> s.connect(new java.net.InetSocketAddress(local, v.viewer.port()), 1000))
              .isInstanceOf(java.io.IOException.class);
        }
      }
    }
  }

  @Test
  void spanDataIsReturnedAsDataNeverAsMarkup() {
    Path file = dir.resolve("traces.jsonl");
    String evil = "<img src=x onerror=alert(1)>\"</script><script>alert(2)</script>";
    OtlpFixture f = new OtlpFixture();
    f.span(trace(1), span(1), null, evil, 0, 10)
        .attrs("rollout.id", evil, "spanweave.stage", evil)
        .add();
    f.appendTo(file, 1);
    try (ViewerHarness v = new ViewerHarness(file)) {
      v.awaitSpans(1);
      ViewerHarness.Response r = v.call("/api/traces");
      assertThat(r.json().get("traces").get(0).get("rootName").asText()).isEqualTo(evil);
      ViewerHarness.Response page = v.call("/");
      assertThat(page.body()).doesNotContain("onerror");
      // The page script never assigns span data to innerHTML (the browser test checks rendering).
      assertThat(v.call("/app.js").body())
          .doesNotContain(".innerHTML")
          .doesNotContain("insertAdjacentHTML");
    }
  }

  @Test
  void badQueryParametersGetA400WithAMessage() {
    Path file = dir.resolve("traces.jsonl");
    try (ViewerHarness v = new ViewerHarness(file)) {
      assertBadRequest(v, "/api/stages?step=banana", "step must be");
      assertBadRequest(v, "/api/samples?limit=0", "limit must be between");
      assertBadRequest(v, "/api/samples?limit=ten", "limit must be an integer");
      assertBadRequest(v, "/api/samples?offset=-1", "offset must be between");
      assertBadRequest(v, "/api/samples?sort=color", "sort must be one of");
      assertBadRequest(v, "/api/samples?order=sideways", "order must be one of");
      assertBadRequest(v, "/api/samples?status=happy", "status must be one of");
      assertBadRequest(v, "/api/samples?colour=red", "unknown parameter 'colour'");
      assertBadRequest(v, "/api/samples?step=1&step=2", "given twice");
      assertBadRequest(v, "/api/trace?id=xyz", "32-character hex trace id");
      assertBadRequest(v, "/api/trace", "'id' is required");
      assertBadRequest(v, "/api/span?trace=" + trace(1) + "&span=12", "16-character hex span id");
      assertBadRequest(
          v, "/api/children?trace=" + trace(1) + "&parent=not-a-span", "16-character hex span id");
      assertBadRequest(v, "/api/traces?status=maybe", "status must be one of");
      assertBadRequest(v, "/api/timeline?metric=nope", "unknown metric");
      assertThat(v.call("/api/trace?id=" + trace(9)).status()).isEqualTo(404);
      assertThat(v.call("/api/nothing").status()).isEqualTo(404);
    }
  }

  @Test
  void aSpanSeenTwiceIsIndexedOnce() {
    Path file = dir.resolve("traces.jsonl");
    OtlpFixture f = new OtlpFixture();
    f.span(trace(1), span(1), null, "root", 0, 100)
        .attrs(
            "rollout.id",
            "s-1",
            "rollout.step",
            1L,
            "spanweave.stage",
            "agent",
            "rollout.reward.score",
            0.5)
        .add();
    f.span(trace(1), span(2), span(1), "child", 10, 50)
        .attrs("rollout.id", "s-1", "spanweave.stage", "gen")
        .add();
    String line = f.drainLines(2);
    // An exporter's retry writes the batch again; a span repeated within one line counts once too.
    OtlpFixture.append(file, line + line);
    f.span(trace(1), span(2), span(1), "child", 10, 50)
        .attrs("rollout.id", "s-1", "spanweave.stage", "gen")
        .add();
    f.span(trace(1), span(2), span(1), "child", 10, 50)
        .attrs("rollout.id", "s-1", "spanweave.stage", "gen")
        .add();
    // The same span id in another trace is another span.
    f.span(trace(2), span(2), null, "other.trace", 0, 5).add();
    f.appendTo(file, 3);
    try (ViewerHarness v = new ViewerHarness(file)) {
      JsonNode status = v.awaitStatus(s -> s.get("lines").asInt() == 3);
      assertThat(status.get("spans").asInt()).isEqualTo(3);
      assertThat(status.get("duplicateSpans").asInt()).isEqualTo(4);
      assertThat(status.get("samples").asInt()).isEqualTo(1);
      assertThat(
              ApiTest.byField(v.get("/api/stages?step=all").get("stages"), "stage", "gen")
                  .get("count")
                  .asInt())
          .isEqualTo(1);
      assertThat(v.get("/api/trace?id=" + trace(1)).get("spans").asInt()).isEqualTo(2);
      assertThat(v.get("/api/timeline").get("points").get(0).get("metricCount").asInt())
          .isEqualTo(1);
    }
  }

  @Test
  void replacingTheFileWithTheSameContentDoesNotIndexItTwice() throws Exception {
    Path file = dir.resolve("traces.jsonl");
    String content =
        oneSpan(trace(1), span(1), "one")
            + oneSpan(trace(2), span(2), "two")
            + oneSpan(trace(3), span(3), "three");
    OtlpFixture.append(file, content);
    try (ViewerHarness v = new ViewerHarness(file)) {
      v.awaitSpans(3);
      Path copy = dir.resolve("traces.jsonl.tmp");
      Files.writeString(copy, content);
      Files.move(copy, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      JsonNode status = v.awaitStatus(s -> s.get("lines").asInt() == 6);
      assertThat(status.get("spans").asInt()).isEqualTo(3);
      assertThat(status.get("duplicateSpans").asInt()).isEqualTo(3);
      assertThat(v.get("/api/traces").get("total").asInt()).isEqualTo(3);
      assertThat(v.get("/api/samples?step=all").get("total").asInt()).isEqualTo(3);
      assertThat(
              ApiTest.byField(v.get("/api/stages?step=all").get("stages"), "stage", "two")
                  .get("count")
                  .asInt())
          .isEqualTo(1);
    }
  }

  @Test
  void spansWithInvalidIdsAreCountedAsSkipped() {
    Path file = dir.resolve("traces.jsonl");
    OtlpFixture f = new OtlpFixture();
    f.span(trace(1), span(1), null, "valid", 0, 10).add();
    f.span("", span(2), null, "no.trace.id", 0, 10).add();
    f.span("00000000000000000000000000000000", span(3), null, "zero.trace.id", 0, 10).add();
    f.span(trace(4), "not-a-span-id!", null, "bad.span.id", 0, 10).add();
    f.appendTo(file, 4);
    // A block with a malformed line is parsed again line by line: its invalid spans count once.
    OtlpFixture.append(file, "not json\n");
    f.span(trace(5), "0000000000000000", null, "zero.span.id", 0, 10).add();
    f.appendTo(file, 1);
    try (ViewerHarness v = new ViewerHarness(file)) {
      JsonNode status = v.awaitStatus(s -> s.get("lines").asInt() == 3);
      assertThat(status.get("spans").asInt()).isEqualTo(1);
      assertThat(status.get("invalidSpans").asInt()).isEqualTo(4);
      assertThat(status.get("malformedLines").asInt()).isEqualTo(1);
    }
  }

  /** Sends a raw request (the JDK client will not send a foreign Host) and returns the response. */
  private static String rawGet(ViewerHarness v, String path, String hostHeader) throws Exception {
    try (java.net.Socket socket =
        new java.net.Socket(InetAddress.getLoopbackAddress(), v.viewer.port())) {
      socket.setSoTimeout(5000);
      String request =
          "GET "
              + path
              + " HTTP/1.1\r\n"
              + (hostHeader == null ? "" : "Host: " + hostHeader + "\r\n")
              + "Connection: close\r\n\r\n";
      socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      return new String(
          socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  @Test
  void requestsForAnotherHostAreRefusedAgainstDnsRebinding() throws Exception {
    try (ViewerHarness v = new ViewerHarness(dir.resolve("traces.jsonl"))) {
      int port = v.viewer.port();
      assertThat(rawGet(v, "/api/status", "127.0.0.1:" + port)).startsWith("HTTP/1.1 200");
      assertThat(rawGet(v, "/api/status", "localhost:" + port)).startsWith("HTTP/1.1 200");
      assertThat(rawGet(v, "/", "LOCALHOST")).startsWith("HTTP/1.1 200");
      String rebound = rawGet(v, "/api/status", "attacker.example:" + port);
      assertThat(rebound)
          .startsWith("HTTP/1.1 403")
          .contains("application/json")
          .contains("Host 'attacker.example:" + port + "' is not this viewer's address");
      assertThat(rebound).doesNotContain("traceFile");
      assertThat(rawGet(v, "/", "attacker.example"))
          .startsWith("HTTP/1.1 403")
          .doesNotContain("<script");
      assertThat(rawGet(v, "/api/status", "10.1.2.3:" + port)).startsWith("HTTP/1.1 403");
      assertThat(rawGet(v, "/api/status", null))
          .startsWith("HTTP/1.1 400")
          .contains("no Host header");
    }
  }

  private static void assertBadRequest(ViewerHarness v, String path, String message) {
    ViewerHarness.Response r = v.call(path);
    assertThat(r.status()).as(path).isEqualTo(400);
    assertThat(r.json().get("error").asText()).as(path).contains(message);
  }
}
