package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime rotates live.jsonl at the size of a trace part, carrying the start records of spans
 * still open: a viewer following the file and one opened after the rotations both show the span in
 * flight, and neither shows the spans that ended. (The following viewer polls between two rotations
 * here, as it does at the real size of a part: a reader that sleeps through two rotations misses
 * the end records of the one in between.)
 */
class RotatedLiveFileTest {
  @TempDir Path dir;

  @Test
  void aSpanInFlightStaysInFlightAcrossRotationsForAFollowingViewerAndANewOne() throws Exception {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("rotate-it")
            .outputDir(dir)
            .runId("run-rot")
            .batch(batch -> batch.withDelay(Duration.ofMillis(50)))
            .runFiles(files -> files.withPartMaxBytes(4096))
            .live(live -> live.withAttributeKeys(List.of("rollout.id")))
            .build();
    Path traceFile = dir.resolve("run-rot/traces/traces.jsonl");
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(1);
    try (TraceRuntime runtime = Tracing.configure(config)) {
      Thread stuck =
          new Thread(
              () -> {
                try (TraceScope s =
                    Trace.span(
                        "worker.generate",
                        Map.of("rollout.id", "r-stuck", "spanweave.stage", "generate"))) {
                  started.countDown();
                  release.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      stuck.start();
      started.await();
      runtime.flush();
      ViewerOptions options =
          ViewerOptions.builder(traceFile)
              .port(0)
              .pollInterval(Duration.ofMillis(50))
              .service("rotate-it")
              .runId("run-rot")
              .build();
      try (ViewerHarness following = new ViewerHarness(options)) {
        following.awaitStatus(s -> s.get("inFlight").asInt() == 1);
        for (int i = 0; i < 40; i++) { // spans long enough to get a start and an end record each
          TraceScope step =
              Trace.span("env.step", Map.of("rollout.id", "r-" + i, "spanweave.stage", "env"));
          runtime.flush();
          following.awaitStatus(s -> s.get("inFlight").asInt() == 2);
          step.close();
          runtime.flush();
          following.awaitStatus(s -> s.get("inFlight").asInt() == 1);
        }
        assertThat(Files.readString(runtime.liveFile()))
            .as("rotated: the ended spans' records are gone")
            .doesNotContain("\"r-0\"")
            .contains("\"r-stuck\"");
        assertThat(Files.size(runtime.liveFile())).isLessThan(4096 + 1024);
        following.awaitStatus(s -> s.get("spans").asInt() >= 40);
        assertThat(following.get("/api/status").get("inFlight").asInt()).isEqualTo(1);

        try (ViewerHarness opened = new ViewerHarness(options)) {
          opened.awaitStatus(s -> s.get("spans").asInt() >= 40 && s.get("inFlight").asInt() == 1);
          assertThat(
                  ApiTest.byField(opened.get("/api/stuck").get("stages"), "stage", "generate")
                      .get("oldestSample")
                      .asText())
              .isEqualTo("r-stuck");
        }

        release.countDown();
        stuck.join();
        following.awaitStatus(s -> s.get("inFlight").asInt() == 0);
      }
    } finally {
      release.countDown();
    }
  }
}
