package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.annotations.Kind;
import io.spanweave.api.AttributeSink;
import io.spanweave.api.Stage;
import io.spanweave.api.StageAdvice;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.SpanAttributes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Advices around stage spans: the order of their hooks, the parent they choose, and that they
 * cannot hurt the caller.
 */
class StageAdviceTest {

  private static final Stage STEP = Stage.define("Env.step", "step", Kind.ENV_STEP);

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  /** A request that carries its own trace context, as a rollout state would. */
  static final class Request {
    final String id;
    final Map<String, String> carrier = new HashMap<>();

    Request(String id) {
      this.id = id;
    }
  }

  /** Records the order of its hooks. */
  static class RecordingAdvice extends StageAdvice<Request> {
    final List<String> calls = new ArrayList<>();

    @Override
    public boolean enabled() {
      calls.add("enabled");
      return true;
    }

    @Override
    public TraceContext parent(Request request) {
      calls.add("parent " + request.id);
      return Trace.extract(request.carrier);
    }

    @Override
    public void startAttributes(String spanName, Request request, AttributeSink attributes) {
      calls.add("startAttributes " + spanName + " " + request.id);
      attributes.attribute("request.id", request.id);
    }

    @Override
    public Collection<String> liveAttributeKeys() {
      return List.of("request.id");
    }

    @Override
    public void onStart(StageSpan span, Request request) {
      calls.add("onStart " + request.id + " recording=" + span.isRecording());
      span.attribute("request.id", request.id);
    }

    @Override
    public void onEnd(StageSpan span, Request request, Object result, Throwable error) {
      calls.add(
          "onEnd "
              + request.id
              + " result="
              + result
              + " error="
              + (error == null ? null : error.getClass().getSimpleName()));
      span.attribute("request.result", String.valueOf(result));
    }
  }

  /** Fails in every hook. */
  static final class ThrowingAdvice extends StageAdvice<Request> {
    @Override
    public TraceContext parent(Request request) {
      throw new IllegalStateException("parent");
    }

    @Override
    public void startAttributes(String spanName, Request request, AttributeSink attributes) {
      throw new IllegalStateException("startAttributes");
    }

    @Override
    public void onStart(StageSpan span, Request request) {
      throw new IllegalStateException("onStart");
    }

    @Override
    public void onEnd(StageSpan span, Request request, Object result, Throwable error) {
      throw new IllegalStateException("onEnd");
    }
  }

  private TraceRuntime runtime;

  @BeforeEach
  void startTracing() {
    runtime = SdkTracing.configure(TestRuns.config(dir).build(), spans);
  }

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private SpanData only(String name) {
    List<SpanData> matching =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(matching).hasSize(1);
    return matching.get(0);
  }

  @Test
  void hooksRunInOrderAroundTheSpanAndSeeTheResult() {
    RecordingAdvice advice = new RecordingAdvice();
    Request request = new Request("r-1");

    StageSpan span = STEP.start(advice, request);
    advice.calls.add("body");
    span.returned("done");
    span.end();

    assertThat(advice.calls)
        .containsExactly(
            "enabled",
            "parent r-1",
            "startAttributes Env.step r-1",
            "onStart r-1 recording=true",
            "body",
            "onEnd r-1 result=done error=null");
    SpanData data = only("Env.step");
    assertThat(data.getAttributes().get(AttributeKey.stringKey("request.id"))).isEqualTo("r-1");
    assertThat(data.getAttributes().get(AttributeKey.stringKey("request.result")))
        .isEqualTo("done");
  }

  @Test
  void onEndSeesTheFailure() {
    RecordingAdvice advice = new RecordingAdvice();
    StageSpan span = STEP.start(advice, new Request("r-2"));
    span.fail(new IllegalArgumentException());
    span.end();

    assertThat(advice.calls)
        .last()
        .isEqualTo("onEnd r-2 result=null error=IllegalArgumentException");
  }

  @Test
  void onEndOfAnAsyncMethodRunsWhenTheStageCompletes() {
    RecordingAdvice advice = new RecordingAdvice();
    CompletableFuture<String> result = new CompletableFuture<>();
    STEP.start(advice, new Request("r-3")).endWhenComplete(result);
    assertThat(advice.calls).noneMatch(call -> call.startsWith("onEnd"));

    result.complete("later");
    assertThat(advice.calls).last().isEqualTo("onEnd r-3 result=later error=null");
  }

  @Test
  void theAdviceChoosesTheParentCarriedByTheArgument() {
    Request request = new Request("r-4");
    StageSpan origin = Stage.define("Driver.dispatch", "dispatch", Kind.ROLLOUT).start();
    Trace.inject(request.carrier);
    origin.end();

    STEP.start(new RecordingAdvice(), request).end();

    assertThat(only("Env.step").getParentSpanId()).isEqualTo(only("Driver.dispatch").getSpanId());
  }

  @Test
  void aThrowingAdviceNeverReachesTheCallerAndIsCountedAsAFault() {
    long before = TracingFaults.count("advice");

    StageSpan span = STEP.start(new ThrowingAdvice(), new Request("r-5"));
    span.returned("ok");
    span.end();

    assertThat(only("Env.step").getAttributes().get(AttributeKey.stringKey(SpanAttributes.STATUS)))
        .isEqualTo("ok");
    assertThat(TracingFaults.count("advice")).isEqualTo(before + 4);
  }

  @Test
  void aDisabledAdviceIsSkippedEntirely() {
    RecordingAdvice advice =
        new RecordingAdvice() {
          @Override
          public boolean enabled() {
            calls.add("enabled");
            return false;
          }
        };
    STEP.start(advice, new Request("r-6")).end();

    assertThat(advice.calls).containsExactly("enabled");
    assertThat(spans.getFinishedSpanItems()).hasSize(1);
  }

  @Test
  void aBatchSpanLinksEachArgumentsParentAndAdvisesEachArgument() {
    Request first = new Request("a");
    Request second = new Request("b");
    for (Request request : List.of(first, second)) {
      StageSpan origin = Stage.define("Sample." + request.id, "sample", Kind.ROLLOUT).start();
      Trace.inject(request.carrier);
      origin.end();
    }
    RecordingAdvice advice = new RecordingAdvice();

    StageSpan batch = STEP.startBatch(advice, List.of(first, second));
    batch.end();

    SpanData data = only("Env.step");
    assertThat(data.getParentSpanContext().isValid())
        .as("a batch stays under the current context")
        .isFalse();
    assertThat(data.getLinks())
        .extracting(LinkData::getSpanContext)
        .extracting(c -> c.getSpanId())
        .containsExactly(only("Sample.a").getSpanId(), only("Sample.b").getSpanId());
    assertThat(advice.calls)
        .contains(
            "onStart a recording=true",
            "onStart b recording=true",
            "onEnd a result=null error=null",
            "onEnd b result=null error=null");
    assertThat(advice.calls)
        .as("a batch span serves many arguments: none gives its start attributes")
        .noneMatch(call -> call.startsWith("startAttributes"));
  }

  @Test
  void aBatchOfOneGetsTheStartAttributesOfItsOneArgument() {
    RecordingAdvice advice = new RecordingAdvice();

    STEP.startBatch(advice, List.of(new Request("solo"))).end();

    assertThat(advice.calls)
        .containsSubsequence("startAttributes Env.step solo", "onStart solo recording=true");
    assertThat(only("Env.step").getAttributes().get(AttributeKey.stringKey("request.id")))
        .isEqualTo("solo");
  }

  @Test
  void startAttributesAreInTheLiveStartRecordOfASpanStillInFlight() {
    StageSpan span = STEP.start(new RecordingAdvice(), new Request("r-7"));
    String spanId = TraceContext.current().spanId();

    runtime.flush();

    List<JsonNode> records =
        TestRuns.readJsonLines(runtime.liveFile()).stream()
            .filter(record -> record.path("spanId").asText().equals(spanId))
            .toList();
    assertThat(records)
        .extracting(record -> record.path("event").asText())
        .containsExactly("start");
    assertThat(records.get(0).path("attributes").path("request.id").asText())
        .as("given before the start, and a live key because the advice declares it")
        .isEqualTo("r-7");
    span.end();
  }

  @Test
  void aDisabledAdviceAddsNoLiveKeys() {
    RecordingAdvice advice =
        new RecordingAdvice() {
          @Override
          public boolean enabled() {
            return false;
          }
        };
    STEP.start(advice, new Request("r-8")).end();
    StageSpan plain = STEP.start();
    String spanId = TraceContext.current().spanId();
    plain.attribute("request.id", "r-9");
    runtime.flush(); // the start record is written while the span runs
    plain.end();

    runtime.flush();

    assertThat(TestRuns.readJsonLines(runtime.liveFile()))
        .filteredOn(record -> record.path("spanId").asText().equals(spanId))
        .extracting(
            record ->
                record.path("event").asText() + " " + record.path("attributes").has("request.id"))
        .containsExactly("start false", "end false");
  }
}
