package io.spanweave.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.annotations.Kind;
import io.spanweave.rollout.RolloutTrace;
import io.spanweave.testing.SpanRecorder;
import io.spanweave.testing.SpanweaveExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The sample's stages as its own unit tests check them, in memory with spanweave-testing: no run
 * files, no worker process, no viewer (SamplePipelineTest runs all of that end to end).
 */
class SampleTracingTest {

  @RegisterExtension
  static final SpanweaveExtension TRACING =
      SpanweaveExtension.withSettings(config -> config.enableExtension(RolloutTrace.EXTENSION));

  private static final String CHAIN =
      "single_turn_agent_loop.run -> rollout.controller.generate -> judger.run";

  private final AgentLoop loop =
      TracedAgentLoop.wrap(
          new SingleTurnAgentLoop(
              TracedRolloutController.wrap(state -> state),
              TracedJudger.wrap(state -> new Judgement(1.0, true))));

  @Test
  void judgingASampleRecordsOneJudgeStageWithItsScoreUnderTheSamplesTrace(SpanRecorder spans) {
    SampleState done = loop.run(new SampleState("s-1", "g-1", "gsm8k", 3, 100));

    assertThat(done.status()).isEqualTo("completed");
    spans
        .assertThat()
        .stage("judge")
        .ranOnce()
        .hasKind(Kind.REWARD)
        .hasMetric("score", 1.0)
        .hasAttribute("rollout.reward.score", 1.0)
        .hasAttribute("rollout.id", "s-1")
        .hasAttribute("rollout.span_name_path", CHAIN)
        .hasParent("agent_loop")
        .isInTraceOf("agent_loop");
    spans
        .assertThat()
        .stage("agent_loop")
        .ranOnce()
        .isRoot()
        .hasAttribute("rollout.status", "completed")
        .hasAttribute("rollout.step", 3);
  }

  @Test
  void everySampleIsATraceOfItsOwn(SpanRecorder spans) {
    for (String sample : new String[] {"s-1", "s-2", "s-3"}) {
      loop.run(new SampleState(sample, "g-1", "gsm8k", 1, 100));
    }

    spans.assertThat().stage("agent_loop").ran(3);
    spans.assertThat().hasOneTracePer("rollout.id").hasTraceCount(3);
  }

  @Test
  void aJudgeThatFailsLeavesTheSampleFailedAndTheStageInError(SpanRecorder spans) {
    AgentLoop failing =
        TracedAgentLoop.wrap(
            new SingleTurnAgentLoop(
                state -> state,
                TracedJudger.wrap(
                    state -> {
                      throw new JudgeFailure(state.rolloutId());
                    })));

    SampleState failed = failing.run(new SampleState("s-9", "g-1", "gsm8k", 1, 100));

    assertThat(failed.status()).isNotEqualTo("completed");
    spans
        .assertThat()
        .stage("judge")
        .ranOnce()
        .failedWith(JudgeFailure.class)
        .hasParent("agent_loop");
  }
}
