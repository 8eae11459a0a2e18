package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
 * The viewer over files written by the real spanweave runtime (OTel SDK, its OTLP JSON lines
 * exporter and its live.jsonl writer), not by a fixture that imitates them.
 */
class RuntimeWrittenFilesTest {
  @TempDir Path dir;

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

  @Test
  void rolloutViewsOverTheRuntimesTraceAndLiveFiles() throws Exception {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("rollout-it")
            .outputDir(dir)
            .runId("run-it")
            .batch(batch -> batch.withDelay(Duration.ofMillis(50)))
            .live(live -> live.withAttributeKeys(List.of("rollout.id", "sample.id")))
            .build();
    Path traceFile = dir.resolve("run-it/traces/traces.jsonl");
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(1);
    Thread stuck;
    try (TraceRuntime runtime = Tracing.configure(config)) {
      sample("r-1", 1, 0.25, false);
      sample("r-2", 1, 0.75, false);
      sample("r-3", 2, 0.5, true);
      // A sample stuck in generation while we look at the viewer.
      stuck =
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

      try (ViewerHarness v =
          new ViewerHarness(
              ViewerOptions.builder(traceFile)
                  .port(0)
                  .pollInterval(Duration.ofMillis(50))
                  .service("rollout-it")
                  .runId("run-it")
                  .build())) {
        v.awaitStatus(s -> s.get("spans").asInt() >= 12 && s.get("inFlight").asInt() >= 1);
        // In flight may first be another sample's span whose end the viewer has not read yet.
        JsonNode stuckView =
            v.await(
                "/api/stuck",
                view -> view.get("stages").findValuesAsText("stage").contains("generate"));
        JsonNode generating = ApiTest.byField(stuckView.get("stages"), "stage", "generate");
        assertThat(generating.get("oldestSample").asText()).isEqualTo("r-stuck");

        assertThat(v.get("/api/steps").get("latest").asInt()).isEqualTo(2);
        JsonNode step1 = v.get("/api/samples?step=1&sort=reward&order=desc");
        assertThat(ApiTest.ids(step1.get("samples"))).containsExactly("r-2", "r-1");
        assertThat(step1.get("samples").get(0).get("reward").asDouble()).isEqualTo(0.75);

        JsonNode stages = v.get("/api/stages?step=2").get("stages");
        JsonNode tool = ApiTest.byField(stages, "stage", "tool");
        assertThat(tool.get("errors").asInt()).isEqualTo(1);
        assertThat(tool.get("topErrorTypes").get(0).get("type").asText())
            .contains("IllegalStateException");
        assertThat(v.get("/api/samples?step=2").get("samples").get(0).get("status").asText())
            .isEqualTo("error");

        JsonNode chain = v.get("/api/sample?id=r-1").get("chain").get("nodes").get(0);
        assertThat(chain.get("name").asText()).isEqualTo("agent.run");
        assertThat(chain.get("children"))
            .extracting(n -> n.get("name").asText())
            .containsExactly("worker.generate", "judger.run");

        assertThat(v.get("/api/timeline").get("points")).hasSize(2);
        assertThat(
                v.get("/api/timeline?metric=num_tokens")
                    .get("points")
                    .get(0)
                    .get("metricMean")
                    .asDouble())
            .isEqualTo(42.0);

        JsonNode trace = v.get("/api/traces?q=r-3").get("traces").get(0);
        assertThat(trace.get("status").asText()).isEqualTo("error");
        assertThat(trace.get("service").asText()).isEqualTo("rollout-it");
        assertThat(trace.get("runId").asText()).isEqualTo("run-it");
        JsonNode root = v.get("/api/trace?id=" + trace.get("traceId").asText()).get("roots").get(0);
        assertThat(root.get("childCount").asInt()).isEqualTo(3);
        JsonNode details =
            v.get(
                "/api/span?trace="
                    + trace.get("traceId").asText()
                    + "&span="
                    + root.get("spanId").asText());
        assertThat(
                ApiTest.byField(details.get("resource"), "key", "service.name")
                    .get("value")
                    .asText())
            .isEqualTo("rollout-it");

        release.countDown();
        stuck.join();
        v.awaitStatus(s -> s.get("inFlight").asInt() == 0);
      }
    } finally {
      release.countDown();
    }
    assertThat(Files.size(traceFile)).isPositive();
  }

  @Test
  void statusSaysWhatTheGuardrailsTookOutOfTheRun() throws Exception {
    String secret = "sk-viewerGuard0123456789abcdef";
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("guarded")
            .outputDir(dir)
            .runId("run-guarded")
            .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
            .build();
    try (TraceRuntime runtime = Tracing.configure(config)) {
      Trace.run(
          "generate",
          () -> {
            io.opentelemetry.api.trace.Span span =
                io.opentelemetry.api.trace.Span.current(); // as an LLM library does
            span.setAttribute(
                io.opentelemetry.api.common.AttributeKey.stringKey("gen_ai.prompt"), secret);
            span.setAttribute(
                io.opentelemetry.api.common.AttributeKey.stringKey("openai.api_key"), secret);
            span.setAttribute(
                io.opentelemetry.api.common.AttributeKey.longKey("gen_ai.usage.input_tokens"), 9L);
            span.addEvent("gen_ai.content.prompt");
          });
    }
    Path traceFile = dir.resolve("run-guarded/traces/traces.jsonl");
    try (ViewerHarness v =
        new ViewerHarness(
            ViewerOptions.builder(traceFile).port(0).pollInterval(Duration.ofMillis(50)).build())) {
      JsonNode status = v.awaitStatus(s -> s.get("spans").asInt() >= 1);
      JsonNode guardrails = status.get("guardrails");
      assertThat(guardrails.get("enabled").asBoolean()).isTrue();
      assertThat(guardrails.get("droppedAttributes").get("gen_ai.prompt").asLong()).isEqualTo(1);
      assertThat(guardrails.get("redactedAttributes").get("openai.api_key").asLong()).isEqualTo(1);
      assertThat(guardrails.get("droppedEvents").get("gen_ai.content.prompt").asLong())
          .isEqualTo(1);
      assertThat(status.toString()).doesNotContain(secret);
    }
    assertThat(Files.readString(traceFile))
        .doesNotContain(secret)
        .contains("gen_ai.usage.input_tokens");
  }
}
