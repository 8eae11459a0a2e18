package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole story with real processes: a driver JVM and its worker JVM, both traced by the real
 * runtime, are killed with {@code SIGKILL} in the middle of step 4, their spans of that step open;
 * the driver is started again with the same run id and {@code SPANWEAVE_RESUME_STEP=3} (its last
 * checkpoint) and runs steps 3 to 5. The viewer shows one run whose steps each count once, both
 * attempts listed (the first one died, the second resumed at 3 and closed), the first attempt's
 * step 3 one parameter away, every span of both on disk, and the killed processes' open spans
 * abandoned rather than stuck.
 */
class KilledAndResumedRunTest {
  private static final String RUN = "resumed-run";

  @TempDir Path dir;
  private final List<Process> started = new ArrayList<>();

  @AfterEach
  void killLeftovers() {
    for (Process p : started) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
  }

  private Process driver(int first, int last, int stallAt, double rewardBase, String resumeStep)
      throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder builder =
        new ProcessBuilder(
            java,
            "-cp",
            System.getProperty("java.class.path"),
            ResumeDriverMain.class.getName(),
            dir.toString(),
            RUN,
            Integer.toString(first),
            Integer.toString(last),
            Integer.toString(stallAt),
            Double.toString(rewardBase));
    builder.environment().remove("SPANWEAVE_RESUME_STEP");
    if (resumeStep != null) {
      builder.environment().put("SPANWEAVE_RESUME_STEP", resumeStep);
    }
    builder.redirectError(dir.resolve("driver-" + first + ".err").toFile());
    Process p = builder.start();
    started.add(p);
    return p;
  }

  private static long count(Path file, String text) throws IOException {
    if (!Files.exists(file)) {
      return 0;
    }
    return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
        .filter(l -> l.contains(text))
        .count();
  }

  @Test
  void aRunKilledMidStepAndResumedFromItsCheckpointReadsAsOneRunOfTwoAttempts() throws Exception {
    Process first = driver(1, 5, 4, 10, null);
    BufferedReader out =
        new BufferedReader(new InputStreamReader(first.getInputStream(), StandardCharsets.UTF_8));
    String workerLine = out.readLine();
    assertThat(workerLine).as("the driver started its worker").startsWith("worker ");
    long workerPid = Long.parseLong(workerLine.substring("worker ".length()));
    assertThat(out.readLine()).as("the driver reached the middle of step 4").isEqualTo("stalled");
    Path traces = dir.resolve(RUN).resolve("traces");
    Path live = traces.resolve("live.jsonl");
    // The driver's and the worker's spans of the sample in the middle of step 4 are both open.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (count(live, "\"s4-0\"") < 2) {
      assertThat(System.nanoTime())
          .as("live.jsonl names the open spans of s4-0")
          .isLessThan(deadline);
      Thread.sleep(50);
    }
    ProcessHandle worker = ProcessHandle.of(workerPid).orElseThrow();
    first.destroyForcibly(); // SIGKILL: no shutdown hook, no flush, no record of how it ended
    worker.destroyForcibly();
    assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
    worker.onExit().get(30, TimeUnit.SECONDS);
    assertThat(first.exitValue()).isEqualTo(137);

    Process second = driver(3, 5, -1, 20, "3");
    second.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
    assertThat(second.waitFor(90, TimeUnit.SECONDS)).as("the resumed run finished").isTrue();
    assertThat(second.exitValue()).as(Files.readString(dir.resolve("driver-3.err"))).isZero();

    try (ViewerHarness v =
        new ViewerHarness(
            ViewerOptions.builder(dir.resolve(RUN))
                .port(0)
                .pollInterval(Duration.ofMillis(50))
                .build())) {
      // Steps 1-3 of the first attempt and 3-5 of the second: a driver span and a worker span per
      // sample.
      v.awaitStatus(s -> s.get("spans").asInt() == 24);

      JsonNode steps = v.get("/api/steps?run=" + RUN).get("steps");
      assertThat(steps).extracting(s -> s.get("step").asInt()).containsExactly(1, 2, 3, 4, 5);
      assertThat(steps).extracting(s -> s.get("samples").asInt()).containsOnly(2);
      assertThat(
              RunAttemptsTest.rewards(v.get("/api/samples?run=" + RUN + "&step=3").get("samples")))
          .containsOnly(23.0);
      assertThat(
              RunAttemptsTest.rewards(
                  v.get("/api/samples?run=" + RUN + "&step=3&attempt=1").get("samples")))
          .containsOnly(13.0);
      assertThat(v.get("/api/steps?run=" + RUN + "&attempt=1").get("steps"))
          .extracting(s -> s.get("step").asInt())
          .containsExactly(1, 2, 3);
      // The worker's spans are in their driver's attempt.
      assertThat(
              ApiTest.byField(
                      v.get("/api/stages?run=" + RUN + "&step=3").get("stages"),
                      "stage",
                      "generate")
                  .get("count")
                  .asInt())
          .isEqualTo(2);
      assertThat(
              ApiTest.byField(
                      v.get("/api/stages?run=" + RUN + "&step=3&attempt=1").get("stages"),
                      "stage",
                      "generate")
                  .get("count")
                  .asInt())
          .isEqualTo(2);

      JsonNode run = RunAttemptsTest.run(v.get("/api/runs"), RUN);
      assertThat(run.get("samples").asInt()).isEqualTo(10);
      JsonNode killed = RunAttemptsTest.attemptRow(run, 1);
      assertThat(killed.get("state").asText()).isEqualTo("died");
      assertThat(killed.get("firstStep").asInt()).isEqualTo(1);
      assertThat(RunAttemptsTest.ints(killed.get("redoneSteps"))).containsExactly(3);
      assertThat(killed.get("endUnixNano").isNull()).isFalse();
      JsonNode resumed = RunAttemptsTest.attemptRow(run, 2);
      assertThat(resumed.get("state").asText()).isEqualTo("closed");
      assertThat(resumed.get("resumedFrom").asLong()).isEqualTo(3);
      assertThat(resumed.get("firstStep").asInt()).isEqualTo(3);
      assertThat(resumed.get("lastStep").asInt()).isEqualTo(5);

      JsonNode stuck = v.get("/api/stuck?run=" + RUN);
      assertThat(stuck.get("inFlight").asInt()).isZero();
      assertThat(stuck.get("abandonedSpans"))
          .extracting(s -> s.get("sample").asText())
          .containsOnly("s4-0");
      assertThat(stuck.get("abandonedSpans"))
          .extracting(s -> s.get("attempt").asInt())
          .containsOnly(1);
      assertThat(stuck.get("abandoned").asInt()).isEqualTo(2);
      assertThat(v.get("/api/status").get("inFlight").asInt()).isZero();
      // The killed attempt's sample in the middle of step 4: its open spans, abandoned, in its
      // waterfall;
      // the sample as counted (attempt 2 did it again) has none of them.
      JsonNode killedSample =
          v.get("/api/waterfall?run=" + RUN + "&sample=s4-0&attempt=1").get("spans");
      assertThat(killedSample)
          .extracting(s -> s.get("status").asText())
          .containsExactly("abandoned", "abandoned");
      assertThat(killedSample).extracting(s -> s.get("inFlight").asBoolean()).containsOnly(false);
      JsonNode counted = v.get("/api/waterfall?run=" + RUN + "&sample=s4-0").get("spans");
      assertThat(counted).extracting(s -> s.get("status").asText()).containsOnly("ok");
      assertThat(counted).hasSize(2);
    }
  }
}
