package io.spanweave.rollout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.rollout.fixtures.AgentLoop;
import io.spanweave.rollout.fixtures.AsyncWorker;
import io.spanweave.rollout.fixtures.BatchController;
import io.spanweave.rollout.fixtures.Judgement;
import io.spanweave.rollout.fixtures.Judger;
import io.spanweave.rollout.fixtures.RolloutController;
import io.spanweave.rollout.fixtures.RolloutWorker;
import io.spanweave.rollout.fixtures.TracedAgentLoop;
import io.spanweave.rollout.fixtures.TracedAsyncWorker;
import io.spanweave.rollout.fixtures.TracedBatchController;
import io.spanweave.rollout.fixtures.TracedJudger;
import io.spanweave.rollout.fixtures.TracedRolloutController;
import io.spanweave.rollout.fixtures.TracedRolloutWorker;
import io.spanweave.rollout.fixtures.TracedStagedWorker;
import io.spanweave.rollout.fixtures.TracedTypedWorker;
import io.spanweave.rollout.fixtures.TypedWorker;
import io.spanweave.rollout.testing.TracingUnderTest;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.Tracing;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code @RolloutEndpoint} through the generated delegates, on the real SDK. */
class RolloutEndpointTest {

  @TempDir Path outputDir;

  private TracingUnderTest tracing;

  @AfterEach
  void stop() {
    if (tracing != null) {
      tracing.close();
    }
    Tracing.close();
  }

  static SimpleRolloutState sample(String id) {
    SimpleRolloutState state =
        new SimpleRolloutState(id)
            .attemptId("attempt-1")
            .groupId("group-1")
            .sessionId("session-1")
            .taskName("gsm8k")
            .step(3)
            .status("init")
            .promptTokens(120);
    state.extraFields().put("user.note", "kept");
    return state;
  }

  /**
   * {@code <trace id>-<span id>} of the context a state's fields carry (the W3C traceparent without
   * version and flags).
   */
  static String carriedSpan(Map<String, Object> fields) {
    Object traceparent = fields.get(RolloutFields.CARRIER_PREFIX + "traceparent");
    return traceparent == null ? null : ((String) traceparent).substring(3, 3 + 32 + 1 + 16);
  }

  static String idsOf(RolloutSpan span) {
    return span.traceId() + "-" + span.spanId();
  }

  @Test
  void recordsTheSampleAtStartAndItsOutcomeAtEndAndCleansTheStateWhenOutermost() {
    tracing = TracingUnderTest.start(outputDir, true);
    SimpleRolloutState state = sample("s-1");
    Map<String, Object> fieldsInside = new LinkedHashMap<>();
    RolloutWorker worker =
        TracedRolloutWorker.wrap(
            s -> {
              fieldsInside.putAll(s.extraFields());
              return ((SimpleRolloutState) s)
                  .status("completed")
                  .completionTokens(40)
                  .finishReason("stop")
                  .rewardScore(0.5)
                  .passed(false)
                  .filtered(true)
                  .filterReason("same_reward");
            });

    RolloutState returned = worker.generate(state);

    RolloutSpan span = tracing.span("rollout.worker.generate");
    assertThat(span.attributes())
        .containsEntry("rollout.id", "s-1")
        .containsEntry("rollout.attempt.id", "attempt-1")
        .containsEntry("rollout.group.id", "group-1")
        .containsEntry("rollout.session.id", "session-1")
        .containsEntry("rollout.task", "gsm8k")
        .containsEntry("rollout.step", 3L)
        .containsEntry("rollout.status", "completed")
        .containsEntry("rollout.status.initial", "init")
        .containsEntry("rollout.filtered", true)
        .containsEntry("rollout.filter.reason", "same_reward")
        .containsEntry("rollout.prompt_tokens", 120L)
        .containsEntry("rollout.completion_tokens", 40L)
        .containsEntry("rollout.finish_reason", "stop")
        .containsEntry("rollout.reward.score", 0.5)
        .containsEntry("rollout.reward.pass", false)
        .containsEntry("rollout.span_name_path", "rollout.worker.generate")
        .doesNotContainKey("rollout.error");
    // While it ran, the sample carried its chain, its depth and this span's context...
    assertThat(fieldsInside)
        .containsEntry(RolloutFields.CALL_CHAIN, "rollout.worker.generate")
        .containsEntry(RolloutFields.ENDPOINT_DEPTH, "1");
    assertThat(carriedSpan(fieldsInside)).isEqualTo(idsOf(span));
    // ...and the outermost endpoint removed all of it, leaving the user's fields.
    assertThat(returned).isSameAs(state);
    assertThat(state.extraFields()).containsExactly(Map.entry("user.note", "kept"));
  }

  @Test
  void nestedEndpointsBuildTheChainAndPutBackDepthAndContextAsTheyReturn() {
    tracing = TracingUnderTest.start(outputDir, true);
    SimpleRolloutState state = sample("s-2");
    List<Map<String, Object>> afterEachInnerCall = new ArrayList<>();
    RolloutController controller = TracedRolloutController.wrap(s -> s);
    Judger judger = TracedJudger.wrap(s -> new Judgement(1.0, true));
    AgentLoop agent =
        TracedAgentLoop.wrap(
            s -> {
              Map<String, Object> before = new HashMap<>(s.extraFields());
              RolloutState generated = controller.generate(s);
              afterEachInnerCall.add(new HashMap<>(generated.extraFields()));
              assertThat(generated.extraFields().get(RolloutFields.ENDPOINT_DEPTH))
                  .isEqualTo(before.get(RolloutFields.ENDPOINT_DEPTH));
              judger.run(generated);
              return generated;
            });

    agent.run(state);

    RolloutSpan run = tracing.span("single_turn_agent_loop.run");
    RolloutSpan generate = tracing.span("rollout.controller.generate");
    RolloutSpan judge = tracing.span("judger.run");
    assertThat(generate.parentSpanId()).isEqualTo(run.spanId());
    assertThat(judge.parentSpanId()).isEqualTo(run.spanId());
    assertThat(generate.stringAttribute("rollout.span_name_path"))
        .isEqualTo("single_turn_agent_loop.run -> rollout.controller.generate");
    assertThat(judge.stringAttribute("rollout.span_name_path"))
        .isEqualTo("single_turn_agent_loop.run -> rollout.controller.generate -> judger.run");
    // The judge's outcome comes from its result, which is not a state.
    assertThat(judge.attributes())
        .containsEntry("rollout.reward.score", 1.0)
        .containsEntry("rollout.reward.pass", true);
    // After the controller returned, the sample carried the agent loop's context again.
    assertThat(carriedSpan(afterEachInnerCall.get(0))).isEqualTo(idsOf(run));
    assertThat(state.extraFields()).containsOnlyKeys("user.note");
  }

  @Test
  void takesTheParentFromTheStateOnAThreadWithoutContext() throws Exception {
    tracing = TracingUnderTest.start(outputDir, true);
    SimpleRolloutState state = sample("s-3");
    RolloutWorker worker = TracedRolloutWorker.wrap(s -> s);
    AgentLoop agent =
        TracedAgentLoop.wrap(
            s -> {
              // hand the sample to a pool thread: the OpenTelemetry context does not follow, the
              // state does
              return CompletableFuture.supplyAsync(() -> worker.generate(s)).join();
            });

    agent.run(state);

    RolloutSpan run = tracing.span("single_turn_agent_loop.run");
    RolloutSpan generate = tracing.span("rollout.worker.generate");
    assertThat(generate.traceId()).isEqualTo(run.traceId());
    assertThat(generate.parentSpanId()).isEqualTo(run.spanId());
  }

  @Test
  void staysUnderTheCurrentSpanWhenThatSpanIsAlreadyInTheSamplesTrace() {
    tracing = TracingUnderTest.start(outputDir, true);
    SimpleRolloutState state = sample("s-4");
    RolloutWorker worker = TracedRolloutWorker.wrap(s -> s);
    AgentLoop agent =
        TracedAgentLoop.wrap(
            s -> {
              try (TraceScope step = Trace.span("agent.step")) {
                return worker.generate(s);
              }
            });

    agent.run(state);

    assertThat(tracing.span("rollout.worker.generate").parentSpanId())
        .isEqualTo(tracing.span("agent.step").spanId());
  }

  @Test
  void anAsynchronousEndpointRecordsItsOutcomeAndCleansTheStateWhenItsFutureCompletes() {
    tracing = TracingUnderTest.start(outputDir, true);
    SimpleRolloutState state = sample("s-async");
    CompletableFuture<RolloutState> pending = new CompletableFuture<>();
    AsyncWorker worker = TracedAsyncWorker.wrap(s -> pending);

    CompletableFuture<RolloutState> result = worker.generate(state);

    assertThat(tracing.spans()).isEmpty();
    assertThat(state.extraFields())
        .containsEntry(RolloutFields.ENDPOINT_DEPTH, "1"); // still running
    pending.complete(state.status("completed").completionTokens(9));
    assertThat(result.join()).isSameAs(state);
    assertThat(tracing.span("rollout.worker.generate_async").attributes())
        .containsEntry("rollout.status", "completed")
        .containsEntry("rollout.status.initial", "init")
        .containsEntry("rollout.completion_tokens", 9L)
        .containsEntry("rollout.span_name_path", "rollout.worker.generate_async");
    assertThat(state.extraFields()).containsOnlyKeys("user.note");
  }

  @Test
  void anEndpointAloneIsItsOwnStageOfKindRollout() {
    tracing =
        TracingUnderTest.start(
            outputDir, false); // the stage and kind are compiled in: preset on or off

    TracedRolloutController.wrap(s -> TracedRolloutWorker.wrap(w -> w).generate(s))
        .generate(sample("s-stages"));

    assertThat(tracing.span("rollout.controller.generate").attributes())
        .containsEntry("spanweave.stage", "rollout.controller.generate")
        .containsEntry("spanweave.kind", "rollout");
    assertThat(tracing.span("rollout.worker.generate").attributes())
        .containsEntry("spanweave.stage", "rollout.worker.generate")
        .containsEntry("spanweave.kind", "rollout");
  }

  @Test
  void tracedNextToTheEndpointChoosesStageAndKind() {
    tracing = TracingUnderTest.start(outputDir, true);

    TracedStagedWorker.wrap(s -> s).generate(sample("s-staged"));

    assertThat(tracing.span("rollout.worker.generate").attributes())
        .containsEntry("spanweave.stage", "worker.generate")
        .containsEntry("spanweave.kind", "model")
        .containsEntry("rollout.span_name_path", "rollout.worker.generate");
  }

  @Test
  void methodsMayDeclareTheirOwnStateClass() {
    tracing = TracingUnderTest.start(outputDir, true);
    TypedWorker worker =
        TracedTypedWorker.wrap(
            new TypedWorker() {
              @Override
              public SimpleRolloutState generate(SimpleRolloutState state) {
                return state.status("completed");
              }

              @Override
              public List<SimpleRolloutState> generateAll(List<SimpleRolloutState> states) {
                return states;
              }
            });

    worker.generate(sample("typed-1"));
    worker.generateAll(List.of(sample("typed-2"), sample("typed-3")));

    assertThat(tracing.span("rollout.worker.generate").attributes())
        .containsEntry("rollout.id", "typed-1")
        .containsEntry("rollout.status", "completed");
    assertThat(tracing.span("rollout.worker.remote_batch").attributes())
        .containsEntry("rollout.batch.ids", List.of("typed-2", "typed-3"));
  }

  @Test
  void aFailingEndpointRecordsTheErrorTypeCleansTheStateAndRethrowsUnchanged() {
    tracing = TracingUnderTest.start(outputDir, true);
    SimpleRolloutState state = sample("s-5");
    IllegalStateException failure =
        new IllegalStateException("engine died while reading the prompt");
    RolloutWorker worker =
        TracedRolloutWorker.wrap(
            s -> {
              throw failure;
            });

    assertThatThrownBy(() -> worker.generate(state)).isSameAs(failure);

    RolloutSpan span = tracing.span("rollout.worker.generate");
    assertThat(span.attributes())
        .containsEntry("rollout.error", "java.lang.IllegalStateException")
        .containsEntry("spanweave.status", "error");
    assertThat(span.attributes().values())
        .noneMatch(v -> String.valueOf(v).contains("engine died"));
    assertThat(state.extraFields()).containsOnlyKeys("user.note");
  }

  @Test
  void aBatchGetsOneSpanLinkedToEverySampleAndEachSampleKeepsItsOwnContext() {
    tracing = TracingUnderTest.start(outputDir, true);
    List<RolloutState> states = new ArrayList<>();
    List<Map<String, String>> sampleCarriers = new ArrayList<>();
    for (String id : List.of("b-1", "b-2")) {
      SimpleRolloutState state = sample(id);
      Map<String, String> carrier = new HashMap<>();
      try (TraceScope root = Trace.span("sample.root")) {
        Trace.inject(carrier);
      }
      carrier.forEach((k, v) -> state.extraFields().put(RolloutFields.CARRIER_PREFIX + k, v));
      EndpointDepth.set(state, 1); // as if inside the sample's agent loop in another process
      states.add(state);
      sampleCarriers.add(carrier);
    }
    List<Map<String, Object>> fieldsInside = new ArrayList<>();
    BatchController controller =
        TracedBatchController.wrap(
            batch -> {
              batch.forEach(s -> fieldsInside.add(new HashMap<>(s.extraFields())));
              return batch;
            });

    try (TraceScope driver = Trace.span("batch.driver")) {
      controller.generateBatch(states);
    }

    RolloutSpan batch = tracing.span("rollout.controller.generate_batch");
    List<RolloutSpan> roots =
        tracing.spans().stream().filter(s -> s.name().equals("sample.root")).toList();
    assertThat(batch.parentSpanId()).isEqualTo(tracing.span("batch.driver").spanId());
    assertThat(batch.links())
        .containsExactly(
            new RolloutSpan.Link(roots.get(0).traceId(), roots.get(0).spanId()),
            new RolloutSpan.Link(roots.get(1).traceId(), roots.get(1).spanId()));
    assertThat(batch.attributes())
        .containsEntry("rollout.batch.size", 2L)
        .containsEntry("rollout.batch.ids", List.of("b-1", "b-2"))
        .doesNotContainKeys("rollout.id", "rollout.span_name_path");
    for (int i = 0; i < 2; i++) {
      // during the batch each sample still carried its own trace, not the batch's
      assertThat(fieldsInside.get(i))
          .containsEntry(
              RolloutFields.CARRIER_PREFIX + "traceparent",
              sampleCarriers.get(i).get("traceparent"))
          .containsEntry(RolloutFields.CALL_CHAIN, "rollout.controller.generate_batch")
          .containsEntry(RolloutFields.ENDPOINT_DEPTH, "2");
      // and afterwards its depth is back to 1, its context as before: it is not the outermost
      // endpoint
      assertThat(states.get(i).extraFields())
          .containsEntry(RolloutFields.ENDPOINT_DEPTH, "1")
          .containsEntry(
              RolloutFields.CARRIER_PREFIX + "traceparent",
              sampleCarriers.get(i).get("traceparent"));
    }
  }

  @Test
  void withTheRolloutPresetOffTheSpanIsPlainAndTheStateIsUntouched() {
    tracing = TracingUnderTest.start(outputDir, false);
    SimpleRolloutState state = sample("s-6");
    Map<String, Object> fieldsInside = new HashMap<>();
    RolloutWorker worker =
        TracedRolloutWorker.wrap(
            s -> {
              fieldsInside.putAll(s.extraFields());
              return s;
            });
    AgentLoop agent = TracedAgentLoop.wrap(worker::generate);

    RolloutState returned = agent.run(state);

    assertThat(returned).isSameAs(state);
    assertThat(fieldsInside).containsExactly(Map.entry("user.note", "kept"));
    assertThat(state.extraFields()).containsExactly(Map.entry("user.note", "kept"));
    assertThat(tracing.spans())
        .extracting(RolloutSpan::name)
        .containsExactly("rollout.worker.generate", "single_turn_agent_loop.run");
    assertThat(tracing.spans())
        .allSatisfy(
            span ->
                assertThat(span.attributes().keySet())
                    .noneMatch(key -> key.startsWith("rollout.")));
  }

  @Test
  void withTracingOffNothingIsRecordedAndTheStateIsUntouched() {
    Tracing.configure(TraceConfig.builder().enabled(false).build());
    SimpleRolloutState state = sample("s-7");
    Map<String, Object> fieldsInside = new HashMap<>();
    RolloutWorker worker =
        TracedRolloutWorker.wrap(
            s -> {
              fieldsInside.putAll(s.extraFields());
              return s;
            });

    worker.generate(state);

    assertThat(fieldsInside).containsExactly(Map.entry("user.note", "kept"));
    assertThat(state.extraFields()).containsExactly(Map.entry("user.note", "kept"));
  }
}
