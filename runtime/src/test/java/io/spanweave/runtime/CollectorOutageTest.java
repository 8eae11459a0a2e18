package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real collector stopped and started again on the same port under a real child JVM: while it
 * is down the child runs on, its spans are dropped and counted, and it logs one warning; once it
 * is back, export resumes.
 */
class CollectorOutageTest {

  @TempDir Path dir;

  @Test
  void withTheCollectorDownSpansAreDroppedAndCountedWithOneWarningAndExportResumesWhenItIsBack() throws Exception {
    Path traces = dir.resolve("traces.jsonl");
    try (JsonLinesFile file = JsonLinesFile.open(traces)) {
      LocalCollector collector = LocalCollector.start(file, java.net.InetAddress.getLoopbackAddress(), 0, "127.0.0.1", 1 << 20);
      int port = collector.port();
      String expectedDestination = collector.endpoint() + "/v1/traces";
      Map<String, String> env = new LinkedHashMap<>();
      env.put("SPANWEAVE_ENABLED", "true");
      env.put("SPANWEAVE_RUN_ID", "outage");
      env.put("SPANWEAVE_OUTPUT_DIR", dir.toString());
      env.put("OTEL_SERVICE_NAME", "worker");
      env.put("OTEL_EXPORTER_OTLP_ENDPOINT", collector.endpoint());
      env.put("OTEL_EXPORTER_OTLP_HEADERS", "Authorization=" + collector.authorizationHeader().replace(" ", "%20"));
      env.put("OTEL_BSP_SCHEDULE_DELAY", "50");
      // A batch waits at most this long for a collector that is down; long enough for a cold JVM's first export.
      env.put("OTEL_BSP_EXPORT_TIMEOUT", "5000");

      try (ChildJvm child = ChildJvm.start(dir, env, "commands")) {
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
        assertThat(child.stderr().lines().filter(line -> line.startsWith("WARNING:") || line.startsWith("SEVERE:")))
            .as("the child's log:%n%s", child.stderr())
            .singleElement().satisfies(warning -> assertThat(warning).contains("could not export 1 spans to "
                + expectedDestination, "dropped and counted", "export resumes"));
      } finally {
        collector.close();
      }
    }
    assertThat(TestRuns.spans(TestRuns.readRequests(traces))).extracting(Span::getName).containsExactly("before", "after");
  }
}
