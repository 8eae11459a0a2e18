package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs in one file (a run restarted into the same output, or files concatenated) that reuse the
 * same steps and sample ids: every sample is (run, id), so neither run's samples, call chains,
 * rewards or statuses leak into the other's.
 */
class SharedRunsTest {
  @TempDir Path dir;

  /** Sample "s-1" and "s-2" at step 1 in each run; run-b's s-1 fails in a tool call. */
  private Path twoRunsThatShareIds() {
    Path file = dir.resolve("traces.jsonl");
    writeRun(file, "run-a", "a", 0.25, false);
    writeRun(file, "run-b", "b", 0.75, true);
    return file;
  }

  private static void writeRun(Path file, String run, String tag, double reward, boolean failTool) {
    OtlpFixture f = new OtlpFixture().runId("spanweave.run.id", run);
    for (int n = 1; n <= 2; n++) {
      String sample = "s-" + n;
      String trace = OtlpFixture.hex(32, (tag + n).hashCode());
      String root = OtlpFixture.hex(16, (tag + n + "root").hashCode());
      String judge = OtlpFixture.hex(16, (tag + n + "judge").hashCode());
      String tool = OtlpFixture.hex(16, (tag + n + "tool").hashCode());
      long t = n * 10_000L;
      f.span(trace, root, null, tag + ".agent.run", t, t + 1000)
          .attrs(
              "rollout.id",
              sample,
              "rollout.step",
              1L,
              "spanweave.stage",
              "agent",
              "rollout.span_name_path",
              tag + ".agent.run",
              "rollout.status",
              failTool && n == 1 ? "failed" : "completed")
          .add();
      f.span(trace, judge, root, tag + ".judger.run", t + 500, t + 900)
          .attrs(
              "rollout.id",
              sample,
              "rollout.step",
              1L,
              "spanweave.stage",
              "judge",
              "rollout.span_name_path",
              tag + ".agent.run -> " + tag + ".judger.run",
              "rollout.reward.score",
              reward + n / 100.0)
          .add();
      if (failTool && n == 1) {
        f.span(trace, tool, root, "tool.call", t + 100, t + 200)
            .attrs("rollout.id", sample, "rollout.step", 1L, "spanweave.stage", "tool")
            .error("ToolTimeout")
            .add();
      }
    }
    f.appendTo(file, 2);
  }

  private static ViewerHarness viewer(Path file, String runId) {
    return new ViewerHarness(
        ViewerOptions.builder(file)
            .port(0)
            .pollInterval(Duration.ofMillis(50))
            .runId(runId)
            .build());
  }

  @Test
  void samplesOfTwoRunsThatShareIdsStaySeparate() {
    try (ViewerHarness v = viewer(twoRunsThatShareIds(), null)) {
      v.awaitSpans(9);
      assertThat(v.get("/api/status").get("samples").asInt()).isEqualTo(4);
      JsonNode all = v.get("/api/samples?run=*&step=1&sort=id");
      assertThat(all.get("total").asInt()).isEqualTo(4);
      List<String> runsAndIds = new ArrayList<>();
      all.get("samples")
          .forEach(s -> runsAndIds.add(s.get("runId").asText() + "/" + s.get("id").asText()));
      assertThat(runsAndIds).containsExactly("run-a/s-1", "run-b/s-1", "run-a/s-2", "run-b/s-2");

      JsonNode a1 = all.get("samples").get(0);
      JsonNode b1 = all.get("samples").get(1);
      assertThat(a1.get("reward").asDouble()).isEqualTo(0.26);
      assertThat(b1.get("reward").asDouble()).isEqualTo(0.76);
      assertThat(a1.get("status").asText()).isEqualTo("completed");
      assertThat(b1.get("status").asText()).isEqualTo("error");
      assertThat(b1.get("errorType").asText()).isEqualTo("ToolTimeout");
      assertThat(a1.get("stageMs").has("tool")).isFalse();
      assertThat(a1.get("traceId").asText()).isNotEqualTo(b1.get("traceId").asText());

      JsonNode errors = v.get("/api/samples?run=*&step=all&status=error");
      assertThat(errors.get("total").asInt()).isEqualTo(1);
      assertThat(errors.get("samples").get(0).get("runId").asText()).isEqualTo("run-b");

      // Each run's own view counts only its own samples.
      assertThat(v.get("/api/samples?run=run-a&step=1").get("total").asInt()).isEqualTo(2);
      assertThat(v.get("/api/steps?run=run-a").get("steps").get(0).get("samples").asInt())
          .isEqualTo(2);
      assertThat(v.get("/api/steps?run=*").get("steps").get(0).get("samples").asInt()).isEqualTo(4);
    }
  }

  @Test
  void theSampleQueryTakesTheRunAndRefusesAnAmbiguousId() {
    try (ViewerHarness v = viewer(twoRunsThatShareIds(), null)) {
      v.awaitSpans(9);
      ViewerHarness.Response ambiguous = v.call("/api/sample?id=s-1");
      assertThat(ambiguous.status()).isEqualTo(400);
      assertThat(ambiguous.json().get("error").asText()).contains("run-a", "run-b", "run=");

      JsonNode a = v.get("/api/sample?id=s-1&run=run-a");
      assertThat(a.get("runId").asText()).isEqualTo("run-a");
      assertThat(a.get("reward").asDouble()).isEqualTo(0.26);
      JsonNode chainA = a.get("chain").get("nodes");
      assertThat(chainA).hasSize(1);
      assertThat(chainA.get(0).get("name").asText()).isEqualTo("a.agent.run");
      assertThat(chainA.get(0).get("children").get(0).get("name").asText())
          .isEqualTo("a.judger.run");

      JsonNode b = v.get("/api/sample?id=s-1&run=run-b");
      assertThat(b.get("status").asText()).isEqualTo("error");
      assertThat(b.get("chain").get("nodes")).hasSize(1);
      assertThat(b.get("chain").get("nodes").get(0).get("name").asText()).isEqualTo("b.agent.run");

      assertThat(v.call("/api/sample?id=s-1&run=run-c").status()).isEqualTo(404);
    }
  }

  @Test
  void theCommandLinesRunPicksTheSampleWhenTheRequestNamesNone() {
    try (ViewerHarness v = viewer(twoRunsThatShareIds(), "run-b")) {
      v.awaitSpans(9);
      JsonNode b = v.get("/api/sample?id=s-1");
      assertThat(b.get("runId").asText()).isEqualTo("run-b");
      assertThat(b.get("chain").get("nodes").get(0).get("name").asText()).isEqualTo("b.agent.run");
      assertThat(v.get("/api/samples?step=1").get("total").asInt()).isEqualTo(2);
      assertThat(v.get("/api/sample?id=s-1&run=run-a").get("runId").asText()).isEqualTo("run-a");
    }
  }

  @Test
  void anInFlightSpanMarksOnlyItsOwnRunsSampleRunning() {
    Path file = twoRunsThatShareIds();
    long start = System.currentTimeMillis() * 1_000_000L;
    OtlpFixture.append(
        dir.resolve("live.jsonl"),
        "{\"event\":\"start\",\"traceId\":\""
            + OtlpFixture.hex(32, 99)
            + "\",\"spanId\":\""
            + OtlpFixture.hex(16, 99)
            + "\",\"name\":\"worker.generate\",\"stage\":\"generate\","
            + "\"startTimeUnixNano\":\""
            + start
            + "\",\"runId\":\"run-a\",\"attributes\":{\"rollout.id\":\"s-2\"}}\n");
    try (ViewerHarness v = viewer(file, null)) {
      v.awaitStatus(s -> s.get("spans").asInt() >= 9 && s.get("inFlight").asInt() == 1);
      assertThat(v.get("/api/sample?id=s-2&run=run-a").get("status").asText()).isEqualTo("running");
      assertThat(v.get("/api/sample?id=s-2&run=run-b").get("status").asText())
          .isEqualTo("completed");
      JsonNode running = v.get("/api/samples?run=*&step=all&status=running").get("samples");
      assertThat(running).hasSize(1);
      assertThat(running.get(0).get("runId").asText()).isEqualTo("run-a");
    }
  }

  @Test
  void theRunListShowsEachRunWithItsCountsStepsAndTimeRange() {
    try (ViewerHarness v = viewer(twoRunsThatShareIds(), "run-a")) {
      v.awaitSpans(9);
      JsonNode runs = v.get("/api/runs").get("runs");
      assertThat(runs).hasSize(2);
      JsonNode a = ApiTest.byField(runs, "runId", "run-a");
      JsonNode b = ApiTest.byField(runs, "runId", "run-b");
      assertThat(a.get("services")).extracting(JsonNode::asText).containsExactly("svc");
      assertThat(a.get("samples").asInt()).isEqualTo(2);
      assertThat(a.get("errorSamples").asInt()).isZero();
      assertThat(b.get("errorSamples").asInt()).isEqualTo(1);
      assertThat(b.get("errorTraces").asInt()).isEqualTo(1);
      assertThat(a.get("traces").asInt()).isEqualTo(2);
      assertThat(a.get("spans").asInt()).isEqualTo(4);
      assertThat(b.get("spans").asInt()).isEqualTo(5);
      assertThat(a.get("steps").asInt()).isEqualTo(1);
      assertThat(a.get("firstStep").asInt()).isEqualTo(1);
      assertThat(a.get("lastStep").asInt()).isEqualTo(1);
      // Sample s-1 runs 10,000..11,000 ms and s-2 20,000..21,000 ms after the fixture's epoch.
      assertThat(a.get("durationMs").asDouble()).isEqualTo(11_000.0);
      assertThat(
              Long.parseLong(a.get("endUnixNano").asText())
                  - Long.parseLong(a.get("startUnixNano").asText()))
          .isEqualTo(11_000_000_000L);
    }
  }
}
