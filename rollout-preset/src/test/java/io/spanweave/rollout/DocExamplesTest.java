package io.spanweave.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.rollout.fixtures.AgentLoop;
import io.spanweave.rollout.fixtures.Judgement;
import io.spanweave.rollout.fixtures.Judger;
import io.spanweave.rollout.fixtures.RolloutController;
import io.spanweave.rollout.fixtures.RolloutWorker;
import io.spanweave.rollout.fixtures.TracedAgentLoop;
import io.spanweave.rollout.fixtures.TracedJudger;
import io.spanweave.rollout.fixtures.TracedRolloutController;
import io.spanweave.rollout.fixtures.TracedRolloutWorker;
import io.spanweave.rollout.fixtures.TracedWorkerClient;
import io.spanweave.rollout.fixtures.WorkerClient;
import io.spanweave.rollout.testing.TracingUnderTest;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of docs/rollout-preset.md, as written there (the worker process is in {@link
 * CrossProcessPathTest}).
 */
class DocExamplesTest {

  @TempDir Path outputDir;

  private TracingUnderTest tracing;

  @AfterEach
  void stop() {
    if (tracing != null) {
      tracing.close();
    }
    Tracing.close();
  }

  /** Stands in for the user's client that serializes the state to a worker process. */
  static final class ProcessWorkerClient implements WorkerClient {
    private final RolloutWorker worker =
        TracedRolloutWorker.wrap(s -> ((SimpleRolloutState) s).status("completed"));

    @Override
    public RolloutState generate(RolloutState state) {
      SimpleRolloutState sent = SimpleRolloutState.fromMap(((SimpleRolloutState) state).toMap());
      return SimpleRolloutState.fromMap(((SimpleRolloutState) worker.generate(sent)).toMap());
    }

    @Override
    public List<RolloutState> generateAll(List<RolloutState> states) {
      return states.stream().map(this::generate).toList();
    }
  }

  private static double score(RolloutState state) {
    return "completed".equals(state.status()) ? 1.0 : 0.0;
  }

  @Test
  void setupAndEndpoints() {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("rollout")
            .outputDir(outputDir)
            .enableExtension(RolloutTrace.EXTENSION)
            .build();
    tracing = TracingUnderTest.start(config);

    WorkerClient workers = TracedWorkerClient.wrap(new ProcessWorkerClient());
    RolloutController controller = TracedRolloutController.wrap(state -> workers.generate(state));
    Judger judger = TracedJudger.wrap(state -> new Judgement(score(state), true));
    AgentLoop agent =
        TracedAgentLoop.wrap(
            state -> {
              RolloutState generated = controller.generate(state);
              judger.run(generated);
              return generated;
            });
    agent.run(
        new SimpleRolloutState("sample-7")
            .groupId("prompt-3")
            .taskName("gsm8k")
            .step(12)
            .status("init"));

    assertThat(tracing.span("judger.run").stringAttribute("rollout.span_name_path"))
        .isEqualTo(
            "single_turn_agent_loop.run -> rollout.controller.generate -> rollout.worker.generate -> judger.run");
    assertThat(tracing.span("judger.run").parentSpanId())
        .isEqualTo(tracing.span("single_turn_agent_loop.run").spanId());
    assertThat(tracing.span("rollout.worker.generate").parentSpanId())
        .isEqualTo(tracing.span("rollout.worker.remote").spanId());
    assertThat(tracing.span("judger.run").attributes()).containsEntry("rollout.reward.score", 1.0);
  }

  @Test
  void withoutAnnotations() {
    tracing = TracingUnderTest.start(outputDir, true);
    WorkerClient client = new ProcessWorkerClient();
    SimpleRolloutState state = new SimpleRolloutState("sample-8");
    List<RolloutState> states =
        List.of(new SimpleRolloutState("sample-9"), new SimpleRolloutState("sample-10"));

    RolloutState out =
        RolloutTrace.endpoint(
            "rollout.controller.generate",
            state,
            () ->
                RolloutTrace.remote("rollout.worker.remote", state, () -> client.generate(state)));
    List<RolloutState> all =
        RolloutTrace.remoteBatch(
            "rollout.worker.remote_batch", states, () -> client.generateAll(states));

    assertThat(out.status()).isEqualTo("completed");
    assertThat(all).hasSize(2);
    assertThat(tracing.span("rollout.worker.remote_batch").attributes())
        .containsEntry("rollout.batch.ids", List.of("sample-9", "sample-10"));
  }

  @Test
  void blackBoxAgents() {
    tracing = TracingUnderTest.start(outputDir, true);
    long t0 =
        TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis()) - TimeUnit.SECONDS.toNanos(10);
    long t1 = t0 + 1_000_000_000L;
    long t2 = t1 + 500_000_000L;
    long t3 = t2 + 1_000_000_000L;
    long t4 = t3 + 2_000_000_000L;
    long t5 = t4 + 600_000_000L;
    SimpleRolloutState state = new SimpleRolloutState("sample-11").sessionId("session-4");

    Reconstruction r =
        RolloutTrace.endpoint(
            "single_turn_agent_loop.run",
            state,
            () -> {
              List<LlmRequest> requests =
                  List.of(
                      new LlmRequest(
                          t0,
                          t1,
                          Map.of(
                              "gen_ai.request.model",
                              "qwen3-8b",
                              "gen_ai.usage.output_tokens",
                              120)),
                      LlmRequest.withUsage(
                          t2, t3, "qwen3-8b", 512, 64), // model, input and output tokens
                      new LlmRequest(t4, t5));
              List<ToolCall> trajectory =
                  List.of(new ToolCall("search"), new ToolCall("python")); // optional
              return AgentTraceReconstructor.reconstruct(state, requests, trajectory);
            });

    assertThat(r.llmCalls()).isEqualTo(3);
    assertThat(r.toolCalls()).isEqualTo(2);
    assertThat(tracing.span("reconstructed_tool_call.1").attributes())
        .containsEntry("rollout.tool.name", "python")
        .containsEntry("gen_ai.tool.name", "python")
        .containsEntry("gen_ai.operation.name", "execute_tool");
    assertThat(tracing.span("reconstructed_llm_call.1").attributes())
        .containsEntry("gen_ai.operation.name", "chat")
        .containsEntry("gen_ai.usage.input_tokens", 512L)
        .containsEntry("gen_ai.usage.output_tokens", 64L);
  }

  @Test
  void emitters() {
    tracing = TracingUnderTest.start(outputDir, true);
    Exception error = new IllegalStateException("tool crashed");

    RolloutTrace.endpoint(
        "judger.run",
        new SimpleRolloutState("sample-12"),
        () -> {
          RolloutEmitter emit = RolloutEmitter.live();
          emit.reward(1.0); // rollout.reward.score = 1.0
          emit.reward(
              Map.of("accuracy", 1.0, "format", 0.5), "accuracy"); // named values, one primary
          emit.message("retrying the tool call");
          emit.object(Map.of("tool", "search", "steps", 3)); // scalars as is, maps/lists as JSON
          emit.exception(error); // the type only
          emit.annotation(Map.of("judge.model", "qwen3-8b"));
          return null;
        });

    assertThat(tracing.spans())
        .extracting(RolloutSpan::name)
        .containsExactly(
            "rollout.reward",
            "rollout.reward",
            "rollout.message",
            "rollout.object",
            "rollout.exception",
            "rollout.annotation",
            "judger.run");
  }

  @Test
  void offlineStore() {
    RolloutSpanStore store = new RolloutSpanStore();
    RolloutEmitter emit = RolloutEmitter.offline(store, "rollout-1", "attempt-1");
    emit.reward(0.5);
    emit.reward(1.0);

    assertThat(Rewards.findFinalReward(store.byRollout("rollout-1")))
        .isEqualTo(OptionalDouble.of(1.0));
  }

  @Test
  void aWholeRunFromItsTraceFile() throws Exception {
    tracing = TracingUnderTest.withRunFiles(outputDir, true);
    TraceRuntime runtime = tracing.runtime();
    RolloutTrace.endpoint(
        "judger.run", new SimpleRolloutState("sample-7"), () -> RolloutEmitter.live().reward(0.9));

    runtime.flush();
    RolloutSpanStore run = RolloutSpanStore.fromTraceFile(runtime.traceFile());
    OptionalDouble reward = Rewards.findFinalReward(run.byRollout("sample-7"));
    List<Reward> all =
        Rewards.rewards(run.byRollout("sample-7")); // every reward, in the order they ended

    assertThat(reward).isEqualTo(OptionalDouble.of(0.9));
    assertThat(all).extracting(Reward::score).containsExactly(0.9);
  }
}
