package io.spanweave.rollout;

import static io.spanweave.rollout.RolloutEndpointTest.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.rollout.testing.TracingUnderTest;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Black-box agent reconstruction on top of {@code Trace.recordSyntheticSpan}, on the real SDK. */
class AgentTraceReconstructorTest {

  private static final long BASE =
      TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis()) - TimeUnit.SECONDS.toNanos(60);

  @TempDir Path outputDir;

  private TracingUnderTest tracing;

  @AfterEach
  void stop() {
    if (tracing != null) {
      tracing.close();
    }
  }

  private static long at(long millis) {
    return BASE + TimeUnit.MILLISECONDS.toNanos(millis);
  }

  private static final List<LlmRequest> THREE_REQUESTS =
      List.of(
          new LlmRequest(
              at(0),
              at(1000),
              Map.of("gen_ai.request.model", "qwen3-8b", "gen_ai.usage.output_tokens", 120)),
          LlmRequest.withUsage(at(1500), at(2500), "qwen3-8b", 300, 40),
          new LlmRequest(at(4000), at(4600)));

  @Test
  void rebuildsTheAgentRunItsLlmCallsAndTheToolCallsBetweenThem() {
    tracing = TracingUnderTest.start(outputDir, true);
    SimpleRolloutState state = sample("agent-1");

    Reconstruction result =
        RolloutTrace.endpoint(
            "single_turn_agent_loop.run",
            state,
            () ->
                AgentTraceReconstructor.reconstruct(
                    state,
                    THREE_REQUESTS,
                    List.of(
                        new ToolCall("search", Map.of("tool.exit_code", 0)),
                        new ToolCall("python"))));

    RolloutSpan endpoint = tracing.span("single_turn_agent_loop.run");
    RolloutSpan run = tracing.span("reconstructed_agent_run");
    assertThat(run.parentSpanId()).isEqualTo(endpoint.spanId());
    assertThat(run.traceId()).isEqualTo(endpoint.traceId());
    assertThat(run.startEpochNanos()).isEqualTo(at(0));
    assertThat(run.endEpochNanos()).isEqualTo(at(4600));
    assertThat(run.attributes())
        .containsEntry("rollout.id", "agent-1")
        .containsEntry("rollout.session.id", "session-1")
        .containsEntry("rollout.llm_calls", 3L)
        .containsEntry("rollout.tool_calls", 2L);

    for (int i = 0; i < 3; i++) {
      RolloutSpan llm = tracing.span("reconstructed_llm_call." + i);
      assertThat(llm.parentSpanId()).isEqualTo(run.spanId());
      assertThat(llm.startEpochNanos()).isEqualTo(THREE_REQUESTS.get(i).startEpochNanos());
      assertThat(llm.endEpochNanos()).isEqualTo(THREE_REQUESTS.get(i).endEpochNanos());
    }
    assertThat(tracing.span("reconstructed_llm_call.0").attributes())
        .containsEntry("gen_ai.request.model", "qwen3-8b")
        .containsEntry("gen_ai.usage.output_tokens", 120L)
        .containsEntry("spanweave.stage", "reconstructed_llm_call")
        .containsEntry("rollout.call.index", 0L)
        .containsEntry("gen_ai.operation.name", "chat");
    assertThat(tracing.span("reconstructed_llm_call.1").attributes())
        .containsEntry("gen_ai.request.model", "qwen3-8b")
        .containsEntry("gen_ai.usage.input_tokens", 300L)
        .containsEntry("gen_ai.usage.output_tokens", 40L)
        .containsEntry("gen_ai.operation.name", "chat");

    RolloutSpan search = tracing.span("reconstructed_tool_call.0");
    RolloutSpan python = tracing.span("reconstructed_tool_call.1");
    assertThat(search.parentSpanId()).isEqualTo(run.spanId());
    assertThat(search.startEpochNanos()).isEqualTo(at(1000));
    assertThat(search.endEpochNanos()).isEqualTo(at(1500));
    assertThat(search.attributes())
        .containsEntry("rollout.tool.name", "search")
        .containsEntry("tool.exit_code", 0L)
        .containsEntry("spanweave.stage", "reconstructed_tool_call")
        .containsEntry("rollout.call.index", 0L)
        .containsEntry("gen_ai.operation.name", "execute_tool")
        .containsEntry("gen_ai.tool.name", "search");
    assertThat(python.startEpochNanos()).isEqualTo(at(2500));
    assertThat(python.endEpochNanos()).isEqualTo(at(4000));
    assertThat(python.attributes()).containsEntry("rollout.tool.name", "python");
    // what follows the last request is unbounded: no tool span for it
    assertThat(tracing.spans())
        .extracting(RolloutSpan::name)
        .doesNotContain("reconstructed_tool_call.2");

    assertThat(tracing.spans())
        .filteredOn(s -> s.name().startsWith("reconstructed_"))
        .hasSize(6)
        .allSatisfy(
            s ->
                assertThat(s.attributes())
                    .containsEntry("rollout.synthetic", true)
                    .containsEntry("rollout.reconstruction.method", "llm_request_gaps"));
    assertThat(result.llmCalls()).isEqualTo(3);
    assertThat(result.toolCalls()).isEqualTo(2);
    assertThat(result.agentRun().spanId()).isEqualTo(run.spanId());
  }

  @Test
  void ordersRequestsByStartAndSkipsGapsWhereRequestsOverlap() {
    tracing = TracingUnderTest.start(outputDir, true);
    List<LlmRequest> parallel =
        List.of(
            new LlmRequest(at(2000), at(3000)),
            new LlmRequest(at(0), at(1000)),
            new LlmRequest(
                at(900), at(1800))); // started before request 0 ended: no tool call between them

    Reconstruction result =
        AgentTraceReconstructor.reconstruct(
            parallel, List.of(), Map.of("rollout.session.id", "s"), null);

    assertThat(result.overlappingGaps()).isEqualTo(1);
    assertThat(result.toolCalls()).isEqualTo(1);
    assertThat(tracing.span("reconstructed_llm_call.0").startEpochNanos()).isEqualTo(at(0));
    RolloutSpan tool = tracing.span("reconstructed_tool_call.1");
    assertThat(tool.startEpochNanos()).isEqualTo(at(1800));
    assertThat(tool.endEpochNanos()).isEqualTo(at(2000));
    assertThat(tool.attributes())
        .doesNotContainKey("rollout.tool.name")
        .doesNotContainKey("gen_ai.tool.name")
        .containsEntry("gen_ai.operation.name", "execute_tool");
  }

  @Test
  void hangsUnderAnExplicitParentCarrier() {
    tracing = TracingUnderTest.start(outputDir, true);
    Map<String, String> carrier = new HashMap<>();
    try (TraceScope session = Trace.span("session.server.serve")) {
      Trace.inject(carrier);
    }

    AgentTraceReconstructor.reconstruct(THREE_REQUESTS, null, null, carrier);

    assertThat(tracing.span("reconstructed_agent_run").parentSpanId())
        .isEqualTo(tracing.span("session.server.serve").spanId());
  }

  @Test
  void rejectsATimelineThatCannotBeRightWithTracingOnOrOff() {
    List<LlmRequest> backwards =
        List.of(new LlmRequest(at(0), at(100)), new LlmRequest(at(500), at(400)));
    assertThatThrownBy(
            () -> AgentTraceReconstructor.reconstruct(backwards, List.of(), Map.of(), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("request 1 starts at")
        .hasMessageContaining("must end after it starts");
    assertThatThrownBy(
            () -> AgentTraceReconstructor.reconstruct(List.of(), List.of(), Map.of(), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no LLM requests");

    tracing = TracingUnderTest.start(outputDir, true);
    assertThatThrownBy(
            () -> AgentTraceReconstructor.reconstruct(backwards, List.of(), Map.of(), null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(tracing.spans()).isEmpty();
  }

  @Test
  void withThePresetOffNothingIsRecorded() {
    tracing = TracingUnderTest.start(outputDir, false);

    Reconstruction result =
        AgentTraceReconstructor.reconstruct(sample("agent-off"), THREE_REQUESTS, List.of());

    assertThat(tracing.spans()).isEmpty();
    assertThat(result.agentRun().isValid()).isFalse();
    assertThat(result.llmCalls()).isZero();
  }
}
