package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real collector stopped and started again on the same port under a real child JVM with
 * spanweave-runtime alone (the light class path: the runtime's own OTLP/JSON exporter, no
 * OpenTelemetry exporter, no protobuf): while it is down the child runs on, its spans are dropped
 * and counted, and it logs one warning; once it is back, export resumes. A collector that is back
 * within the export's retries loses nothing.
 */
class CollectorOutageTest {

  @TempDir Path dir;

  @Test
  void withTheCollectorDownSpansAreDroppedAndCountedWithOneWarningAndExportResumesWhenItIsBack()
      throws Exception {
    Path traces = dir.resolve("traces.jsonl");
    try (JsonLinesFile file = JsonLinesFile.open(traces);
        JsonLinesFile live = JsonLinesFile.open(dir.resolve("live.jsonl"))) {
      LocalCollector collector =
          LocalCollector.start(
              "outage",
              file,
              live,
              java.net.InetAddress.getLoopbackAddress(),
              0,
              "127.0.0.1",
              1 << 20);
      int port = collector.port();
      String expectedDestination = collector.endpoint() + "/v1/traces";
      Map<String, String> env = new LinkedHashMap<>();
      env.put("SPANWEAVE_ENABLED", "true");
      env.put("SPANWEAVE_RUN_ID", "outage");
      env.put("SPANWEAVE_OUTPUT_DIR", dir.toString());
      env.put("OTEL_SERVICE_NAME", "worker");
      env.put("OTEL_EXPORTER_OTLP_ENDPOINT", collector.endpoint());
      env.put(
          "SPANWEAVE_LIVE_ENDPOINT",
          collector.liveEndpoint()); // as childEnvironment() names the run's collector
      env.put(
          "OTEL_EXPORTER_OTLP_HEADERS",
          "Authorization=" + collector.authorizationHeader().replace(" ", "%20"));
      env.put("OTEL_BSP_SCHEDULE_DELAY", "50");
      // A batch waits at most this long for a collector that is down; long enough for a cold JVM's
      // first export.
      env.put("OTEL_BSP_EXPORT_TIMEOUT", "5000");

      try (ChildJvm child =
          ChildJvm.start(
              dir,
              env,
              List.of(),
              LightClassPath.classPath(),
              ChildProcessMain.class,
              "commands")) {
        child.send("span before");
        assertThat(child.readLine()).isEqualTo("exported=1 dropped=0");

        collector.close();
        child.send("span during");
        assertThat(child.readLine()).isEqualTo("exported=1 dropped=1");

        collector = collector.restart(); // the same port and token: the child is told nothing
        assertThat(collector.port()).isEqualTo(port);
        child.send("span after");
        String after = child.readLine();
        child.send("quit");
        child.awaitSuccess();

        assertThat(after).isEqualTo("exported=2 dropped=1");
        assertThat(
                child
                    .stderr()
                    .lines()
                    .filter(line -> line.startsWith("WARNING:") || line.startsWith("SEVERE:")))
            .as("the child's log:%n%s", child.stderr())
            .singleElement()
            .satisfies(
                warning ->
                    assertThat(warning)
                        .contains(
                            "could not export 1 spans to " + expectedDestination,
                            "dropped and counted",
                            "export resumes"));
      } finally {
        collector.close();
      }
    }
    assertThat(TestRuns.spans(TestRuns.readRequests(traces)))
        .extracting(Span::getName)
        .containsExactly("before", "after");
  }

  @Test
  void aCollectorBackWithinTheRetriesLosesNothing() throws Exception {
    Path traces = dir.resolve("traces.jsonl");
    try (JsonLinesFile file = JsonLinesFile.open(traces);
        JsonLinesFile live = JsonLinesFile.open(dir.resolve("live.jsonl"))) {
      LocalCollector collector =
          LocalCollector.start(
              "restart",
              file,
              live,
              java.net.InetAddress.getLoopbackAddress(),
              0,
              "127.0.0.1",
              1 << 20);
      Map<String, String> env = new LinkedHashMap<>();
      env.put("SPANWEAVE_ENABLED", "true");
      env.put("SPANWEAVE_RUN_ID", "restart");
      env.put("SPANWEAVE_OUTPUT_DIR", dir.toString());
      env.put("OTEL_EXPORTER_OTLP_ENDPOINT", collector.endpoint());
      env.put("SPANWEAVE_LIVE_ENDPOINT", collector.liveEndpoint());
      env.put(
          "OTEL_EXPORTER_OTLP_HEADERS",
          "Authorization=" + collector.authorizationHeader().replace(" ", "%20"));
      env.put("OTEL_BSP_SCHEDULE_DELAY", "50");
      // Retries for up to about 20 s: the collector below is back long before that.
      env.put("OTEL_BSP_EXPORT_TIMEOUT", "30000");

      try (ChildJvm child =
          ChildJvm.start(
              dir,
              env,
              List.of(),
              LightClassPath.classPath(),
              ChildProcessMain.class,
              "commands")) {
        child.send("span before");
        assertThat(child.readLine()).isEqualTo("exported=1 dropped=0");

        collector.close();
        child.send("span during");
        Thread.sleep(1500); // the child's first attempts are refused meanwhile
        collector = collector.restart();
        assertThat(child.readLine())
            .as("the span sent while the collector was down")
            .isEqualTo("exported=2 dropped=0");
        child.send("quit");
        child.awaitSuccess();
        assertThat(child.stderr()).doesNotContain("WARNING:");
      } finally {
        collector.close();
      }
    }
    assertThat(TestRuns.spans(TestRuns.readRequests(traces)))
        .extracting(Span::getName)
        .containsExactly("before", "during");
  }
}
