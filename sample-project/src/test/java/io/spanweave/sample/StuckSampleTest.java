package io.spanweave.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.rollout.RolloutTrace;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sample stuck in an endpoint, seen the way a user sees it: the real viewer, started by the
 * runtime, reads the run's {@code live.jsonl} and its stuck-samples API names the sample by its
 * {@code rollout.id} while the endpoint still runs.
 */
class StuckSampleTest {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  @TempDir Path outputDir;

  @AfterEach
  void stop() {
    Tracing.close();
  }

  @Test
  void theViewerNamesTheSampleStuckInAnEndpoint() throws Exception {
    TraceRuntime runtime =
        Tracing.configure(
            TraceConfig.builder()
                .enabled(true)
                .serviceName("stuck")
                .outputDir(outputDir)
                .enableExtension(RolloutTrace.EXTENSION)
                .viewer(viewer -> viewer.withEnabled(true).withPort(0))
                .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
                .build());
    CountDownLatch release = new CountDownLatch(1);
    RolloutWorker worker =
        TracedRolloutWorker.wrap(
            state -> {
              try {
                release.await(30, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return state;
            });
    CompletableFuture<SampleState> running =
        CompletableFuture.supplyAsync(
            () -> worker.generate(new SampleState("s-stuck", "prompt-1", "gsm8k", 4, 100)));
    try {
      String stuck = await(runtime.viewerUrl().orElseThrow() + "api/stuck", "s-stuck");

      assertThat(stuck)
          .contains("\"oldestSample\":\"s-stuck\"")
          .contains("\"stage\":\"generate\"")
          .contains("\"name\":\"rollout.worker.generate\"");
    } finally {
      release.countDown();
      running.join();
    }
  }

  /** The body of {@code url} once it contains {@code text} (or the last answer after 20 s). */
  private static String await(String url, String text) throws Exception {
    long deadline = System.nanoTime() + 20_000_000_000L;
    String body = "";
    while (System.nanoTime() < deadline) {
      try {
        HttpResponse<String> response =
            HTTP.send(
                HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
        body = response.body();
        if (response.statusCode() == 200 && body.contains(text)) {
          return body;
        }
      } catch (IOException notYet) {
        // the viewer is still starting
      }
      Thread.sleep(100);
    }
    return body;
  }
}
