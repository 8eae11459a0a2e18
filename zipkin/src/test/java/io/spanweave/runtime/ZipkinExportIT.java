package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.conventions.SpanAttributes;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real tracing backend: Zipkin's own server jar (copied into {@code target/zipkin} by the build,
 * in-memory storage, bound to loopback on a free port) receives the spans of the driver and of a
 * child JVM through OpenTelemetry's Zipkin exporter, and its HTTP API gives them back as one trace.
 */
class ZipkinExportIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration ZIPKIN_START = Duration.ofSeconds(90);

  @TempDir Path dir;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private Process startZipkin(int port, Path log) throws IOException {
    String jar = System.getProperty("zipkin.server.jar");
    assertThat(jar)
        .as("system property zipkin.server.jar (set by this module's failsafe configuration)")
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

  /**
   * The spans of {@code traceId} once Zipkin has stored at least {@code count}; it ingests
   * asynchronously.
   */
  private List<JsonNode> awaitTrace(int port, String traceId, int count) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    List<JsonNode> spans = new ArrayList<>();
    while (System.nanoTime() < deadline) {
      HttpResponse<String> answer =
          http.send(
              HttpRequest.newBuilder(
                      URI.create("http://127.0.0.1:" + port + "/api/v2/trace/" + traceId))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      spans.clear();
      if (answer.statusCode() == 200) {
        JSON.readTree(answer.body()).forEach(spans::add);
        if (spans.size() >= count) {
          return spans;
        }
      }
      Thread.sleep(200);
    }
    throw new AssertionError(
        "Zipkin holds " + spans.size() + " spans of trace " + traceId + ", expected " + count);
  }

  private static JsonNode named(List<JsonNode> spans, String name) {
    return spans.stream()
        .filter(span -> span.path("name").asText().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no span " + name + " in " + spans));
  }

  @Test
  void theSpansOfTheDriverAndOfAChildJvmArriveInZipkinAsOneTrace() throws Exception {
    int port = freePort();
    Path log = dir.resolve("zipkin.log");
    Process zipkin = startZipkin(port, log);
    try {
      awaitHealthy(zipkin, port, log);
      String spansUrl = "http://127.0.0.1:" + port + "/api/v2/spans";
      TraceRuntime driver =
          Tracing.configure(
              TestRuns.config(dir)
                  .serviceName("rollout-driver")
                  .export(ExportTarget.zipkin(spansUrl))
                  .build());
      assertThat(driver.collectorEndpoint())
          .as("no local collector with an external one")
          .isEmpty();
      Map<String, String> childEnv = driver.childEnvironment();
      assertThat(childEnv).containsEntry("OTEL_EXPORTER_ZIPKIN_ENDPOINT", spansUrl);

      String traceId;
      String dispatchSpanId;
      try (TraceScope dispatch = Trace.span("driver.dispatch")) {
        traceId = TraceContext.current().traceId();
        dispatchSpanId = TraceContext.current().spanId();
        Map<String, String> carrier = Trace.inject(new HashMap<>());
        try (ChildJvm child = ChildJvm.start(dir, childEnv, "work", carrier.get("traceparent"))) {
          assertThat(child.readLine()).isEqualTo("joined run " + driver.runId());
          child.awaitSuccess();
        }
      }
      driver.close();
      assertThat(driver.exportedSpans()).isEqualTo(1);
      assertThat(driver.droppedSpans()).isZero();

      List<JsonNode> trace = awaitTrace(port, traceId, 2);
      JsonNode dispatch = named(trace, "driver.dispatch");
      JsonNode work = named(trace, "child.work");
      assertThat(dispatch.path("id").asText()).isEqualTo(dispatchSpanId);
      assertThat(work.path("traceId").asText()).isEqualTo(traceId);
      assertThat(work.path("parentId").asText())
          .as("the child's span is a child of the driver's")
          .isEqualTo(dispatchSpanId);
      assertThat(work.path("localEndpoint").path("serviceName").asText())
          .isEqualTo("rollout-driver");
      assertThat(work.path("tags").path("child").asText()).isEqualTo("true");
      assertThat(dispatch.path("tags").path(SpanAttributes.RUN_ID).asText())
          .as("Zipkin keeps only the service name of a resource, so the run id is on each span")
          .isEqualTo(driver.runId());
      assertThat(work.path("tags").path(SpanAttributes.RUN_ID).asText()).isEqualTo(driver.runId());
      assertThat(work.path("annotations").toString()).contains("child.event");
    } finally {
      stop(zipkin);
    }
  }

  /** Stops Zipkin on every path out of the test, failures included. */
  private static void stop(Process zipkin) throws InterruptedException {
    zipkin.destroy();
    if (!zipkin.waitFor(10, TimeUnit.SECONDS)) {
      zipkin.destroyForcibly();
      zipkin.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
