package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Java driver's run joined by a worker in another language whose spans carry no run id (its SDK
 * was started without {@code spanweave.run.id} in {@code OTEL_RESOURCE_ATTRIBUTES}) and another
 * {@code service.name}. The driver's spans are written by the real runtime; the worker's are OTLP
 * lines under the driver's spans, some written before the driver's (a worker's spans end, and are
 * exported, first), some after. Filtered to the driver's run and service, as the runtime starts the
 * viewer, every trace the driver took part in shows whole, its samples hold the worker's spans, and
 * the worker's own traces stay out of the run.
 */
class ForeignSpansTest {
  static final String RUN = "run-driver";
  static final String DRIVER = "rollout-driver";
  static final String WORKER = "node-worker";

  @TempDir Path dir;
  Path file;

  /** Trace and span ids of the driver's spans, by sample. */
  final Map<String, String[]> driverSpans = new HashMap<>();

  @BeforeEach
  void writeMixedFile() throws IOException {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName(DRIVER)
            .outputDir(dir.resolve("out"))
            .runId(RUN)
            .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
            .build();
    Path driverFile;
    try (TraceRuntime runtime = Tracing.configure(config)) {
      for (String sample : List.of("s-1", "s-2")) {
        try (TraceScope s =
            Trace.span(
                "agent.run",
                Map.of("sample.id", sample, "rollout.step", 1L, "spanweave.stage", "agent"))) {
          try (TraceScope g =
              Trace.span("driver.generate", Map.of("spanweave.stage", "generate"))) {
            String traceparent = Trace.inject(new HashMap<>()).get("traceparent");
            driverSpans.put(
                sample, new String[] {traceparent.substring(3, 35), traceparent.substring(36, 52)});
            sleepMillis(30);
          }
        }
      }
      // A second trace of sample s-2 (a retry), to which the worker contributes first.
      try (TraceScope s =
          Trace.span(
              "agent.retry",
              Map.of("sample.id", "s-2", "rollout.step", 1L, "spanweave.stage", "agent"))) {
        String traceparent = Trace.inject(new HashMap<>()).get("traceparent");
        driverSpans.put(
            "s-2-retry",
            new String[] {traceparent.substring(3, 35), traceparent.substring(36, 52)});
      }
      runtime.flush();
      driverFile = runtime.traceFile();
    }
    String[] s1 = driverSpans.get("s-1");
    String[] s2 = driverSpans.get("s-2");
    String[] retry = driverSpans.get("s-2-retry");
    long now =
        System.currentTimeMillis()
            - 1_700_000_000_000L; // the fixture's times are ms after 2023-11-14
    // Written before the driver's spans: a tool call naming its sample but no run, and an LLM
    // request under it naming neither.
    String before =
        new OtlpFixture()
            .service(WORKER)
            .noRunId()
            .span(s1[0], "a100000000000001", s1[1], "worker.tool", now, now + 10)
            .attrs("sample.id", "s-1", "spanweave.stage", "tool")
            .add()
            .span(s1[0], "a100000000000002", "a100000000000001", "llm_request", now + 1, now + 9)
            .attrs("spanweave.stage", "inference")
            .add()
            .span(retry[0], "a100000000000003", retry[1], "worker.tool", now, now + 5)
            .attrs("sample.id", "s-2", "spanweave.stage", "tool")
            .add()
            // A worker's own trace, with no driver span in it.
            .span(
                "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2",
                "b200000000000001",
                null,
                "worker.healthcheck",
                now,
                now + 2)
            .add()
            .drainLines(1);
    // Written after: the worker's part of sample s-2, one span naming its sample, one failing.
    String after =
        new OtlpFixture()
            .service(WORKER)
            .noRunId()
            .span(s2[0], "c300000000000001", s2[1], "worker.tool", now, now + 12)
            .attrs("sample.id", "s-2", "spanweave.stage", "tool")
            .error("ToolTimeout")
            .add()
            .span(s2[0], "c300000000000002", "c300000000000001", "llm_request", now + 1, now + 3)
            .attrs("spanweave.stage", "inference")
            .add()
            .drainLines(2);
    file = dir.resolve("mixed.jsonl");
    Files.writeString(
        file,
        before + Files.readString(driverFile, StandardCharsets.UTF_8) + after,
        StandardCharsets.UTF_8);
  }

  private ViewerHarness driverViewer() {
    ViewerHarness v =
        new ViewerHarness(
            ViewerOptions.builder(file)
                .port(0)
                .pollInterval(Duration.ofMillis(50))
                .service(DRIVER)
                .runId(RUN)
                .build());
    v.awaitSpans(5 + 4 + 2); // the driver's five, the worker's six
    return v;
  }

  @Test
  void theDriversRunShowsItsTracesWholeWithTheWorkersSpansInPlace() {
    try (ViewerHarness v = driverViewer()) {
      // Every trace the driver took part in, with the worker's spans counted; not the worker's own.
      JsonNode traces = v.get("/api/traces");
      assertThat(traces.get("total").asInt()).isEqualTo(3);
      Map<String, Integer> spansPerTrace = new HashMap<>();
      traces
          .get("traces")
          .forEach(t -> spansPerTrace.put(t.get("traceId").asText(), t.get("spans").asInt()));
      assertThat(spansPerTrace)
          .containsEntry(driverSpans.get("s-1")[0], 4)
          .containsEntry(driverSpans.get("s-2")[0], 4)
          .containsEntry(driverSpans.get("s-2-retry")[0], 2)
          .doesNotContainKey("b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2");
      traces.get("traces").forEach(t -> assertThat(t.get("runId").asText()).isEqualTo(RUN));

      // The worker's stages are the run's stages.
      List<String> stages = new ArrayList<>();
      v.get("/api/stages?step=1").get("stages").forEach(s -> stages.add(s.get("stage").asText()));
      assertThat(stages).containsExactlyInAnyOrder("agent", "generate", "tool", "inference");

      // Two samples, not four: the worker's spans that name a sample but no run are in the
      // driver's.
      JsonNode samples = v.get("/api/samples?step=1&sort=id");
      assertThat(samples.get("total").asInt()).isEqualTo(2);
      assertThat(v.get("/api/status").get("samples").asInt()).isEqualTo(2);
      JsonNode first = samples.get("samples").get(0);
      JsonNode second = samples.get("samples").get(1);
      assertThat(first.get("id").asText()).isEqualTo("s-1");
      assertThat(first.get("runId").asText()).isEqualTo(RUN);
      assertThat(first.get("stageMs").has("tool")).isTrue();
      assertThat(first.get("stageMs").has("inference")).isTrue();
      assertThat(second.get("runId").asText()).isEqualTo(RUN);
      assertThat(second.get("status").asText()).isEqualTo("error");
      assertThat(second.get("errorType").asText()).isEqualTo("ToolTimeout");

      // The call chain (parent links) and the waterfall hold the worker's spans under the driver's.
      JsonNode chain = v.get("/api/sample?id=s-1").get("chain");
      assertThat(chain.get("source").asText()).isEqualTo("parent-links");
      JsonNode agent = chain.get("nodes").get(0);
      assertThat(agent.get("name").asText()).isEqualTo("agent.run");
      JsonNode generate = agent.get("children").get(0);
      assertThat(generate.get("name").asText()).isEqualTo("driver.generate");
      assertThat(generate.get("children").get(0).get("name").asText()).isEqualTo("worker.tool");
      assertThat(generate.get("children").get(0).get("children").get(0).get("name").asText())
          .isEqualTo("llm_request");

      JsonNode waterfall = v.get("/api/waterfall?sample=s-2");
      List<String> rows = new ArrayList<>();
      waterfall
          .get("spans")
          .forEach(s -> rows.add(s.get("depth").asInt() + ":" + s.get("name").asText()));
      assertThat(rows)
          .containsExactly(
              "0:agent.run",
              "1:driver.generate",
              "2:worker.tool",
              "3:llm_request",
              "0:agent.retry",
              "1:worker.tool");
      assertThat(waterfall.get("runId").asText()).isEqualTo(RUN);
      JsonNode traceWaterfall = v.get("/api/waterfall?trace=" + driverSpans.get("s-1")[0]);
      assertThat(traceWaterfall.get("total").asInt()).isEqualTo(4);
      assertThat(traceWaterfall.get("runId").asText()).isEqualTo(RUN);
    }
  }

  @Test
  void theRunListHasTheDriversRunWithBothServicesAndTheWorkersOwnTraceUnderNoRun() {
    try (ViewerHarness v = driverViewer()) {
      Map<String, JsonNode> runs = new HashMap<>();
      v.get("/api/runs").get("runs").forEach(r -> runs.put(r.get("runId").asText(), r));
      assertThat(runs).containsOnlyKeys(RUN, "");
      JsonNode driver = runs.get(RUN);
      assertThat(driver.get("traces").asInt()).isEqualTo(3);
      assertThat(driver.get("spans").asInt()).isEqualTo(10);
      assertThat(driver.get("samples").asInt()).isEqualTo(2);
      assertThat(driver.get("errorSamples").asInt()).isEqualTo(1);
      List<String> services = new ArrayList<>();
      driver.get("services").forEach(s -> services.add(s.asText()));
      assertThat(services).containsExactlyInAnyOrder(DRIVER, WORKER);
      assertThat(runs.get("").get("traces").asInt()).isEqualTo(1);
      assertThat(runs.get("").get("samples").asInt()).isZero();

      // All runs, still of the driver's service: the worker's own trace has no span of it.
      assertThat(v.get("/api/traces?run=*").get("total").asInt()).isEqualTo(3);
    }
  }

  @Test
  void aServiceFilterShowsTheTracesItMatchesWhole() {
    // The worker's service: the traces it took part in, with the driver's spans.
    try (ViewerHarness v =
        new ViewerHarness(
            ViewerOptions.builder(file)
                .port(0)
                .pollInterval(Duration.ofMillis(50))
                .service(WORKER)
                .runId(RUN)
                .build())) {
      v.awaitSpans(11);
      JsonNode traces = v.get("/api/traces");
      assertThat(traces.get("total").asInt()).isEqualTo(3);
      List<String> stages = new ArrayList<>();
      v.get("/api/stages?step=1").get("stages").forEach(s -> stages.add(s.get("stage").asText()));
      assertThat(stages).contains("agent", "generate", "tool");
      // Across runs, its own trace too.
      assertThat(v.get("/api/traces?run=*").get("total").asInt()).isEqualTo(4);
    }
  }

  @Test
  void aWorkerSpanThatNamesAnotherRunPutsItsTraceInBothRuns() throws IOException {
    String[] s1 = driverSpans.get("s-1");
    long now = System.currentTimeMillis() - 1_700_000_000_000L;
    OtlpFixture.append(
        file,
        new OtlpFixture()
            .service(WORKER)
            .runId("spanweave.run.id", "run-other")
            .span(s1[0], "d400000000000001", s1[1], "worker.cache", now, now + 1)
            .add()
            .drainLines(1));
    try (ViewerHarness v = driverViewer()) {
      v.awaitSpans(12);
      Map<String, JsonNode> runs = new HashMap<>();
      v.get("/api/runs").get("runs").forEach(r -> runs.put(r.get("runId").asText(), r));
      assertThat(runs).containsKeys(RUN, "run-other");
      assertThat(runs.get("run-other").get("traces").asInt()).isEqualTo(1);
      // Shown whole under either run.
      assertThat(v.get("/api/waterfall?trace=" + s1[0]).get("total").asInt()).isEqualTo(5);
      JsonNode other = v.get("/api/traces?run=run-other");
      assertThat(other.get("total").asInt()).isEqualTo(1);
      assertThat(other.get("traces").get(0).get("spans").asInt()).isEqualTo(5);
      assertThat(v.get("/api/traces").get("total").asInt()).isEqualTo(3);
    }
  }

  private static void sleepMillis(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
