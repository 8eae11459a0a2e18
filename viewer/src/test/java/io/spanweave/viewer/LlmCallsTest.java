package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.rollout.AgentTraceReconstructor;
import io.spanweave.rollout.LlmRequest;
import io.spanweave.rollout.RolloutTrace;
import io.spanweave.rollout.SimpleRolloutState;
import io.spanweave.rollout.ToolCall;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LLM calls read from OpenTelemetry's GenAI names on any span: a {@code Kind.MODEL} stage of the
 * real runtime with GenAI metrics, the rollout preset's reconstructed calls, an inference engine's
 * request span (vLLM's older names, seconds to first token) exported by another SDK without the run
 * id, and a file written before spanweave wrote the GenAI names beside its metrics. Tool and agent
 * spans, and the preset's {@code rollout.prompt_tokens} on every endpoint, are not calls.
 */
class LlmCallsTest {
  static final String RUN = "run-llm";
  @TempDir Path dir;

  @Test
  void perStepCallsTokensLatencyAndTimeToFirstTokenFromEveryKindOfLlmSpan() {
    long t0 = System.currentTimeMillis() * 1_000_000L - 60_000_000_000L;
    String[] generate = new String[2];
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("driver")
            .outputDir(dir)
            .runId(RUN)
            .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
            .enableExtension(RolloutTrace.EXTENSION)
            .build();
    Path file;
    try (TraceRuntime runtime = Tracing.configure(config)) {
      // Sample r-1: the driver's model stage, with the preset's sample-state tokens on the agent
      // span.
      try (TraceScope agent =
          Trace.span(
              "agent.run",
              Map.of(
                  "rollout.id",
                  "r-1",
                  "rollout.step",
                  5L,
                  "spanweave.stage",
                  "agent",
                  "rollout.prompt_tokens",
                  100L))) {
        try (TraceScope model =
            Trace.span(
                Kind.MODEL,
                "worker.generate",
                Map.of("spanweave.stage", "generate", "gen_ai.request.model", "qwen3-8b"))) {
          Trace.metric("gen_ai.usage.input_tokens", 100);
          Trace.metric("gen_ai.usage.output_tokens", 20);
          String traceparent = Trace.inject(new HashMap<>()).get("traceparent");
          generate[0] = traceparent.substring(3, 35);
          generate[1] = traceparent.substring(36, 52);
        }
        // An agent's span that sums its calls' tokens is not a call itself.
        Trace.run(
            "agent.invoke",
            Map.of("gen_ai.operation.name", "invoke_agent", "gen_ai.usage.input_tokens", 999L),
            () -> {});
      }
      // Sample r-2: a black-box agent's calls, reconstructed; the tool calls between them are not
      // LLM calls.
      try (TraceScope session = Trace.span("session.run", Map.of("spanweave.stage", "session"))) {
        AgentTraceReconstructor.reconstruct(
            new SimpleRolloutState("r-2").step(5),
            List.of(
                LlmRequest.withUsage(t0, t0 + 1_000_000_000L, "qwen3-8b", 300, 40),
                LlmRequest.withUsage(t0 + 2_000_000_000L, t0 + 4_000_000_000L, "qwen3-8b", 300, 40),
                new LlmRequest(t0 + 5_000_000_000L, t0 + 5_500_000_000L)),
            List.of(new ToolCall("search"), new ToolCall("python")));
      }
      runtime.flush();
      file = runtime.traceFile();
    }
    long engineStart = (System.currentTimeMillis() - 1_700_000_000_000L) - 30_000;
    // The inference engine's request span under the driver's model stage, as vLLM writes it.
    OtlpFixture.append(
        file,
        new OtlpFixture()
            .service("vllm")
            .noRunId()
            .span(
                generate[0],
                "e500000000000001",
                generate[1],
                "llm_request",
                engineStart,
                engineStart + 1000)
            .attrs(
                "gen_ai.usage.prompt_tokens",
                100L,
                "gen_ai.usage.completion_tokens",
                20L,
                "gen_ai.response.model",
                "Qwen/Qwen3-8B",
                "gen_ai.latency.time_to_first_token",
                0.25,
                "gen_ai.response.finish_reasons",
                List.of("stop"),
                "gen_ai.request.id",
                "cmpl-1")
            .add()
            .drainLines(1));
    // A file written before spanweave put GenAI names beside its metrics: only the metric.
    OtlpFixture.append(
        file,
        new OtlpFixture()
            .service("driver")
            .runId("spanweave.run.id", RUN)
            .span(
                "f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6",
                "f600000000000001",
                null,
                "old.generate",
                0,
                400)
            .attrs(
                "rollout.id",
                "r-3",
                "rollout.step",
                6L,
                "spanweave.kind",
                "model",
                "spanweave.metric.gen_ai.usage.input_tokens",
                7L,
                "spanweave.metric.gen_ai.usage.output_tokens",
                3L)
            .add()
            .drainLines(1));

    try (ViewerHarness v =
        new ViewerHarness(
            ViewerOptions.builder(file)
                .port(0)
                .pollInterval(Duration.ofMillis(50))
                .service("driver")
                .runId(RUN)
                .build())) {
      v.awaitSpans(3 + 7 + 1 + 1);
      JsonNode step5 = v.get("/api/llm?step=5");
      assertThat(step5.get("step").asText()).isEqualTo("5");
      JsonNode total = step5.get("total");
      // The model stage once (its metric and its GenAI attribute are one call), the engine's, three
      // reconstructed.
      assertThat(total.get("calls").asInt()).isEqualTo(5);
      assertThat(total.get("inputTokens").asLong()).isEqualTo(100 + 100 + 300 + 300);
      assertThat(total.get("outputTokens").asLong()).isEqualTo(20 + 20 + 40 + 40);
      assertThat(total.get("ttftCalls").asInt()).isEqualTo(1);
      assertThat(total.get("ttftP50Ms").asDouble()).isEqualTo(250.0);
      assertThat(total.get("latencyMaxMs").asDouble()).isEqualTo(2000.0);
      Map<String, Integer> callsPerModel = new HashMap<>();
      step5
          .get("models")
          .forEach(m -> callsPerModel.put(m.get("model").asText(), m.get("calls").asInt()));
      assertThat(callsPerModel)
          .containsOnly(Map.entry("qwen3-8b", 3), Map.entry("Qwen/Qwen3-8B", 1), Map.entry("", 1));
      assertThat(step5.get("models").get(0).get("model").asText()).isEqualTo("qwen3-8b");

      // Per step over the run: the old file's metric-only span at step 6.
      JsonNode steps = v.get("/api/llm?step=all").get("steps");
      assertThat(steps).hasSize(2);
      assertThat(steps.get(0).get("step").asInt()).isEqualTo(5);
      assertThat(steps.get(0).get("calls").asInt()).isEqualTo(5);
      assertThat(steps.get(1).get("step").asInt()).isEqualTo(6);
      assertThat(steps.get(1).get("calls").asInt()).isEqualTo(1);
      assertThat(steps.get(1).get("inputTokens").asLong()).isEqualTo(7);
      assertThat(steps.get(1).get("outputTokens").asLong()).isEqualTo(3);
      assertThat(v.get("/api/llm?step=all").get("total").get("calls").asInt()).isEqualTo(6);
      // The latest step is 6.
      assertThat(v.get("/api/llm").get("total").get("calls").asInt()).isEqualTo(1);

      // The engine's span, which names no run, counts in the driver's run and sample.
      assertThat(
              v.get("/api/samples?step=5&sort=id")
                  .get("samples")
                  .get(0)
                  .get("stageMs")
                  .has("llm_request"))
          .isTrue();
      assertThat(v.call("/api/llm?step=nope").status()).isEqualTo(400);
    }
  }
}
