package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.viewer.bench.SyntheticTraceFile;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /api/waterfall} against the spans it was built from: start offsets, durations, depth,
 * status and order for a hand-made trace, the whole tree of a generated one compared with the
 * lazily loaded span tree, a sample's spans across runs; and the time window of {@code
 * /api/traces}.
 */
class WaterfallTest {
  static final String T1 = "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";
  static final String T2 = "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2";
  static final String T3 = "c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3";
  static final String T4 = "d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4";

  /** OtlpFixture's time zero, in milliseconds since the epoch. */
  static final long ZERO_MS = 1_700_000_000_000L;

  @TempDir static Path dir;
  static ViewerHarness viewer;

  @BeforeAll
  static void start() throws IOException {
    Path file = dir.resolve("traces.jsonl");
    // T1: a(0-100) > b(10-40, error) > d(15-20); a > c(50-90); e(95-99) whose parent is not in the
    // file.
    new OtlpFixture()
        .span(T1, "000000000000000a", null, "root.a", 0, 100)
        .attrs("rollout.id", "smp-1")
        .add()
        .span(T1, "000000000000000b", "000000000000000a", "child.b", 10, 40)
        .error("ToolCallError")
        .add()
        .span(T1, "000000000000000d", "000000000000000b", "grandchild.d", 15, 20)
        .add()
        .span(T1, "000000000000000c", "000000000000000a", "child.c", 50, 90)
        .add()
        .span(T1, "000000000000000e", "00000000000000ff", "orphan.e", 95, 99)
        .add()
        .appendTo(file, 2);
    // T2 runs an hour later; the same sample id in another run.
    new OtlpFixture()
        .runId("spanweave.run.id", "run-2")
        .span(T2, "0000000000000021", null, "later.root", 3_600_000, 3_600_500)
        .attrs("rollout.id", "smp-1")
        .add()
        .appendTo(file, 1);
    // T3: a parent that ended, and (in live.jsonl) a child still in flight; T4: a sample whose only
    // span is in flight.
    new OtlpFixture()
        .span(T3, "0000000000000031", null, "stuck.parent", 0, 50)
        .attrs("rollout.id", "smp-stuck")
        .add()
        .appendTo(file, 1);
    long startNanos = (ZERO_MS + 10) * 1_000_000L;
    OtlpFixture.append(
        dir.resolve("live.jsonl"),
        "{\"event\":\"start\",\"traceId\":\""
            + T3
            + "\",\"spanId\":\"0000000000000032\",\"parentSpanId\":\"0000000000000031\",\"name\":\"judge.waiting\","
            + "\"stage\":\"judge\",\"startTimeUnixNano\":\""
            + startNanos
            + "\",\"runId\":\"run-1\","
            + "\"attributes\":{\"rollout.id\":\"smp-stuck\"},\"pid\":7}\n"
            + "{\"event\":\"start\",\"traceId\":\""
            + T4
            + "\",\"spanId\":\"0000000000000041\",\"parentSpanId\":\"\",\"name\":\"agent.run\","
            + "\"stage\":\"agent\",\"startTimeUnixNano\":\""
            + startNanos
            + "\",\"runId\":\"run-1\","
            + "\"attributes\":{\"rollout.id\":\"smp-only-live\"},\"pid\":7}\n");
    try (Writer w =
        Files.newBufferedWriter(dir.resolve("synthetic.jsonl"), StandardCharsets.UTF_8)) {
      new SyntheticTraceFile(3, "run-synth").write(w, 200);
    }
    OtlpFixture.append(file, Files.readString(dir.resolve("synthetic.jsonl")));
    viewer = new ViewerHarness(file);
    viewer.awaitStatus(s -> s.get("spans").asInt() >= 7 + 200 && s.get("inFlight").asInt() == 2);
  }

  @AfterAll
  static void stop() {
    viewer.close();
  }

  @Test
  void aTracesWaterfallHasEverySpanInTreeOrderWithOffsetsDurationsDepthAndStatus() {
    JsonNode w = viewer.get("/api/waterfall?trace=" + T1);
    assertThat(w.get("traceIds")).extracting(JsonNode::asText).containsExactly(T1);
    assertThat(w.get("total").asInt()).isEqualTo(5);
    assertThat(w.get("truncated").asBoolean()).isFalse();
    assertThat(w.get("durationMs").asDouble()).isEqualTo(100.0);
    assertThat(w.get("startUnixNano").asText()).isEqualTo(Long.toString(ZERO_MS * 1_000_000L));
    assertThat(w.get("runId").asText()).isEqualTo("run-1");
    List<String> rows = new ArrayList<>();
    for (JsonNode s : w.get("spans")) {
      rows.add(
          s.get("name").asText()
              + " depth="
              + s.get("depth").asInt()
              + " at="
              + s.get("offsetMs").asDouble()
              + " for="
              + s.get("durationMs").asDouble()
              + " "
              + s.get("status").asText()
              + " kids="
              + s.get("childCount").asInt());
    }
    assertThat(rows)
        .containsExactly(
            "root.a depth=0 at=0.0 for=100.0 ok kids=2",
            "child.b depth=1 at=10.0 for=30.0 error kids=1",
            "grandchild.d depth=2 at=15.0 for=5.0 ok kids=0",
            "child.c depth=1 at=50.0 for=40.0 ok kids=0",
            "orphan.e depth=0 at=95.0 for=4.0 ok kids=0");
    assertThat(w.get("spans").get(1).get("errorType").asText()).isEqualTo("ToolCallError");
    assertThat(w.get("spans").get(1).get("parentSpanId").asText()).isEqualTo("000000000000000a");
  }

  @Test
  void aGeneratedTracesWaterfallMatchesItsSpanTree() {
    String traceId =
        viewer
            .get("/api/traces?run=run-synth&limit=1")
            .get("traces")
            .get(0)
            .get("traceId")
            .asText();
    JsonNode w = viewer.get("/api/waterfall?trace=" + traceId);
    // The span tree, loaded level by level, flattened depth first: the waterfall's rows in order.
    List<String> tree = new ArrayList<>();
    walk(traceId, "root", 0, tree);
    List<String> waterfall = new ArrayList<>();
    for (JsonNode s : w.get("spans")) {
      waterfall.add(
          s.get("spanId").asText()
              + "/"
              + s.get("depth").asInt()
              + "/"
              + s.get("offsetMs").asDouble()
              + "/"
              + s.get("durationMs").asDouble()
              + "/"
              + s.get("status").asText());
    }
    assertThat(tree).hasSizeGreaterThan(3);
    assertThat(waterfall).isEqualTo(tree);
    assertThat(w.get("total").asInt())
        .isEqualTo(viewer.get("/api/trace?id=" + traceId).get("spans").asInt());
  }

  private void walk(String traceId, String parent, int depth, List<String> out) {
    for (JsonNode c :
        viewer.get("/api/children?trace=" + traceId + "&parent=" + parent).get("children")) {
      out.add(
          c.get("spanId").asText()
              + "/"
              + depth
              + "/"
              + c.get("offsetMs").asDouble()
              + "/"
              + c.get("durationMs").asDouble()
              + "/"
              + c.get("status").asText());
      walk(traceId, c.get("spanId").asText(), depth + 1, out);
    }
  }

  @Test
  void aSamplesWaterfallHoldsTheSpansOfThatSampleInItsRun() {
    JsonNode w = viewer.get("/api/waterfall?sample=smp-1&run=run-1");
    assertThat(w.get("sample").asText()).isEqualTo("smp-1");
    assertThat(w.get("runId").asText()).isEqualTo("run-1");
    assertThat(w.get("spans")).extracting(s -> s.get("traceId").asText()).containsOnly(T1);
    assertThat(w.get("spans").get(0).get("name").asText()).isEqualTo("root.a");
    JsonNode other = viewer.get("/api/waterfall?sample=smp-1&run=run-2");
    assertThat(other.get("spans"))
        .extracting(s -> s.get("name").asText())
        .containsExactly("later.root");
    // Two runs share the id: without a run the request is ambiguous, and says so.
    ViewerHarness.Response ambiguous = viewer.call("/api/waterfall?sample=smp-1&run=*");
    assertThat(ambiguous.status()).isEqualTo(400);
    assertThat(ambiguous.json().get("error").asText()).contains("several runs");
  }

  @Test
  void spansInFlightAreRowsThatRunUntilNow() {
    long before = System.currentTimeMillis();
    JsonNode w = viewer.get("/api/waterfall?trace=" + T3);
    assertThat(w.get("spans"))
        .extracting(
            s ->
                s.get("name").asText()
                    + "@"
                    + s.get("depth").asInt()
                    + " "
                    + s.get("status").asText()
                    + " inFlight="
                    + s.get("inFlight").asBoolean())
        .containsExactly(
            "stuck.parent@0 ok inFlight=false", "judge.waiting@1 running inFlight=true");
    JsonNode waiting = w.get("spans").get(1);
    assertThat(waiting.get("offsetMs").asDouble()).isEqualTo(10.0);
    // Running from 10 ms after the fixture's zero until the request.
    assertThat(waiting.get("durationMs").asDouble())
        .isGreaterThanOrEqualTo(before - ZERO_MS - 10.0);
    assertThat(w.get("durationMs").asDouble())
        .isGreaterThanOrEqualTo(waiting.get("durationMs").asDouble());
    // The sample's waterfall holds it too, and a sample whose spans are all in flight has one.
    assertThat(viewer.get("/api/waterfall?run=run-1&sample=smp-stuck").get("spans")).hasSize(2);
    JsonNode onlyLive = viewer.get("/api/waterfall?run=run-1&sample=smp-only-live");
    assertThat(onlyLive.get("spans"))
        .extracting(s -> s.get("name").asText())
        .containsExactly("agent.run");
    assertThat(onlyLive.get("traceIds")).extracting(JsonNode::asText).containsExactly(T4);
    assertThat(
            viewer
                .get("/api/waterfall?trace=" + T4)
                .get("spans")
                .get(0)
                .get("inFlight")
                .asBoolean())
        .isTrue();
  }

  @Test
  void aLimitCutsTheWaterfallAndSaysSo() {
    JsonNode w = viewer.get("/api/waterfall?trace=" + T1 + "&limit=2");
    assertThat(w.get("spans")).hasSize(2);
    assertThat(w.get("total").asInt()).isEqualTo(5);
    assertThat(w.get("truncated").asBoolean()).isTrue();
  }

  @Test
  void badWaterfallRequestsAre4xxWithAMessage() {
    assertThat(viewer.call("/api/waterfall").status()).isEqualTo(400);
    assertThat(viewer.call("/api/waterfall?trace=" + T1 + "&sample=smp-1").status()).isEqualTo(400);
    assertThat(viewer.call("/api/waterfall?trace=nothex").json().get("error").asText())
        .contains("32-character hex");
    assertThat(viewer.call("/api/waterfall?trace=" + "d".repeat(32)).status()).isEqualTo(404);
    assertThat(viewer.call("/api/waterfall?sample=nope&run=run-1").status()).isEqualTo(404);
  }

  @Test
  void theTraceListTakesATimeWindow() {
    Instant zero = Instant.ofEpochMilli(ZERO_MS);
    // Both fixture runs: T1 at zero, T2 an hour later.
    String all = "/api/traces?run=*&q=root";
    assertThat(ids(viewer.get(all))).contains(T1, T2);
    assertThat(ids(viewer.get(all + "&from=" + zero.plusSeconds(1800))))
        .contains(T2)
        .doesNotContain(T1);
    assertThat(ids(viewer.get(all + "&to=" + zero.plusSeconds(1800))))
        .contains(T1)
        .doesNotContain(T2);
    // A trace that runs through the window's start is in it; milliseconds since the epoch work too.
    assertThat(ids(viewer.get(all + "&from=" + (ZERO_MS + 50) + "&to=" + (ZERO_MS + 60))))
        .containsExactly(T1);
    assertThat(ids(viewer.get(all + "&from=2023-11-14T22:13:20.101Z&to=2023-11-14T23:13:19Z")))
        .isEmpty();
    // Any offset is read as the instant it names.
    assertThat(
            ids(viewer.get(all + "&from=2023-11-15T00:13:20%2B01:00&to=2023-11-14T23:13:20.100Z")))
        .containsExactly(T2);
  }

  @Test
  void aBadTimeWindowIs400WithAMessage() {
    ViewerHarness.Response bad = viewer.call("/api/traces?from=yesterday");
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.json().get("error").asText()).contains("ISO-8601", "yesterday");
    ViewerHarness.Response reversed = viewer.call("/api/traces?from=2000&to=1000");
    assertThat(reversed.status()).isEqualTo(400);
    assertThat(reversed.json().get("error").asText()).contains("after");
  }

  private static List<String> ids(JsonNode traces) {
    List<String> ids = new ArrayList<>();
    traces.get("traces").forEach(t -> ids.add(t.get("traceId").asText()));
    return ids;
  }
}
