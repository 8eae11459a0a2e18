package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.ExportTarget;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer reading a run from a real Zipkin server (its own server jar, in-memory storage, on a
 * free loopback port): spans exported by the real spanweave runtime through OpenTelemetry's Zipkin
 * exporter, and spans posted to Zipkin's collector API as JSON v2 while the viewer is already
 * polling. Steps, samples, rewards, stages, error types and call chains show as they do from a
 * file.
 */
class ZipkinSourceIT {
  private static final Duration ZIPKIN_START = Duration.ofSeconds(90);
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  @TempDir Path dir;

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private Process startZipkin(int port, Path log) throws IOException {
    String jar = System.getProperty("zipkin.server.jar");
    assertThat(jar)
        .as("system property zipkin.server.jar (set by the viewer pom's failsafe configuration)")
        .isNotNull();
    assertThat(Path.of(jar))
        .as("Zipkin's server jar, copied by maven-dependency-plugin in pre-integration-test")
        .exists();
    return new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xms64m",
            "-Xmx384m",
            "-XX:TieredStopAtLevel=1",
            "-jar",
            jar,
            "--server.port=" + port,
            "--server.address=127.0.0.1")
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  private void awaitHealthy(Process zipkin, int port, Path log) throws Exception {
    long deadline = System.nanoTime() + ZIPKIN_START.toNanos();
    while (System.nanoTime() < deadline) {
      assertThat(zipkin.isAlive())
          .as("Zipkin is running; its log:%n%s", Files.readString(log))
          .isTrue();
      try {
        HttpResponse<String> health =
            http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
                    .timeout(Duration.ofSeconds(2))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        if (health.statusCode() == 200 && health.body().contains("UP")) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(250);
    }
    throw new AssertionError(
        "Zipkin did not report healthy within "
            + ZIPKIN_START
            + "; its log:\n"
            + Files.readString(log));
  }

  /** Stops Zipkin on every path out of the test, failures included. */
  private static void stop(Process zipkin) throws InterruptedException {
    zipkin.destroy();
    if (!zipkin.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
      zipkin.destroyForcibly().waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
    }
  }

  /** One sample of a rollout, traced with spanweave's API as a user's program would. */
  private static void sample(String id, long step, double reward, boolean failTool) {
    try (TraceScope root =
        Trace.span(
            "agent.run",
            Map.of(
                "rollout.id",
                id,
                "rollout.step",
                step,
                "spanweave.stage",
                "agent",
                "rollout.span_name_path",
                "agent.run"))) {
      Trace.run(
          "worker.generate",
          Map.of(
              "rollout.id",
              id,
              "spanweave.stage",
              "generate",
              "rollout.span_name_path",
              "agent.run -> worker.generate"),
          () -> Trace.metric("num_tokens", 42L));
      try {
        Trace.run(
            "tool.call",
            Map.of("rollout.id", id, "spanweave.stage", "tool"),
            () -> {
              if (failTool) {
                throw new IllegalStateException("tool server down");
              }
            });
      } catch (IllegalStateException expected) {
        // The traced program handles it; the span records the failure.
      }
      Trace.run(
          "judger.run",
          Map.of(
              "rollout.id",
              id,
              "spanweave.stage",
              "judge",
              "rollout.span_name_path",
              "agent.run -> judger.run",
              "rollout.reward.score",
              reward),
          () -> {});
    }
  }

  private static JsonNode await(ViewerHarness v, String path, Predicate<JsonNode> condition) {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    JsonNode last = null;
    while (System.nanoTime() < deadline) {
      ViewerHarness.Response r = v.call(path);
      if (r.status() == 200) {
        last = r.json();
        if (condition.test(last)) {
          return last;
        }
      }
      ViewerHarness.sleep(100);
    }
    throw new AssertionError(
        path
            + " never satisfied the condition; last: "
            + last
            + "; status: "
            + v.get("/api/status"));
  }

  /** A test's body, given a healthy Zipkin server's base URL. */
  @FunctionalInterface
  private interface WithZipkin {
    void run(String base) throws Exception;
  }

  /** Starts a Zipkin server, runs {@code body} against it, stops it on every path out. */
  private void withZipkin(String logName, WithZipkin body) throws Exception {
    int port = freePort();
    Path log = dir.resolve(logName);
    Process zipkin = startZipkin(port, log);
    try {
      awaitHealthy(zipkin, port, log);
      body.run("http://127.0.0.1:" + port);
    } finally {
      stop(zipkin);
    }
  }

  @Test
  void theViewerShowsARunFromARealZipkin() throws Exception {
    withZipkin(
        "zipkin.log",
        base -> {
          // The run's spans go to Zipkin, not to a file the viewer could read.
          TraceConfig config =
              TraceConfig.builder()
                  .enabled(true)
                  .serviceName("rollout-zipkin")
                  .outputDir(dir)
                  .runId("run-z")
                  .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
                  .export(ExportTarget.zipkin(base + "/api/v2/spans"))
                  .build();
          try (TraceRuntime runtime = Tracing.configure(config)) {
            sample("z-1", 1, 0.25, false);
            sample("z-2", 1, 0.75, false);
            sample("z-3", 2, 0.5, true);
          }

          try (ViewerHarness v =
              new ViewerHarness(
                  ViewerOptions.zipkin(URI.create(base))
                      .port(0)
                      .pollInterval(Duration.ofMillis(100))
                      .build())) {
            JsonNode status = await(v, "/api/status", s -> s.get("spans").asInt() >= 12);
            assertThat(status.get("source").asText()).isEqualTo("zipkin");
            assertThat(status.get("backendUrl").asText()).isEqualTo(base);
            assertThat(status.get("backendError").isNull()).isTrue();
            assertThat(status.get("zipkinUrl").asText())
                .as("traces link to the server they came from")
                .isEqualTo(base);
            assertThat(status.get("malformedLines").asInt()).isZero();

            // Zipkin keeps a resource's service name only, so the runtime puts the run id on each
            // span it exports there.
            assertThat(v.get("/api/steps?run=run-z").get("latest").asInt()).isEqualTo(2);
            assertThat(v.get("/api/steps?run=*").get("latest").asInt()).isEqualTo(2);
            JsonNode step1 =
                v.get("/api/samples?run=*&step=1&sort=reward&order=desc").get("samples");
            assertThat(step1).extracting(s -> s.get("id").asText()).containsExactly("z-2", "z-1");
            assertThat(step1.get(0).get("reward").asDouble()).isEqualTo(0.75);
            assertThat(step1.get(0).get("stageMs").has("generate")).isTrue();
            JsonNode step2 = v.get("/api/samples?run=*&step=2").get("samples");
            assertThat(step2.get(0).get("status").asText()).isEqualTo("error");

            JsonNode stages = v.get("/api/stages?run=*&step=2").get("stages");
            JsonNode tool = ApiTest.byField(stages, "stage", "tool");
            assertThat(tool.get("errors").asInt()).isEqualTo(1);
            assertThat(tool.get("topErrorTypes").get(0).get("type").asText())
                .contains("IllegalStateException");

            JsonNode chain = v.get("/api/sample?run=*&id=z-1").get("chain").get("nodes").get(0);
            assertThat(chain.get("name").asText()).isEqualTo("agent.run");
            assertThat(chain.get("children"))
                .extracting(n -> n.get("name").asText())
                .containsExactly("worker.generate", "judger.run");
            assertThat(
                    v.get("/api/timeline?run=*&metric=num_tokens")
                        .get("points")
                        .get(0)
                        .get("metricMean")
                        .asDouble())
                .isEqualTo(42.0);

            // A sample's waterfall and a span's details, read back from the lines the source wrote.
            JsonNode waterfall = v.get("/api/waterfall?run=*&sample=z-3");
            assertThat(waterfall.get("spans"))
                .extracting(s -> s.get("name").asText() + "@" + s.get("depth").asInt())
                .containsExactly("agent.run@0", "worker.generate@1", "tool.call@1", "judger.run@1");
            JsonNode toolSpan = waterfall.get("spans").get(2);
            assertThat(toolSpan.get("status").asText()).isEqualTo("error");
            JsonNode details =
                v.get(
                    "/api/span?trace="
                        + toolSpan.get("traceId").asText()
                        + "&span="
                        + toolSpan.get("spanId").asText());
            assertThat(details.get("events").toString())
                .contains("\"name\":\"exception\"", "java.lang.IllegalStateException");
            assertThat(
                    ApiTest.byField(details.get("resource"), "key", "service.name")
                        .get("value")
                        .asText())
                .isEqualTo("rollout-zipkin");

            // Spans that reach Zipkin while the viewer runs show up, each once, in their own run.
            String postRun =
                "["
                    + postedSpan(
                        "a1",
                        null,
                        "agent.run",
                        0,
                        900,
                        "\"rollout.id\":\"p-1\",\"rollout.step\":\"7\",\"spanweave.run.id\":\"run-posted\",\"spanweave.stage\":\"agent\"")
                    + ","
                    + postedSpan(
                        "a2",
                        "a1",
                        "judger.run",
                        500,
                        300,
                        "\"rollout.id\":\"p-1\",\"spanweave.run.id\":\"run-posted\",\"spanweave.stage\":\"judge\",\"rollout.reward.score\":\"1.0\"")
                    + "]";
            HttpResponse<String> posted =
                http.send(
                    HttpRequest.newBuilder(URI.create(base + "/api/v2/spans"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(postRun))
                        .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(posted.statusCode()).isEqualTo(202);
            JsonNode postedSamples =
                await(v, "/api/samples?run=run-posted&step=7", s -> s.get("samples").size() == 1)
                    .get("samples");
            assertThat(postedSamples.get(0).get("reward").asDouble()).isEqualTo(1.0);
            long polls = v.get("/api/status").get("backendPolls").asLong();
            await(v, "/api/status", s -> s.get("backendPolls").asLong() >= polls + 3);
            JsonNode after = v.get("/api/status");
            assertThat(after.get("spans").asInt())
                .as("every span once, however often Zipkin was asked")
                .isEqualTo(14);
            assertThat(after.get("duplicateSpans").asInt()).isZero();
            List<String> runs = new ArrayList<>();
            v.get("/api/runs").get("runs").forEach(r -> runs.add(r.get("runId").asText()));
            assertThat(runs).containsExactlyInAnyOrder("run-z", "run-posted");
          }
        });
  }

  /**
   * A run bigger than the viewer's memory, in Zipkin: steps, samples and traces come from Zipkin's
   * tag search when asked, newest steps first, the step timeline from summaries of one query per
   * step; nothing is copied to disk, and memory holds a few steps.
   */
  @Test
  void aRunBiggerThanMemoryIsReadFromZipkinOnDemand() throws Exception {
    withZipkin(
        "zipkin-long.log",
        base -> {
          int steps = 30;
          int samples = 5;
          StringBuilder spans = new StringBuilder("[");
          for (int step = 0; step < steps; step++) {
            for (int k = 0; k < samples; k++) {
              String trace = String.format("%016x%016x", 0xabcdL, step * 100L + k + 1);
              String sample = "s" + step + "-" + k;
              String common = "\"rollout.id\":\"" + sample + "\",\"spanweave.run.id\":\"run-long\"";
              if (spans.length() > 1) {
                spans.append(',');
              }
              spans.append(
                  span(
                      trace,
                      "000000000000000" + 1,
                      null,
                      "agent.run",
                      step * 1000L,
                      900,
                      common + ",\"rollout.step\":\"" + step + "\",\"spanweave.stage\":\"agent\""));
              spans
                  .append(',')
                  .append(
                      span(
                          trace,
                          "000000000000000" + 2,
                          "0000000000000001",
                          "worker.generate",
                          step * 1000L + 10,
                          500 + k * 10,
                          common + ",\"spanweave.stage\":\"generate\""));
              spans
                  .append(',')
                  .append(
                      span(
                          trace,
                          "000000000000000" + 3,
                          "0000000000000001",
                          "judger.run",
                          step * 1000L + 600,
                          100,
                          common
                              + ",\"spanweave.stage\":\"judge\",\"rollout.reward.score\":\""
                              + (step + k) / 100.0
                              + "\""));
            }
          }
          spans.append(']');
          HttpResponse<String> posted =
              http.send(
                  HttpRequest.newBuilder(URI.create(base + "/api/v2/spans"))
                      .header("Content-Type", "application/json")
                      .POST(HttpRequest.BodyPublishers.ofString(spans.toString()))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
          assertThat(posted.statusCode()).isEqualTo(202);

          ViewerOptions options =
              ViewerOptions.zipkin(URI.create(base))
                  .port(0)
                  .pollInterval(Duration.ofMillis(100))
                  .maxSpansInMemory(3 * samples * 3)
                  .build();
          try (ViewerHarness v = new ViewerHarness(options)) {
            JsonNode status =
                await(
                    v,
                    "/api/status",
                    s ->
                        !s.get("loading").asBoolean()
                            && s.get("reading").get("phase").asText().equals("following Zipkin"));
            JsonNode reading = status.get("reading");
            assertThat(reading.get("everythingInMemory").asBoolean()).isFalse();
            assertThat(reading.get("spansInMemory").asInt()).isLessThanOrEqualTo(3 * samples * 3);
            assertThat(reading.get("spansSummarized").asInt()).isEqualTo(steps * samples * 3);
            assertThat(reading.get("stepsInMemory").get(1).asInt()).isEqualTo(steps - 1);
            assertThat(Files.exists(Path.of(status.get("traceFile").asText())))
                .as("nothing copied to disk")
                .isFalse();

            // Every step, from one query each, without holding the run.
            JsonNode stepList = v.get("/api/steps?run=*").get("steps");
            assertThat(stepList).hasSize(steps);
            stepList.forEach(s -> assertThat(s.get("samples").asInt()).isEqualTo(samples));
            JsonNode timeline = v.get("/api/timeline?run=*").get("points");
            assertThat(timeline.get(3).get("metricMean").asDouble())
                .isCloseTo((3 * 5 + 10) / 100.0 / 5, within(1e-9));

            // An old step, a sample and a trace of it: fetched from Zipkin when asked.
            JsonNode step3 =
                v.get("/api/samples?run=*&step=3&sort=reward&order=desc").get("samples");
            assertThat(step3)
                .extracting(s -> s.get("id").asText())
                .containsExactly("s3-4", "s3-3", "s3-2", "s3-1", "s3-0");
            assertThat(step3.get(0).get("stageMs").get("generate").asDouble()).isEqualTo(540.0);
            assertThat(
                    ApiTest.byField(
                            v.get("/api/stages?run=*&step=3").get("stages"), "stage", "judge")
                        .get("count")
                        .asInt())
                .isEqualTo(samples);
            JsonNode chain =
                v.get("/api/sample?run=run-long&id=s2-1").get("chain").get("nodes").get(0);
            assertThat(chain.get("name").asText()).isEqualTo("agent.run");
            String trace = String.format("%016x%016x", 0xabcdL, 2 * 100L + 1 + 1); // sample s2-1
            JsonNode waterfall = v.get("/api/waterfall?trace=" + trace);
            assertThat(waterfall.get("spans"))
                .extracting(s -> s.get("name").asText())
                .containsExactly("agent.run", "worker.generate", "judger.run");
            JsonNode judge = v.get("/api/span?trace=" + trace + "&span=0000000000000003");
            assertThat(
                    ApiTest.byField(judge.get("attributes"), "key", "rollout.id")
                        .get("value")
                        .asText())
                .isEqualTo("s2-1");
            assertThat(v.call("/api/sample?run=run-long&id=no-such-sample").status())
                .isEqualTo(404);
          }
        });
  }

  private static String span(
      String traceId,
      String id,
      String parent,
      String name,
      long offsetMs,
      long durationMs,
      String tags) {
    long start = System.currentTimeMillis() * 1000 - 3_600_000_000L + offsetMs * 1000;
    return "{\"traceId\":\""
        + traceId
        + "\",\"id\":\""
        + id
        + "\""
        + (parent == null ? "" : ",\"parentId\":\"" + parent + "\"")
        + ",\"name\":\""
        + name
        + "\",\"timestamp\":"
        + start
        + ",\"duration\":"
        + durationMs * 1000
        + ",\"localEndpoint\":{\"serviceName\":\"long-run\"},\"tags\":{"
        + tags
        + "}}";
  }

  /** A span in Zipkin's JSON v2, as a collector receives it; times in microseconds from now. */
  private static String postedSpan(
      String id, String parent, String name, long offsetMs, long durationMs, String tags) {
    long start = System.currentTimeMillis() * 1000 + offsetMs * 1000;
    return "{\"traceId\":\"00000000000000000000000000c0ffee\",\"id\":\"00000000000000"
        + id
        + "\""
        + (parent == null ? "" : ",\"parentId\":\"00000000000000" + parent + "\"")
        + ",\"name\":\""
        + name
        + "\",\"timestamp\":"
        + start
        + ",\"duration\":"
        + durationMs * 1000
        + ",\"localEndpoint\":{\"serviceName\":\"posted-service\"},\"tags\":{"
        + tags
        + "}}";
  }
}
