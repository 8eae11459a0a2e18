package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run restarted from a checkpoint with the same run id, in the files its attempts leave: the
 * run's trace file with {@code spanweave.run.attempt} on every resource, the run folder's attempt
 * records and {@code live.jsonl}. The viewer counts each step once, as the latest attempt that
 * recorded it, and keeps every attempt's own view one parameter away.
 */
class RunAttemptsTest {
  @TempDir Path dir;

  /**
   * Two samples of a step as an attempt records them; reward {@code attempt * 10 + step} tells
   * whose they are.
   */
  static void step(OtlpFixture f, String run, int attempt, int step, long atMs) {
    for (int k = 0; k < 2; k++) {
      long seed = run.hashCode() * 1_000_000L + attempt * 10_000L + step * 10L + k + 1;
      String trace = OtlpFixture.hex(32, seed);
      String root = OtlpFixture.hex(16, seed);
      String id = "s" + step + "-" + k;
      f.span(trace, root, null, "agent.run", atMs, atMs + 100)
          .attrs(
              "rollout.id",
              id,
              "rollout.step",
              (long) step,
              "spanweave.stage",
              "agent",
              "rollout.reward.score",
              attempt * 10.0 + step)
          .add();
      f.span(
              trace,
              OtlpFixture.hex(16, seed + 7_777_777L),
              root,
              "llm_request",
              atMs + 10,
              atMs + 60)
          .attrs(
              "rollout.id",
              id,
              "spanweave.stage",
              "generate",
              "gen_ai.request.model",
              "qwen3-8b",
              "gen_ai.usage.input_tokens",
              100L,
              "gen_ai.usage.output_tokens",
              10L)
          .add();
    }
  }

  /** Steps {@code from}..{@code to} of attempt {@code attempt} appended to the run's trace file. */
  static void attempt(Path runDir, String run, int attempt, int from, int to) {
    OtlpFixture f = new OtlpFixture().service("trainer").runId("spanweave.run.id", run);
    if (attempt > 0) {
      f.attempt(Integer.toString(attempt));
    }
    for (int s = from; s <= to; s++) {
      step(f, run, Math.max(1, attempt), s, attempt * 100_000L + s * 1000L);
    }
    f.appendTo(traceFile(runDir), 2);
  }

  static Path traceFile(Path runDir) {
    Path traces = runDir.resolve("traces");
    try {
      Files.createDirectories(traces);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return traces.resolve("traces.jsonl");
  }

  /** The attempt's record as the runtime writes it in {@code <runDir>/attempts/}. */
  static void record(
      Path runDir, String run, int attempt, long startNanos, Long resumeStep, Long endNanos) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("attempt", attempt);
    json.put("runId", run);
    json.put("service", "trainer");
    json.put("pid", 100 + attempt);
    json.put("host", "node-" + attempt);
    json.put("startTimeUnixNano", Long.toString(startNanos));
    if (resumeStep != null) {
      json.put("resumeStep", resumeStep);
    }
    json.put("state", endNanos == null ? "running" : "closed");
    if (endNanos != null) {
      json.put("endTimeUnixNano", Long.toString(endNanos));
    }
    try {
      Path attempts = Files.createDirectories(runDir.resolve("attempts"));
      Files.writeString(
          attempts.resolve(String.format("attempt-%06d.json", attempt)),
          OtlpFixture.JSON.writeValueAsString(json) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static long nowNanos() {
    return System.currentTimeMillis() * 1_000_000L;
  }

  static List<Double> rewards(JsonNode samples) {
    List<Double> out = new ArrayList<>();
    samples.forEach(s -> out.add(s.get("reward").asDouble()));
    return out;
  }

  static JsonNode run(JsonNode runs, String runId) {
    return ApiTest.byField(runs.get("runs"), "runId", runId);
  }

  static JsonNode attemptRow(JsonNode run, int attempt) {
    for (JsonNode a : run.get("attempts")) {
      if (a.get("attempt").asInt() == attempt) {
        return a;
      }
    }
    throw new AssertionError("no attempt " + attempt + " in " + run);
  }

  static List<Integer> ints(JsonNode array) {
    List<Integer> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asInt()));
    return out;
  }

  static ViewerHarness viewer(Path path, int maxSpansInMemory) {
    return new ViewerHarness(
        ViewerOptions.builder(path)
            .port(0)
            .pollInterval(Duration.ofMillis(50))
            .maxSpansInMemory(maxSpansInMemory)
            .segmentBytes(4 << 10)
            .build());
  }

  static void awaitRead(ViewerHarness v, int spans, boolean allInMemory) {
    v.awaitStatus(
        s ->
            s.path("reading").path("partsDone").asInt()
                    == s.path("reading").path("partsTotal").asInt()
                && s.path("reading").path("partsTotal").asInt() > 0
                && (allInMemory
                    ? s.path("spans").asInt() == spans
                    : s.path("reading").path("spansSummarized").asLong() >= spans));
  }

  /**
   * Attempt 1 reached step 4 and was killed; attempt 2 resumed from the checkpoint of step 3. Every
   * step counts once, as attempt 2 recorded the steps it did again, whether the answers come from
   * the in-memory index or (a run bigger than memory) from the summaries and segments loaded on
   * demand.
   */
  @ParameterizedTest
  @ValueSource(ints = {1_000_000, 12})
  void aResumedRunCountsEachStepOnceAndKeepsTheFirstAttemptsRedoneSteps(int maxSpansInMemory) {
    Path runA = dir.resolve("run-a");
    long start = nowNanos() - Duration.ofHours(1).toNanos();
    record(runA, "run-a", 1, start, null, null);
    attempt(runA, "run-a", 1, 0, 4);
    record(runA, "run-a", 2, start + 1_000_000_000L, 3L, start + 2_000_000_000L);
    attempt(runA, "run-a", 2, 3, 5);
    Path runB = dir.resolve("run-b");
    attempt(runB, "run-b", 0, 0, 5);
    boolean allInMemory = maxSpansInMemory > 1000;

    try (ViewerHarness v = viewer(dir, maxSpansInMemory)) {
      awaitRead(v, 56, allInMemory);

      JsonNode steps = v.get("/api/steps?run=run-a");
      assertThat(steps.get("latest").asInt()).isEqualTo(5);
      assertThat(steps.get("steps"))
          .extracting(s -> s.get("step").asInt())
          .containsExactly(0, 1, 2, 3, 4, 5);
      assertThat(steps.get("steps")).extracting(s -> s.get("samples").asInt()).containsOnly(2);
      assertThat(steps.get("steps")).extracting(s -> s.get("traces").asInt()).containsOnly(2);

      // A redone step is attempt 2's; attempt 1's records of it are one parameter away.
      assertThat(rewards(v.get("/api/samples?run=run-a&step=3").get("samples"))).containsOnly(23.0);
      assertThat(rewards(v.get("/api/samples?run=run-a&step=3&attempt=1").get("samples")))
          .containsExactly(13.0, 13.0);
      assertThat(rewards(v.get("/api/samples?run=run-a&step=2").get("samples"))).containsOnly(12.0);
      assertThat(v.get("/api/samples?run=run-a&step=5&attempt=1").get("total").asInt()).isZero();
      assertThat(v.get("/api/sample?run=run-a&id=s4-1").get("reward").asDouble()).isEqualTo(24.0);
      assertThat(v.get("/api/sample?run=run-a&id=s4-1&attempt=1").get("reward").asDouble())
          .isEqualTo(14.0);
      assertThat(
              ApiTest.byField(v.get("/api/stages?run=run-a&step=4").get("stages"), "stage", "agent")
                  .get("count")
                  .asInt())
          .isEqualTo(2);
      assertThat(
              ApiTest.byField(
                      v.get("/api/stages?run=run-a&step=all").get("stages"), "stage", "agent")
                  .get("count")
                  .asInt())
          .isEqualTo(12);
      assertThat(
              ApiTest.byField(
                      v.get("/api/stages?run=run-a&step=all&attempt=1").get("stages"),
                      "stage",
                      "agent")
                  .get("count")
                  .asInt())
          .isEqualTo(10);

      JsonNode timeline = v.get("/api/timeline?run=run-a").get("points");
      assertThat(timeline).extracting(p -> p.get("traces").asInt()).containsOnly(2);
      assertThat(timeline)
          .extracting(p -> p.get("metricMean").asDouble())
          .containsExactly(10.0, 11.0, 12.0, 23.0, 24.0, 25.0);
      assertThat(v.get("/api/timeline?run=run-a&attempt=1").get("points"))
          .extracting(p -> p.get("metricMean").asDouble())
          .containsExactly(10.0, 11.0, 12.0, 13.0, 14.0);

      JsonNode runs = v.get("/api/runs");
      JsonNode a = run(runs, "run-a");
      assertThat(a.get("samples").asInt()).isEqualTo(12);
      assertThat(a.get("traces").asInt()).isEqualTo(12);
      assertThat(a.get("attempts")).hasSize(2);
      JsonNode first = attemptRow(a, 1);
      assertThat(first.get("state").asText()).isEqualTo("died");
      assertThat(first.get("firstStep").asInt()).isEqualTo(0);
      assertThat(first.get("lastStep").asInt()).isEqualTo(4);
      assertThat(ints(first.get("redoneSteps"))).containsExactly(3, 4);
      assertThat(first.get("samples").asLong()).isEqualTo(10);
      assertThat(first.get("spans").asLong()).isEqualTo(20);
      assertThat(first.get("resumedFrom").isNull()).isTrue();
      assertThat(first.get("pid").asLong()).isEqualTo(101);
      assertThat(first.get("startUnixNano").asText()).isEqualTo(Long.toString(start));
      JsonNode second = attemptRow(a, 2);
      assertThat(second.get("state").asText()).isEqualTo("closed");
      assertThat(second.get("resumedFrom").asLong()).isEqualTo(3);
      assertThat(second.get("firstStep").asInt()).isEqualTo(3);
      assertThat(second.get("lastStep").asInt()).isEqualTo(5);
      assertThat(second.get("endUnixNano").asText())
          .isEqualTo(Long.toString(start + 2_000_000_000L));
      assertThat(ints(second.get("redoneSteps"))).isEmpty();
      assertThat(second.get("samples").asLong()).isEqualTo(6);
      // A run never restarted, outside a run folder's records: one attempt, how it ended unknown.
      JsonNode b = run(runs, "run-b");
      assertThat(b.get("attempts")).hasSize(1);
      assertThat(attemptRow(b, 1).get("state").isNull()).isTrue();

      // Compare reads the resumed run as one clean run too.
      JsonNode compare = v.get("/api/compare?a=run-a&b=run-b");
      assertThat(compare.get("a").get("samples").asLong()).isEqualTo(12);
      assertThat(compare.get("b").get("samples").asLong()).isEqualTo(12);

      if (allInMemory) {
        assertThat(v.get("/api/samples?run=run-a&step=all").get("total").asInt()).isEqualTo(12);
        assertThat(v.get("/api/llm?run=run-a&step=all").get("total").get("calls").asInt())
            .isEqualTo(12);
        assertThat(v.get("/api/llm?run=run-a&step=all&attempt=1").get("total").get("calls").asInt())
            .isEqualTo(10);
      }

      ViewerHarness.Response zero = v.call("/api/steps?run=run-a&attempt=0");
      assertThat(zero.status()).isEqualTo(400);
      assertThat(zero.json().get("error").asText()).contains("attempt");
      ViewerHarness.Response word = v.call("/api/samples?run=run-a&attempt=second");
      assertThat(word.status()).isEqualTo(400);
      assertThat(word.json().get("error").asText()).contains("attempt must be an integer");
    }
  }

  @Test
  void threeAttemptsCountEachStepAsTheLatestThatRecordedIt() {
    Path runC = dir.resolve("run-c");
    long start = nowNanos() - Duration.ofHours(1).toNanos();
    record(runC, "run-c", 1, start, null, null);
    attempt(runC, "run-c", 1, 0, 3);
    record(runC, "run-c", 2, start + 1_000_000_000L, 2L, null);
    attempt(runC, "run-c", 2, 2, 4);
    record(runC, "run-c", 3, nowNanos(), 4L, null);
    attempt(runC, "run-c", 3, 4, 6);

    try (ViewerHarness v = viewer(runC, 1_000_000)) {
      awaitRead(v, 40, true);
      JsonNode steps = v.get("/api/steps").get("steps");
      assertThat(steps).extracting(s -> s.get("step").asInt()).containsExactly(0, 1, 2, 3, 4, 5, 6);
      assertThat(steps).extracting(s -> s.get("samples").asInt()).containsOnly(2);
      assertThat(v.get("/api/timeline").get("points"))
          .extracting(p -> p.get("metricMean").asDouble())
          .containsExactly(10.0, 11.0, 22.0, 23.0, 34.0, 35.0, 36.0);
      assertThat(rewards(v.get("/api/samples?step=4&attempt=2").get("samples"))).containsOnly(24.0);
      assertThat(rewards(v.get("/api/samples?step=3&attempt=1").get("samples"))).containsOnly(13.0);
      assertThat(v.get("/api/samples?step=all").get("total").asInt()).isEqualTo(14);

      JsonNode run = run(v.get("/api/runs"), "run-c");
      assertThat(run.get("attempts"))
          .extracting(a -> a.get("attempt").asInt())
          .containsExactly(1, 2, 3);
      assertThat(ints(attemptRow(run, 1).get("redoneSteps"))).containsExactly(2, 3);
      assertThat(attemptRow(run, 1).get("state").asText()).isEqualTo("died");
      assertThat(ints(attemptRow(run, 2).get("redoneSteps"))).containsExactly(4);
      assertThat(attemptRow(run, 2).get("resumedFrom").asLong()).isEqualTo(2);
      assertThat(attemptRow(run, 2).get("state").asText()).isEqualTo("died");
      assertThat(attemptRow(run, 3).get("resumedFrom").asLong()).isEqualTo(4);
      assertThat(attemptRow(run, 3).get("state").asText()).isEqualTo("running");
      assertThat(attemptRow(run, 3).get("host").asText()).isEqualTo("node-3");
    }
  }

  /**
   * Two drivers started with the same run id at the same moment (each claimed its own number): both
   * recorded the same steps; the higher number counts, the other stays reachable.
   */
  @Test
  void twoAttemptsThatStartedTogetherAreBothListedAndEachStepCountsOnce() {
    Path runD = dir.resolve("run-d");
    long start = nowNanos();
    record(runD, "run-d", 1, start, null, null);
    record(runD, "run-d", 2, start, null, null);
    attempt(runD, "run-d", 1, 0, 2);
    attempt(runD, "run-d", 2, 0, 2);

    try (ViewerHarness v = viewer(runD, 1_000_000)) {
      awaitRead(v, 24, true);
      assertThat(v.get("/api/steps").get("steps"))
          .extracting(s -> s.get("samples").asInt())
          .containsExactly(2, 2, 2);
      assertThat(rewards(v.get("/api/samples?step=1").get("samples"))).containsOnly(21.0);
      assertThat(rewards(v.get("/api/samples?step=1&attempt=1").get("samples"))).containsOnly(11.0);
      JsonNode run = run(v.get("/api/runs"), "run-d");
      assertThat(run.get("attempts")).hasSize(2);
      assertThat(attemptRow(run, 1).get("startUnixNano").asText())
          .isEqualTo(attemptRow(run, 2).get("startUnixNano").asText());
      assertThat(ints(attemptRow(run, 1).get("redoneSteps"))).containsExactly(0, 1, 2);
      assertThat(attemptRow(run, 2).get("resumedFrom").asLong()).isEqualTo(0);
      assertThat(attemptRow(run, 2).get("state").asText()).isEqualTo("running");
    }
  }

  /**
   * Files written before attempts existed: every run is one attempt, and reads as it always did.
   */
  @Test
  void filesWithoutAttemptsReadAsOneAttempt() {
    Path traces = dir.resolve("traces.jsonl");
    RolloutScenario.write(traces);
    try (ViewerHarness v = new ViewerHarness(traces)) {
      v.awaitSpans(1);
      v.awaitStatus(s -> s.get("spans").asInt() >= 14);
      JsonNode run = v.get("/api/runs").get("runs").get(0);
      assertThat(run.get("attempts")).hasSize(1);
      JsonNode only = run.get("attempts").get(0);
      assertThat(only.get("attempt").asInt()).isEqualTo(1);
      assertThat(only.get("state").isNull()).isTrue();
      assertThat(only.get("resumedFrom").isNull()).isTrue();
      assertThat(ints(only.get("redoneSteps"))).isEmpty();
      assertThat(only.get("samples").asLong()).isEqualTo(run.get("samples").asLong());
      assertThat(v.get("/api/steps").get("steps"))
          .extracting(s -> s.get("samples").asInt())
          .containsExactly(2, 2);
      assertThat(ApiTest.ids(v.get("/api/samples?step=1&attempt=1").get("samples")))
          .containsExactlyInAnyOrder("s1-a", "s1-b");
    }
  }

  static String liveStart(
      String trace, String span, String name, String sample, String attempt, long startNanos) {
    return "{\"event\":\"start\",\"runId\":\"run-e\",\"service\":\"trainer\",\"pid\":4242,"
        + (attempt == null ? "" : "\"attempt\":\"" + attempt + "\",")
        + "\"traceId\":\""
        + trace
        + "\",\"spanId\":\""
        + span
        + "\",\"name\":\""
        + name
        + "\",\"stage\":\"generate\",\"startTimeUnixNano\":\""
        + startNanos
        + "\",\"attributes\":{\"rollout.id\":\""
        + sample
        + "\"}}\n";
  }

  static String heartbeat(String attempt, long timeNanos) {
    return "{\"event\":\"heartbeat\",\"runId\":\"run-e\",\"service\":\"trainer\",\"pid\":4343,\"attempt\":\""
        + attempt
        + "\",\"timeUnixNano\":\""
        + timeNanos
        + "\"}\n";
  }

  /**
   * Attempt 1 was killed with spans open; attempt 2 resumed and is working now. Attempt 1's open
   * spans are abandoned (a newer attempt started), not in flight and not stuck; attempt 2's are.
   */
  @Test
  void aKilledAttemptsOpenSpansAreAbandonedNotStuck() {
    Path runE = dir.resolve("run-e");
    long now = nowNanos();
    record(runE, "run-e", 1, now - Duration.ofMinutes(10).toNanos(), null, null);
    attempt(runE, "run-e", 1, 0, 1);
    record(runE, "run-e", 2, now - Duration.ofMinutes(2).toNanos(), 1L, null);
    attempt(runE, "run-e", 2, 1, 2);
    Path live = runE.resolve("traces").resolve("live.jsonl");
    String killed = OtlpFixture.hex(32, 991);
    String working = OtlpFixture.hex(32, 992);
    OtlpFixture.append(
        live,
        liveStart(
            killed,
            OtlpFixture.hex(16, 991),
            "worker.generate",
            "s2-0",
            "1",
            now - Duration.ofMinutes(3).toNanos()));
    OtlpFixture.append(
        live,
        liveStart(
            working,
            OtlpFixture.hex(16, 992),
            "worker.generate",
            "s3-0",
            "2",
            now - Duration.ofSeconds(5).toNanos()));
    OtlpFixture.append(live, heartbeat("2", now));

    try (ViewerHarness v = viewer(runE, 1_000_000)) {
      JsonNode status =
          v.awaitStatus(s -> s.get("spans").asInt() == 16 && s.get("inFlight").asInt() == 1);
      assertThat(status.get("liveMalformedLines").asInt()).isZero();
      JsonNode stuck = v.get("/api/stuck");
      assertThat(stuck.get("inFlight").asInt()).isEqualTo(1);
      assertThat(stuck.get("oldest"))
          .extracting(s -> s.get("traceId").asText())
          .containsExactly(working);
      assertThat(stuck.get("abandoned").asInt()).isEqualTo(1);
      JsonNode abandoned = stuck.get("abandonedSpans").get(0);
      assertThat(abandoned.get("traceId").asText()).isEqualTo(killed);
      assertThat(abandoned.get("attempt").asInt()).isEqualTo(1);
      assertThat(abandoned.get("sample").asText()).isEqualTo("s2-0");
      assertThat(
              ApiTest.byField(v.get("/api/stages?step=all").get("stages"), "stage", "generate")
                  .get("running")
                  .asInt())
          .isEqualTo(1);
      JsonNode run = run(v.get("/api/runs"), "run-e");
      assertThat(attemptRow(run, 1).get("state").asText()).isEqualTo("died");
      assertThat(attemptRow(run, 2).get("state").asText()).isEqualTo("running");
    }
  }

  /**
   * The only attempt of a run stopped writing (no record, no heartbeat) for longer than three
   * heartbeat intervals: its processes are gone, its open spans abandoned. A record that names no
   * attempt (a writer from before heartbeats) stays in flight however old it is.
   */
  @Test
  void anAttemptSilentForThreeHeartbeatsHasDied() {
    Path runE = dir.resolve("run-e");
    long now = nowNanos();
    record(runE, "run-e", 1, now - Duration.ofMinutes(5).toNanos(), null, null);
    attempt(runE, "run-e", 1, 0, 1);
    Path live = runE.resolve("traces").resolve("live.jsonl");
    OtlpFixture.append(live, heartbeat("1", now - Duration.ofSeconds(40).toNanos()));
    OtlpFixture.append(
        live,
        liveStart(
            OtlpFixture.hex(32, 993),
            OtlpFixture.hex(16, 993),
            "worker.generate",
            "s1-0",
            "1",
            now - Duration.ofSeconds(45).toNanos()));
    OtlpFixture.append(
        live,
        liveStart(
            OtlpFixture.hex(32, 994),
            OtlpFixture.hex(16, 994),
            "worker.judge",
            "s1-1",
            null,
            now - Duration.ofMinutes(4).toNanos()));

    try (ViewerHarness v = viewer(runE, 1_000_000)) {
      v.awaitStatus(s -> s.get("spans").asInt() == 8);
      JsonNode stuck = v.get("/api/stuck");
      assertThat(stuck.get("abandoned").asInt()).isEqualTo(1);
      assertThat(stuck.get("abandonedSpans").get(0).get("sample").asText()).isEqualTo("s1-0");
      assertThat(stuck.get("inFlight").asInt()).isEqualTo(1);
      assertThat(stuck.get("oldest").get(0).get("name").asText()).isEqualTo("worker.judge");
      assertThat(attemptRow(run(v.get("/api/runs"), "run-e"), 1).get("state").asText())
          .isEqualTo("died");
    }
  }

  /**
   * A driver killed while writing a line leaves it torn, and the next attempt appends right after
   * it: the torn part is skipped and counted, the next attempt's first line is read whole.
   */
  @Test
  void aTornLastLineOfAKilledAttemptIsSkippedAndCountedAndNothingAfterItIsLost()
      throws IOException {
    Path runF = dir.resolve("run-f");
    attempt(runF, "run-f", 1, 0, 1);
    OtlpFixture torn =
        new OtlpFixture().service("trainer").runId("spanweave.run.id", "run-f").attempt("1");
    step(torn, "run-f", 1, 2, 5_000);
    String line = torn.drainLines(4);
    OtlpFixture.append(traceFile(runF), line.substring(0, line.length() / 2));
    attempt(runF, "run-f", 2, 2, 3);

    try (ViewerHarness v = viewer(runF, 1_000_000)) {
      JsonNode status = v.awaitStatus(s -> s.get("spans").asInt() == 16);
      assertThat(status.get("malformedLines").asInt()).isEqualTo(1);
      assertThat(v.get("/api/steps").get("steps"))
          .extracting(s -> s.get("samples").asInt())
          .containsExactly(2, 2, 2, 2);
      assertThat(rewards(v.get("/api/samples?step=2").get("samples"))).containsOnly(22.0);
    }
  }

  /**
   * A Zipkin v2 span as OpenTelemetry's Zipkin exporter writes it: the resource's attributes are
   * tags.
   */
  static String zipkinSpan(int attempt, int step) {
    String id = String.format("%016x", 0xa000L + attempt * 16L + step);
    return "[{\"traceId\":\""
        + id
        + "\",\"id\":\""
        + id
        + "\",\"name\":\"agent.run\","
        + "\"timestamp\":"
        + (1767225700000000L + attempt * 100_000_000L + step * 1_000_000L)
        + ",\"duration\":5000,"
        + "\"localEndpoint\":{\"serviceName\":\"trainer\"},\"tags\":{\"rollout.id\":\"z"
        + step
        + "\",\"rollout.step\":\""
        + step
        + "\",\"spanweave.run.id\":\"run-z\",\"spanweave.run.attempt\":\""
        + attempt
        + "\",\"spanweave.stage\":\"agent\",\"rollout.reward.score\":\""
        + (attempt * 10 + step)
        + "\"}}]\n";
  }

  /**
   * A single file of Zipkin JSON (an external collector's, or spans copied from a Zipkin server):
   * no run folder, no records; the attempts come from the spans' attribute alone.
   */
  @Test
  void attemptsOfAZipkinFileComeFromTheSpansAlone() {
    Path file = dir.resolve("zipkin.jsonl");
    StringBuilder lines = new StringBuilder();
    for (int step = 1; step <= 3; step++) {
      lines.append(zipkinSpan(1, step));
    }
    for (int step = 2; step <= 4; step++) {
      lines.append(zipkinSpan(2, step));
    }
    OtlpFixture.append(file, lines.toString());
    try (ViewerHarness v = new ViewerHarness(file)) {
      v.awaitStatus(s -> s.get("spans").asInt() == 6);
      assertThat(v.get("/api/steps").get("steps"))
          .extracting(s -> s.get("samples").asInt())
          .containsExactly(1, 1, 1, 1);
      assertThat(rewards(v.get("/api/samples?step=3").get("samples"))).containsExactly(23.0);
      assertThat(rewards(v.get("/api/samples?step=3&attempt=1").get("samples")))
          .containsExactly(13.0);
      JsonNode run = run(v.get("/api/runs"), "run-z");
      assertThat(ints(attemptRow(run, 1).get("redoneSteps"))).containsExactly(2, 3);
      assertThat(attemptRow(run, 1).get("state").isNull()).isTrue();
      assertThat(attemptRow(run, 2).get("resumedFrom").asLong()).isEqualTo(2);
      assertThat(attemptRow(run, 2).get("pid").isNull()).isTrue();
    }
  }

  /**
   * {@code --compare} on the command line reads a resumed run as one clean run, as the page and the
   * API do.
   */
  @Test
  void theCommandLineComparisonCountsEachStepOnce() throws Exception {
    Path runA = dir.resolve("run-a");
    long start = nowNanos() - Duration.ofHours(1).toNanos();
    record(runA, "run-a", 1, start, null, null);
    attempt(runA, "run-a", 1, 0, 4);
    record(runA, "run-a", 2, start + 1_000_000_000L, 3L, start + 2_000_000_000L);
    attempt(runA, "run-a", 2, 3, 5);
    Path runB = dir.resolve("run-b");
    attempt(runB, "run-b", 0, 0, 5);
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    int status =
        Main.run(
            new String[] {"--compare", runA.toString(), runB.toString()},
            new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8),
            new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
    assertThat(status).as(err.toString(java.nio.charset.StandardCharsets.UTF_8)).isZero();
    List<String> lines = out.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList();
    assertThat(lines.get(0)).contains("run run-a · 6 steps (0–5) · 12 samples");
    assertThat(lines.get(1)).contains("run run-b · 6 steps (0–5) · 12 samples");
  }

  /**
   * A worker that exported without the attempt (its span written first, as a child's span ends
   * first) joins the attempt its driver's span names: the sample it opened is attempt 2's.
   */
  @Test
  void aWorkersSpanWithoutTheAttemptJoinsItsDriversAttempt() {
    Path runW = dir.resolve("run-w");
    attempt(runW, "run-w", 1, 0, 0);
    String trace = OtlpFixture.hex(32, 4242);
    String root = OtlpFixture.hex(16, 4242);
    new OtlpFixture()
        .service("worker")
        .runId("spanweave.run.id", "run-w")
        .span(trace, OtlpFixture.hex(16, 4243), root, "worker.generate", 200_010, 200_050)
        .attrs("rollout.id", "s1-0", "spanweave.stage", "generate")
        .add()
        .appendTo(traceFile(runW), 1);
    new OtlpFixture()
        .service("trainer")
        .runId("spanweave.run.id", "run-w")
        .attempt("2")
        .span(trace, root, null, "agent.run", 200_000, 200_100)
        .attrs(
            "rollout.id",
            "s1-0",
            "rollout.step",
            1L,
            "spanweave.stage",
            "agent",
            "rollout.reward.score",
            21.0)
        .add()
        .appendTo(traceFile(runW), 1);

    try (ViewerHarness v = viewer(runW, 1_000_000)) {
      v.awaitStatus(s -> s.get("spans").asInt() == 6);
      JsonNode sample = v.get("/api/sample?id=s1-0&attempt=2");
      assertThat(sample.get("reward").asDouble()).isEqualTo(21.0);
      assertThat(sample.get("stageMs").has("generate"))
          .as("the worker's span is the sample's: %s", sample)
          .isTrue();
      assertThat(v.call("/api/sample?id=s1-0&attempt=1").status()).isEqualTo(404);
      JsonNode run = run(v.get("/api/runs"), "run-w");
      assertThat(attemptRow(run, 1).get("samples").asLong()).isEqualTo(2);
      assertThat(attemptRow(run, 2).get("samples").asLong()).isEqualTo(1);
    }
  }
}
