package io.spanweave.rollout;

import static io.spanweave.rollout.RolloutEndpointTest.carriedSpan;
import static io.spanweave.rollout.RolloutEndpointTest.idsOf;
import static io.spanweave.rollout.RolloutEndpointTest.sample;
import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.rollout.fixtures.RolloutController;
import io.spanweave.rollout.fixtures.RolloutWorker;
import io.spanweave.rollout.fixtures.TracedRolloutController;
import io.spanweave.rollout.fixtures.TracedRolloutWorker;
import io.spanweave.rollout.fixtures.TracedWorkerClient;
import io.spanweave.rollout.fixtures.WorkerClient;
import io.spanweave.rollout.testing.TracingUnderTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @RolloutRemote} through the generated delegates. The "other process" here is a copy of the
 * state made through {@link SimpleRolloutState#toMap()} and run on a thread without context, which
 * is what a process boundary does to a state; {@link CrossProcessPathTest} does it with a real JVM.
 */
class RolloutRemoteTest {

  @TempDir Path outputDir;

  private TracingUnderTest tracing;

  @AfterEach
  void stop() {
    tracing.close();
  }

  /**
   * Sends a copy of the state to a worker on a context-less thread and returns the copy it answers
   * with.
   */
  private static final class CopyingWorkerClient implements WorkerClient {
    final RolloutWorker worker =
        TracedRolloutWorker.wrap(s -> ((SimpleRolloutState) s).status("completed"));
    final List<Map<String, Object>> sent = new ArrayList<>();

    @Override
    public RolloutState generate(RolloutState state) {
      sent.add(new HashMap<>(state.extraFields()));
      SimpleRolloutState copy = SimpleRolloutState.fromMap(((SimpleRolloutState) state).toMap());
      RolloutState answer = CompletableFuture.supplyAsync(() -> worker.generate(copy)).join();
      return SimpleRolloutState.fromMap(((SimpleRolloutState) answer).toMap());
    }

    @Override
    public List<RolloutState> generateAll(List<RolloutState> states) {
      List<RolloutState> answers = new ArrayList<>();
      for (RolloutState state : states) {
        sent.add(new HashMap<>(state.extraFields()));
        answers.add(SimpleRolloutState.fromMap(((SimpleRolloutState) state).toMap()));
      }
      return answers;
    }
  }

  @Test
  void theStateCarriesTheRemoteSpanDuringTheCallAndWhatItCarriedBeforeAfterwards() {
    tracing = TracingUnderTest.start(outputDir, true);
    CopyingWorkerClient client = new CopyingWorkerClient();
    WorkerClient remote = TracedWorkerClient.wrap(client);
    List<Map<String, Object>> afterRemote = new ArrayList<>();
    RolloutController controller =
        TracedRolloutController.wrap(
            s -> {
              RolloutState answer = remote.generate(s);
              afterRemote.add(new HashMap<>(s.extraFields()));
              afterRemote.add(new HashMap<>(answer.extraFields()));
              return answer;
            });
    SimpleRolloutState state = sample("r-1");

    RolloutState answer = controller.generate(state);

    RolloutSpan generate = tracing.span("rollout.controller.generate");
    RolloutSpan call = tracing.span("rollout.worker.remote");
    RolloutSpan worker = tracing.span("rollout.worker.generate");
    assertThat(call.parentSpanId()).isEqualTo(generate.spanId());
    assertThat(carriedSpan(client.sent.get(0))).isEqualTo(idsOf(call));
    assertThat(worker.traceId()).isEqualTo(call.traceId());
    assertThat(worker.parentSpanId()).isEqualTo(call.spanId());
    assertThat(worker.stringAttribute("rollout.span_name_path"))
        .isEqualTo("rollout.controller.generate -> rollout.worker.generate");
    assertThat(call.attributes())
        .containsEntry("rollout.id", "r-1")
        .doesNotContainKey("rollout.span_name_path");
    // after the call, input and answer both carry the controller's context again
    assertThat(carriedSpan(afterRemote.get(0))).isEqualTo(idsOf(generate));
    assertThat(carriedSpan(afterRemote.get(1))).isEqualTo(idsOf(generate));
    assertThat(afterRemote.get(1))
        .containsEntry(
            RolloutFields.CALL_CHAIN, "rollout.controller.generate -> rollout.worker.generate");
    // and the controller, outermost here, cleaned both
    assertThat(answer.extraFields()).containsOnlyKeys("user.note");
    assertThat(state.extraFields()).containsOnlyKeys("user.note");
    assertThat(answer.status()).isEqualTo("completed");
  }

  @Test
  void aBatchCallIsOneSpanLinkedToEachSampleWhoseStatesKeepTheirOwnContext() {
    tracing = TracingUnderTest.start(outputDir, true);
    List<RolloutState> states = new ArrayList<>();
    List<String> ownSpans = new ArrayList<>();
    for (String id : List.of("rb-1", "rb-2", "rb-3")) {
      SimpleRolloutState state = sample(id);
      try (TraceScope root = Trace.span("sample.root")) {
        new StateCarrier(state).carryCurrent();
      }
      EndpointDepth.set(state, 1);
      ownSpans.add(carriedSpan(state.extraFields()));
      states.add(state);
    }
    CopyingWorkerClient client = new CopyingWorkerClient();

    List<RolloutState> answers;
    try (TraceScope driver = Trace.span("batch.driver")) {
      answers = TracedWorkerClient.wrap(client).generateAll(states);
    }

    RolloutSpan batch = tracing.span("rollout.worker.remote_batch");
    assertThat(batch.parentSpanId()).isEqualTo(tracing.span("batch.driver").spanId());
    assertThat(batch.links())
        .extracting(link -> link.traceId() + "-" + link.spanId())
        .containsExactlyElementsOf(ownSpans);
    assertThat(batch.attributes())
        .containsEntry("rollout.batch.size", 3L)
        .containsEntry("rollout.batch.ids", List.of("rb-1", "rb-2", "rb-3"));
    for (int i = 0; i < 3; i++) {
      assertThat(carriedSpan(client.sent.get(i))).isEqualTo(ownSpans.get(i));
      assertThat(carriedSpan(states.get(i).extraFields())).isEqualTo(ownSpans.get(i));
      assertThat(carriedSpan(answers.get(i).extraFields())).isEqualTo(ownSpans.get(i));
    }
  }

  @Test
  void withTheRolloutPresetOffNoContextIsInjected() {
    tracing = TracingUnderTest.start(outputDir, false);
    CopyingWorkerClient client = new CopyingWorkerClient();
    SimpleRolloutState state = sample("r-off");

    TracedWorkerClient.wrap(client).generate(state);

    assertThat(client.sent.get(0)).containsOnlyKeys("user.note");
    assertThat(state.extraFields()).containsOnlyKeys("user.note");
    assertThat(tracing.spans())
        .allSatisfy(
            span ->
                assertThat(span.attributes().keySet())
                    .noneMatch(key -> key.startsWith("rollout.")));
  }
}
