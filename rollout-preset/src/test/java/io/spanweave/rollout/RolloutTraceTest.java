package io.spanweave.rollout;

import static io.spanweave.rollout.RolloutEndpointTest.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.rollout.testing.TracingUnderTest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The programmatic equivalents behave like the annotations. */
class RolloutTraceTest {

  @TempDir Path outputDir;

  private TracingUnderTest tracing;

  @AfterEach
  void stop() {
    tracing.close();
  }

  @Test
  void endpointAndRemoteBuildTheSameChainAsTheAnnotations() {
    tracing = TracingUnderTest.start(outputDir, true);
    SimpleRolloutState state = sample("p-1");

    RolloutState out =
        RolloutTrace.endpoint(
            "single_turn_agent_loop.run",
            state,
            () -> {
              RolloutState generated =
                  RolloutTrace.endpoint(
                      "rollout.controller.generate",
                      state,
                      () ->
                          RolloutTrace.remote(
                              "rollout.worker.remote",
                              state,
                              () ->
                                  RolloutTrace.endpoint(
                                      "rollout.worker.generate", state, () -> state)));
              RolloutTrace.endpoint(
                  "judger.run", generated, () -> ((SimpleRolloutState) generated).rewardScore(1.0));
              return generated;
            });

    RolloutSpan judge = tracing.span("judger.run");
    assertThat(judge.stringAttribute("rollout.span_name_path"))
        .isEqualTo(
            "single_turn_agent_loop.run -> rollout.controller.generate -> rollout.worker.generate -> judger.run");
    assertThat(judge.parentSpanId()).isEqualTo(tracing.span("single_turn_agent_loop.run").spanId());
    assertThat(judge.attributes())
        .containsEntry("rollout.reward.score", 1.0)
        .containsEntry("spanweave.stage", "judger.run")
        .containsEntry("spanweave.kind", "rollout");
    assertThat(tracing.span("rollout.worker.generate").parentSpanId())
        .isEqualTo(tracing.span("rollout.worker.remote").spanId());
    assertThat(out.extraFields()).containsOnlyKeys("user.note");
  }

  @Test
  void checkedExceptionsPassThroughUnchangedAndAreRecorded() {
    tracing = TracingUnderTest.start(outputDir, true);
    SimpleRolloutState state = sample("p-2");
    IOException failure = new IOException("worker unreachable");

    assertThatThrownBy(
            () ->
                RolloutTrace.remote(
                    "rollout.worker.remote",
                    state,
                    () -> {
                      throw failure;
                    }))
        .isSameAs(failure);

    assertThat(tracing.span("rollout.worker.remote").attributes())
        .containsEntry("error.type", "java.io.IOException");
    assertThat(state.extraFields()).containsOnlyKeys("user.note");
  }

  @Test
  void batchesWork() {
    tracing = TracingUnderTest.start(outputDir, true);
    List<SimpleRolloutState> states = List.of(sample("p-3"), sample("p-4"));

    RolloutTrace.endpointBatch(
        "rollout.controller.generate_batch",
        states,
        () -> RolloutTrace.remoteBatch("rollout.worker.remote_batch", states, () -> states));

    assertThat(tracing.span("rollout.controller.generate_batch").attributes())
        .containsEntry("rollout.batch.size", 2L);
    assertThat(tracing.span("rollout.worker.remote_batch").attributes())
        .containsEntry("rollout.batch.ids", List.of("p-3", "p-4"));
    assertThat(states).allSatisfy(s -> assertThat(s.extraFields()).containsOnlyKeys("user.note"));
  }

  @Test
  void aBlankNameIsRejectedWithAMessageThatSaysWhatToPass() {
    tracing = TracingUnderTest.start(outputDir, true);

    assertThatThrownBy(() -> RolloutTrace.endpoint(" ", sample("p-5"), () -> null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("pass a constant such as");
  }

  @Test
  void withThePresetOffTheBodyRunsInAPlainSpan() {
    tracing = TracingUnderTest.start(outputDir, false);
    SimpleRolloutState state = sample("p-6");

    String result = RolloutTrace.endpoint("rollout.worker.generate", state, () -> "done");

    assertThat(result).isEqualTo("done");
    assertThat(tracing.span("rollout.worker.generate").attributes().keySet())
        .noneMatch(k -> k.startsWith("rollout."));
    assertThat(state.extraFields()).containsOnlyKeys("user.note");
  }
}
