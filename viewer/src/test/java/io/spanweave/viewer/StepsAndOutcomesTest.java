package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.rollout.AgentTraceReconstructor;
import io.spanweave.rollout.LlmRequest;
import io.spanweave.rollout.RolloutEmitter;
import io.spanweave.rollout.RolloutTrace;
import io.spanweave.rollout.SimpleRolloutState;
import io.spanweave.rollout.ToolCall;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written by the real runtime and rollout preset: {@code Trace.step(n)} without the preset
 * places spans at their step, and spans that name no sample themselves (a reward recorded by an
 * emitter, a reconstructed agent run) show on the sample of the span they were recorded under.
 */
class StepsAndOutcomesTest {
  @TempDir Path dir;

  private TraceConfig config(boolean rolloutTrace) {
    TraceConfig.Builder builder =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("steps-it")
            .outputDir(dir)
            .runId("run-steps")
            .batch(batch -> batch.withDelay(Duration.ofMillis(50)));
    if (rolloutTrace) {
      builder.enableExtension(RolloutTrace.EXTENSION);
    }
    return builder.build();
  }

  private ViewerHarness viewer() {
    return new ViewerHarness(
        ViewerOptions.builder(dir.resolve("run-steps/traces/traces.jsonl"))
            .port(0)
            .pollInterval(Duration.ofMillis(50))
            .runId("run-steps")
            .build());
  }

  @Test
  void traceStepPlacesSpansAtTheirStepWithoutTheRolloutPreset() {
    try (TraceRuntime runtime = Tracing.configure(config(false))) {
      for (long step = 1; step <= 3; step++) {
        try (TraceScope s = Trace.step(step)) {
          for (int n = 0; n < 2; n++) {
            try (TraceScope sample =
                Trace.span(
                    "train.sample",
                    Map.of("sample.id", "x-" + step + "-" + n, "spanweave.stage", "sample"))) {
              Trace.run("train.forward", Map.of("spanweave.stage", "forward"), () -> {});
            }
          }
        }
      }
      runtime.flush();
    }
    try (ViewerHarness v = viewer()) {
      v.awaitSpans(12);
      JsonNode steps = v.get("/api/steps");
      assertThat(steps.get("latest").asInt()).isEqualTo(3);
      assertThat(steps.get("steps"))
          .extracting(s -> s.get("step").asInt())
          .containsExactly(1, 2, 3);
      assertThat(steps.get("steps").get(0).get("samples").asInt()).isEqualTo(2);
      assertThat(steps.get("tracesWithoutStep").asInt()).isZero();
      JsonNode step2 = v.get("/api/stages?step=2").get("stages");
      assertThat(ApiTest.byField(step2, "stage", "forward").get("count").asInt()).isEqualTo(2);
      assertThat(ApiTest.ids(v.get("/api/samples?step=2&sort=id").get("samples")))
          .containsExactly("x-2-0", "x-2-1");
      // The forward spans name no sample: they belong to the sample of their parent.
      assertThat(
              v.get("/api/samples?step=2&sort=id")
                  .get("samples")
                  .get(0)
                  .get("stageMs")
                  .has("forward"))
          .isTrue();
    }
  }

  @Test
  void emittedRewardsAndReconstructedAgentSpansShowOnTheirSample() {
    long t0 = System.currentTimeMillis() * 1_000_000L - 10_000_000_000L;
    try (TraceRuntime runtime = Tracing.configure(config(true))) {
      try (TraceScope root =
          Trace.span(
              "agent.run",
              Map.of("rollout.id", "r-1", "rollout.step", 4L, "spanweave.stage", "agent"))) {
        try (TraceScope judge = Trace.span("judger.run", Map.of("spanweave.stage", "judge"))) {
          RolloutEmitter.live().reward(0.8);
        }
      }
      try (TraceScope root = Trace.span("session.run", Map.of("spanweave.stage", "session"))) {
        AgentTraceReconstructor.reconstruct(
            new SimpleRolloutState("r-2").step(4).groupId("g-9"),
            List.of(
                new LlmRequest(t0, t0 + 1_000_000_000L),
                new LlmRequest(t0 + 3_000_000_000L, t0 + 4_000_000_000L)),
            List.of(new ToolCall("search")));
        RolloutEmitter.live().reward(Map.of("accuracy", 1.0, "format", 0.5), "accuracy");
      }
      runtime.flush();
    }
    try (ViewerHarness v = viewer()) {
      v.awaitSpans(8);
      JsonNode samples = v.get("/api/samples?step=4&sort=id");
      assertThat(ApiTest.ids(samples.get("samples"))).containsExactly("r-1", "r-2");
      JsonNode r1 = samples.get("samples").get(0);
      assertThat(r1.get("reward").asDouble()).isEqualTo(0.8);
      assertThat(r1.get("stageMs").has("rollout.reward")).isTrue();

      JsonNode r2 = samples.get("samples").get(1);
      assertThat(r2.get("group").asText()).isEqualTo("g-9");
      assertThat(r2.get("stageMs").get("reconstructed_llm_call").asDouble()).isEqualTo(2000.0);
      assertThat(r2.get("stageMs").get("reconstructed_tool_call").asDouble()).isEqualTo(2000.0);
      // The reward was recorded beside the agent run, under the session span that names no sample.
      assertThat(r2.get("reward").isNull()).isTrue();

      JsonNode chain = v.get("/api/sample?id=r-2").get("chain");
      assertThat(chain.get("source").asText()).isEqualTo("parent-links");
      JsonNode run = chain.get("nodes").get(0);
      assertThat(run.get("name").asText()).isEqualTo("reconstructed_agent_run");
      List<String> calls = new ArrayList<>();
      run.get("children").forEach(c -> calls.add(c.get("name").asText()));
      assertThat(calls)
          .containsExactly(
              "reconstructed_llm_call.0", "reconstructed_tool_call.0", "reconstructed_llm_call.1");

      JsonNode timeline = v.get("/api/timeline");
      assertThat(timeline.get("metric").asText()).isEqualTo("reward");
      assertThat(timeline.get("points").get(0).get("step").asInt()).isEqualTo(4);
    }
  }
}
