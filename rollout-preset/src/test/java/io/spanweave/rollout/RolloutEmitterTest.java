package io.spanweave.rollout;

import static io.spanweave.rollout.RolloutEndpointTest.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.rollout.testing.TracingUnderTest;
import io.spanweave.runtime.Tracing;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Emitters on the real SDK, offline into a store, and read back from a run's trace file. */
class RolloutEmitterTest {

  @TempDir Path outputDir;

  private TracingUnderTest tracing;

  @AfterEach
  void stop() {
    if (tracing != null) {
      tracing.close();
    }
    Tracing.close();
  }

  enum Split {
    TRAIN
  }

  @Test
  void everyEmitterRecordsASpanUnderTheCurrentOne() {
    tracing = TracingUnderTest.start(outputDir, true);
    RolloutEmitter emit = RolloutEmitter.live();
    SimpleRolloutState state = sample("e-1");

    RolloutSpan reward =
        RolloutTrace.endpoint(
            "judger.run",
            state,
            () -> {
              RolloutSpan recorded = emit.reward(0.75);
              emit.message("retrying the tool call");
              emit.object(42);
              emit.object(Map.of("tool", "search", "steps", List.of(1, 2)));
              emit.exception(new IllegalStateException("sk-secret in the message"));
              emit.annotation(Map.of("judge.model", "qwen3-8b", "split", Split.TRAIN));
              return recorded;
            });

    RolloutSpan judge = tracing.span("judger.run");
    RolloutSpan exported = tracing.span("rollout.reward");
    assertThat(exported.parentSpanId()).isEqualTo(judge.spanId());
    assertThat(exported.attributes()).containsEntry("rollout.reward.score", 0.75);
    assertThat(reward.spanId()).isEqualTo(exported.spanId());
    assertThat(reward.traceId()).isEqualTo(exported.traceId());
    assertThat(reward.parentSpanId()).isEqualTo(judge.spanId());

    assertThat(tracing.span("rollout.message").attributes())
        .containsEntry("rollout.message.text", "retrying the tool call");
    List<RolloutSpan> objects =
        tracing.spans().stream().filter(s -> s.name().equals("rollout.object")).toList();
    assertThat(objects).hasSize(2);
    assertThat(objects.get(0).attributes())
        .containsEntry("rollout.object.type", "long")
        .containsEntry("rollout.object.value", 42L);
    assertThat(objects.get(1).attributes())
        .containsEntry("rollout.object.type", "json")
        .containsEntry(
            "rollout.object.json", jsonOf(Map.of("tool", "search", "steps", List.of(1, 2))));
    assertThat(tracing.span("rollout.exception").attributes())
        .containsEntry("rollout.exception.type", "java.lang.IllegalStateException")
        .containsEntry("error.type", "java.lang.IllegalStateException");
    assertThat(tracing.span("rollout.exception").attributes().values())
        .noneMatch(v -> String.valueOf(v).contains("sk-secret"));
    assertThat(tracing.span("rollout.annotation").attributes())
        .containsEntry("judge.model", "qwen3-8b")
        .containsEntry("split", "TRAIN");
  }

  private static String jsonOf(Object value) throws RuntimeException {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(value);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aRewardOfNamedValuesKeepsThemAllAndScoresThePrimaryOne() {
    tracing = TracingUnderTest.start(outputDir, true);
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("accuracy", 1);
    values.put("format", 0.5);

    RolloutSpan span = RolloutEmitter.live().reward(values, "accuracy");

    assertThat(tracing.span("rollout.reward").attributes())
        .containsEntry("rollout.reward.score", 1.0)
        .containsEntry("rollout.reward.primary", "accuracy")
        .containsEntry("rollout.reward.value.accuracy", 1.0)
        .containsEntry("rollout.reward.value.format", 0.5);
    assertThat(Rewards.rewardOf(span))
        .hasValue(new Reward(1.0, "accuracy", Map.of("accuracy", 1.0, "format", 0.5)));
  }

  // The annotation below passes an Object on purpose, to prove the run-time check; attribute-type
  // would stop it at compile time, as it stops users.
  @SuppressWarnings("spanweave:attribute-type")
  @Test
  void rewardsThatAreNotFiniteNumbersAreRejectedBeforeAnythingIsRecorded() {
    tracing = TracingUnderTest.start(outputDir, true);
    RolloutEmitter emit = RolloutEmitter.live();

    assertThatThrownBy(() -> emit.reward(Map.of("accuracy", "high"), "accuracy"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "reward: value 'accuracy' is a String (high); every reward value must be a number");
    assertThatThrownBy(() -> emit.reward(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("finite number");
    assertThatThrownBy(() -> emit.reward(Map.of("accuracy", 1.0), "score"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("primary key 'score' is not among");
    assertThatThrownBy(() -> emit.object(new Object()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot be recorded");
    assertThatThrownBy(() -> emit.annotation(Map.of("judge", new Object())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("attribute 'judge' is a java.lang.Object");
    assertThat(tracing.spans()).isEmpty();
  }

  @Test
  void withoutARuntimeTheLiveEmitterFailsAndSaysHowToRecordOffline() {
    Tracing.close();

    assertThatThrownBy(() -> RolloutEmitter.live().reward(1.0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no tracing runtime is active")
        .hasMessageContaining("RolloutEmitter.offline(store, rolloutId, attemptId)");
  }

  @Test
  void offlineEmittersRecordIntoAStoreQueryableByRolloutAttemptAndName() {
    Tracing.close();
    RolloutSpanStore store = new RolloutSpanStore();
    RolloutEmitter first = RolloutEmitter.offline(store, "r-1", "attempt-1");
    RolloutEmitter retry = RolloutEmitter.offline(store, "r-1", "attempt-2");
    RolloutEmitter other = RolloutEmitter.offline(store, "r-2", "attempt-1");

    first.message("first try");
    first.reward(0.0);
    retry.reward(0.5);
    retry.reward(1.0);
    other.reward(0.25);

    assertThat(store.byRollout("r-1")).hasSize(4);
    assertThat(store.byAttempt("r-1", "attempt-2"))
        .extracting(RolloutSpan::name)
        .containsOnly("rollout.reward");
    assertThat(store.byName("rollout.message"))
        .singleElement()
        .satisfies(
            s ->
                assertThat(s.attributes())
                    .containsEntry("rollout.id", "r-1")
                    .containsEntry("rollout.attempt.id", "attempt-1"));
    assertThat(Rewards.findFinalReward(store.byRollout("r-1"))).hasValue(1.0);
    assertThat(Rewards.findFinalReward(store.byAttempt("r-1", "attempt-1"))).hasValue(0.0);
    assertThat(Rewards.findFinalReward(store.byRollout("r-2"))).hasValue(0.25);
    assertThat(Rewards.findFinalReward(store.byRollout("r-3"))).isEmpty();
    assertThat(Rewards.rewards(store.byRollout("r-1")))
        .extracting(Reward::score)
        .containsExactly(0.0, 0.5, 1.0);
    assertThat(store.query("r-1", "attempt-1", "rollout.reward")).hasSize(1);
  }

  @Test
  void rewardsEmittedInsideEndpointsAreFoundByRolloutInTheRunsTraceFile() throws Exception {
    tracing = TracingUnderTest.withRunFiles(outputDir, true);
    RolloutEmitter emit = RolloutEmitter.live();
    for (String id : List.of("f-1", "f-2")) {
      SimpleRolloutState state = sample(id).attemptId("attempt-" + id);
      RolloutTrace.endpoint(
          "judger.run",
          state,
          () -> {
            emit.reward(0.1);
            return emit.reward(id.equals("f-1") ? 1.0 : 0.0);
          });
    }
    assertThat(tracing.runtime().flush()).isTrue();

    RolloutSpanStore run = RolloutSpanStore.fromTraceFile(tracing.runtime().traceFile());

    // the reward spans carry no rollout id of their own: they belong to the endpoint they were
    // emitted in
    assertThat(run.byName("rollout.reward"))
        .hasSize(4)
        .allSatisfy(s -> assertThat(s.attributes()).doesNotContainKey("rollout.id"));
    assertThat(Rewards.findFinalReward(run.byRollout("f-1"))).hasValue(1.0);
    assertThat(Rewards.findFinalReward(run.byAttempt("f-2", "attempt-f-2"))).hasValue(0.0);
    assertThat(Rewards.rewardSpans(run.byRollout("f-1"))).hasSize(2);
    assertThat(run.byRollout("f-1"))
        .extracting(RolloutSpan::name)
        .containsOnly("judger.run", "rollout.reward");
  }
}
