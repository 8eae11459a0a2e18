package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.annotations.Kind;
import io.spanweave.api.SpanStatus;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.SpanAttributes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@link Trace} facade on the real SDK, and with tracing off. */
class TraceFacadeTest {

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  /** Stands for a business object that must never reach a trace as text. */
  record Prompt(String text) {}

  enum Phase {
    WARMUP,
    MAIN
  }

  @BeforeEach
  void startTracing() {
    SdkTracing.configure(
        TestRuns.config(dir)
            .limits(limits -> limits.withMaxStringLength(5).withMaxArrayLength(2))
            .build(),
        spans);
  }

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private SpanData only(String name) {
    List<SpanData> matching =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(matching).as("finished spans named %s", name).hasSize(1);
    return matching.get(0);
  }

  @Test
  void spanRecordsAllowedAttributeValuesTruncatedAndCapped() {
    Map<String, Object> attributes = new LinkedHashMap<>();
    attributes.put("task", "abcdefgh");
    attributes.put("count", 3);
    attributes.put("ratio", 0.25f);
    attributes.put("ok", true);
    attributes.put("phase", Phase.MAIN);
    attributes.put("ids", List.of(1L, 2L, 3L));
    attributes.put("names", new String[] {"a", "b", "c"});
    attributes.put("scores", new double[] {0.5, 0.75, 1.0});
    attributes.put("missing", null);

    try (TraceScope scope = Trace.span("agent.run", attributes)) {
      assertThat(TraceContext.current().isValid()).isTrue();
    }

    SpanData span = only("agent.run");
    assertThat(span.getAttributes().get(AttributeKey.stringKey("task"))).isEqualTo("abcde");
    assertThat(span.getAttributes().get(AttributeKey.longKey("count"))).isEqualTo(3L);
    assertThat(span.getAttributes().get(AttributeKey.doubleKey("ratio"))).isEqualTo(0.25);
    assertThat(span.getAttributes().get(AttributeKey.booleanKey("ok"))).isTrue();
    assertThat(span.getAttributes().get(AttributeKey.stringKey("phase"))).isEqualTo("MAIN");
    assertThat(span.getAttributes().get(AttributeKey.longArrayKey("ids"))).containsExactly(1L, 2L);
    assertThat(span.getAttributes().get(AttributeKey.stringArrayKey("names")))
        .containsExactly("a", "b");
    assertThat(span.getAttributes().get(AttributeKey.doubleArrayKey("scores")))
        .containsExactly(0.5, 0.75);
    assertThat(span.getAttributes().size())
        .as("8 given, plus thread.id and thread.name")
        .isEqualTo(10);
    assertThat(TraceContext.current().isValid()).as("closing restores the context").isFalse();
  }

  @Test
  void aPayloadObjectIsSkippedAndReportedNeverTurnedIntoText() {
    long faults = TracingFaults.count("attribute");

    try (TraceScope scope =
        Trace.span("agent.run", Map.of("prompt", new Prompt("secret prompt"), "n", 1))) {
      Trace.setAttributes(Map.of("config", Map.of("k", "v")));
      Trace.event("answer", Map.of("body", new StringBuilder("payload")));
      Trace.setAttributes(Map.of("mixed", List.of("a", 1)));
    }

    SpanData span = only("agent.run");
    assertThat(span.getAttributes().asMap()).as("n, thread.id and thread.name").hasSize(3);
    assertThat(span.getAttributes().get(AttributeKey.longKey("n"))).isEqualTo(1L);
    assertThat(span.getEvents())
        .singleElement()
        .satisfies(event -> assertThat(event.getAttributes().isEmpty()).isTrue());
    assertThat(span.toString()).doesNotContain("secret prompt", "payload");
    assertThat(TracingFaults.count("attribute")).isEqualTo(faults + 4);
  }

  @Test
  void spansNestAndAParentCarrierWins() {
    Map<String, String> carrier;
    try (TraceScope request = Trace.span("request")) {
      carrier = Trace.inject(new HashMap<>());
    }
    try (TraceScope outer = Trace.span("outer")) {
      try (TraceScope nested = Trace.span("nested")) {
        // nested under outer
      }
      try (TraceScope remote = Trace.span("worker.run", Map.of(), carrier)) {
        // parent from the carrier, not outer
      }
    }

    assertThat(only("nested").getParentSpanId()).isEqualTo(only("outer").getSpanId());
    assertThat(only("worker.run").getParentSpanId()).isEqualTo(only("request").getSpanId());
    assertThat(only("worker.run").getTraceId()).isEqualTo(only("request").getTraceId());
  }

  @Test
  void anEmptyParentCarrierFallsBackToTheCurrentContextQuietly() {
    long faults = TracingFaults.count("carrier");
    try (TraceScope outer = Trace.span("outer");
        TraceScope inner = Trace.span("inner", null, new HashMap<>())) {
      // inner stays under outer
    }
    assertThat(only("inner").getParentSpanId()).isEqualTo(only("outer").getSpanId());
    assertThat(TracingFaults.count("carrier")).isEqualTo(faults);
  }

  @Test
  void aMalformedTraceparentFallsBackToTheCurrentContextAndIsReported() {
    long faults = TracingFaults.count("carrier");
    try (TraceScope outer = Trace.span("outer");
        TraceScope inner = Trace.span("inner", null, Map.of("traceparent", "not-a-traceparent"))) {
      // inner stays under outer
    }
    assertThat(only("inner").getParentSpanId()).isEqualTo(only("outer").getSpanId());
    assertThat(TracingFaults.count("carrier")).isEqualTo(faults + 1);
  }

  @Test
  void callReturnsTheResultAndMarksTheSpanOk() {
    String result = Trace.call("judge", () -> "reward");
    assertThat(result).isEqualTo("reward");
    assertThat(only("judge").getAttributes().get(AttributeKey.stringKey(SpanAttributes.STATUS)))
        .isEqualTo("ok");
  }

  @Test
  void callRethrowsACheckedExceptionUnchangedAndRecordsItsType() {
    IOException failure = new IOException("disk said no");
    assertThatThrownBy(
            () ->
                Trace.call(
                    "load",
                    () -> {
                      throw failure;
                    }))
        .isSameAs(failure);

    SpanData span = only("load");
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(span.getAttributes().get(AttributeKey.stringKey(SpanAttributes.ERROR_TYPE)))
        .isEqualTo(IOException.class.getName());
  }

  @Test
  void runTracesTheBodyAndNestsSpansStartedInside() {
    Trace.run("step", Map.of("step", 3), () -> Trace.run("substep", () -> {}));

    assertThat(only("substep").getParentSpanId()).isEqualTo(only("step").getSpanId());
    assertThat(only("step").getAttributes().get(AttributeKey.longKey("step"))).isEqualTo(3L);
  }

  @Test
  void eventsAttributesAndMetricsLandOnTheCurrentSpan() {
    try (TraceScope scope = Trace.span("infer")) {
      Trace.event("infer.finished", Map.of("num_tokens", 12));
      Trace.event("plain");
      Trace.setAttribute("status", "okokok");
      Trace.setAttribute("attempt", 2L);
      Trace.setAttribute("temperature", 0.7);
      Trace.setAttribute("cached", false);
      Trace.setAttributes(Map.of("model", "m1"));
      Trace.metric("tokens", 12);
      Trace.metric("latency", 1.5);
      Trace.metric("boxed", Integer.valueOf(4));
      Trace.metric("gen_ai.usage.output_tokens", 33);
    }

    SpanData span = only("infer");
    assertThat(span.getEvents())
        .extracting(EventData::getName)
        .containsExactly("infer.finished", "plain");
    assertThat(span.getEvents().get(0).getAttributes().get(AttributeKey.longKey("num_tokens")))
        .isEqualTo(12L);
    assertThat(span.getAttributes().get(AttributeKey.stringKey("status"))).isEqualTo("okoko");
    assertThat(span.getAttributes().get(AttributeKey.longKey("attempt"))).isEqualTo(2L);
    assertThat(span.getAttributes().get(AttributeKey.doubleKey("temperature"))).isEqualTo(0.7);
    assertThat(span.getAttributes().get(AttributeKey.booleanKey("cached"))).isFalse();
    assertThat(span.getAttributes().get(AttributeKey.stringKey("model"))).isEqualTo("m1");
    assertThat(span.getAttributes().get(AttributeKey.longKey("spanweave.metric.tokens")))
        .isEqualTo(12L);
    assertThat(span.getAttributes().get(AttributeKey.doubleKey("spanweave.metric.latency")))
        .isEqualTo(1.5);
    assertThat(span.getAttributes().get(AttributeKey.longKey("spanweave.metric.boxed")))
        .isEqualTo(4L);
    // A GenAI name is recorded as it is too; other metrics only under the prefix.
    assertThat(
            span.getAttributes()
                .get(AttributeKey.longKey("spanweave.metric.gen_ai.usage.output_tokens")))
        .isEqualTo(33L);
    assertThat(span.getAttributes().get(AttributeKey.longKey("gen_ai.usage.output_tokens")))
        .isEqualTo(33L);
    assertThat(span.getAttributes().get(AttributeKey.longKey("tokens"))).isNull();
  }

  @Test
  void injectExtractAndAttachCarryTheTraceToAnotherThread() throws Exception {
    Map<String, String> carrier;
    TraceContext origin;
    try (TraceScope scope = Trace.span("dispatch")) {
      origin = TraceContext.current();
      carrier = Trace.inject(new HashMap<>());
    }

    CompletableFuture<TraceContext> seen =
        CompletableFuture.supplyAsync(
            () -> {
              TraceContext extracted = Trace.extract(carrier);
              try (TraceScope attached = Trace.attach(extracted)) {
                Trace.run("remote.work", () -> {});
                return TraceContext.current();
              }
            });

    assertThat(carrier.get("traceparent")).contains(origin.traceId(), origin.spanId());
    assertThat(seen.get().spanId()).isEqualTo(origin.spanId());
    SpanData remote = only("remote.work");
    assertThat(remote.getTraceId()).isEqualTo(origin.traceId());
    assertThat(remote.getParentSpanId()).isEqualTo(origin.spanId());
  }

  @Test
  void attachedScopesCloseOnceAndRestore() {
    TraceContext context;
    try (TraceScope scope = Trace.span("a")) {
      context = TraceContext.current();
    }
    TraceScope attached = Trace.attach(context);
    assertThat(TraceContext.current().spanId()).isEqualTo(context.spanId());
    attached.close();
    attached.close();
    assertThat(TraceContext.current().isValid()).isFalse();
  }

  @Test
  void aSyntheticSpanKeepsItsTimesParentAndStatus() {
    Map<String, String> carrier;
    try (TraceScope scope = Trace.span("engine.request")) {
      carrier = Trace.inject(new HashMap<>());
    }

    TraceContext synthetic =
        Trace.recordSyntheticSpan(
            "engine.prefill",
            1_000_000_000L,
            1_500_000_000L,
            Map.of("tokens", 100),
            carrier,
            SpanStatus.CANCELLED);
    try (TraceScope under = Trace.attach(synthetic)) {
      Trace.recordSyntheticSpan("engine.kernel", 1_100_000_000L, 1_200_000_000L, null, null, null);
    }

    SpanData prefill = only("engine.prefill");
    assertThat(prefill.getStartEpochNanos()).isEqualTo(1_000_000_000L);
    assertThat(prefill.getEndEpochNanos()).isEqualTo(1_500_000_000L);
    assertThat(prefill.getParentSpanId()).isEqualTo(only("engine.request").getSpanId());
    assertThat(prefill.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(prefill.getAttributes().get(AttributeKey.stringKey(SpanAttributes.STATUS)))
        .isEqualTo("cancelled");
    assertThat(prefill.getAttributes().get(AttributeKey.longKey("tokens"))).isEqualTo(100L);
    assertThat(synthetic.spanId()).isEqualTo(prefill.getSpanId());
    SpanData kernel = only("engine.kernel");
    assertThat(kernel.getParentSpanId()).isEqualTo(prefill.getSpanId());
    assertThat(kernel.getAttributes().get(AttributeKey.stringKey(SpanAttributes.STATUS)))
        .isEqualTo("ok");
  }

  @Test
  void aSyntheticSpanWithWrongArgumentsIsRejectedWithTracingOnOrOff() {
    assertSyntheticArgumentsChecked();
    Tracing.close();
    assertSyntheticArgumentsChecked();
  }

  private static void assertSyntheticArgumentsChecked() {
    assertThatThrownBy(() -> Trace.recordSyntheticSpan("x", 10, 10, null, null, SpanStatus.OK))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "recordSyntheticSpan('x'): endEpochNanos 10 is not after startEpochNanos 10; pass the end time second");
    assertThatThrownBy(() -> Trace.recordSyntheticSpan("x", -1, 10, null, null, SpanStatus.OK))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "recordSyntheticSpan('x'): startEpochNanos is -1; it must be nanoseconds since the epoch, 0 or more");
    assertThatThrownBy(() -> Trace.recordSyntheticSpan(" ", 1, 10, null, null, SpanStatus.OK))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the span name is blank");
  }

  @Test
  void withTracingOffEveryMethodIsANoOpThatStillRunsTheBody() throws Exception {
    Tracing.close();
    AtomicBoolean ran = new AtomicBoolean();
    Map<String, String> carrier = new HashMap<>();

    assertThat(Trace.span("a")).isSameAs(TraceScope.NOOP);
    assertThat(Trace.call("b", () -> 7)).isEqualTo(7);
    Trace.run("c", () -> ran.set(true));
    Trace.event("d", Map.of("k", 1));
    Trace.setAttribute("e", "v");
    Trace.setAttributes(Map.of("f", new Prompt("x")));
    Trace.metric("g", 1);
    assertThat(Trace.inject(carrier)).isSameAs(carrier).isEmpty();
    assertThat(
            Trace.extract(
                    Map.of(
                        "traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"))
                .isValid())
        .isFalse();
    assertThat(Trace.attach(TraceContext.root())).isSameAs(TraceScope.NOOP);
    assertThat(Trace.recordSyntheticSpan("h", 1, 2, null, null, null).isValid()).isFalse();

    assertThat(ran).isTrue();
    assertThat(spans.getFinishedSpanItems()).isEmpty();
  }

  @Test
  void spansCallsAndRunsTakeAKindLikeTraced() throws Exception {
    try (TraceScope scope = Trace.span(Kind.ENV_STEP, "env.step", Map.of("env", "CartPole"))) {
      String answer = Trace.call(Kind.MODEL, "policy.forward", () -> "left");
      assertThat(answer).isEqualTo("left");
      Trace.run(Kind.REWARD, "reward.score", () -> {});
    }

    AttributeKey<String> kind = AttributeKey.stringKey(SpanAttributes.KIND);
    assertThat(only("env.step").getAttributes().get(kind)).isEqualTo("env_step");
    assertThat(only("env.step").getAttributes().get(AttributeKey.stringKey("env")))
        .isEqualTo("CartP");
    assertThat(only("policy.forward").getAttributes().get(kind)).isEqualTo("model");
    assertThat(only("policy.forward").getParentSpanId()).isEqualTo(only("env.step").getSpanId());
    assertThat(only("reward.score").getAttributes().get(kind)).isEqualTo("reward");
  }

  @Test
  void aStepGivenToOneSpanIsItsStepAndItsChildrensWithoutAScope() {
    try (TraceScope rollout = Trace.span(Kind.ROLLOUT, "rollout", 42, Map.of())) {
      try (TraceScope child = Trace.span("generate")) {
        assertThat(TraceContext.current().isValid()).isTrue();
      }
    }
    try (TraceScope after = Trace.span("after")) {
      assertThat(TraceContext.current().isValid()).isTrue();
    }

    AttributeKey<Long> step = AttributeKey.longKey(SpanAttributes.STEP);
    assertThat(only("rollout").getAttributes().get(step)).isEqualTo(42L);
    assertThat(only("generate").getAttributes().get(step)).isEqualTo(42L);
    assertThat(only("after").getAttributes().get(step)).as("the step ends with its span").isNull();
  }

  @Test
  void kindSpansAreNoOpsWithTracingOff() throws Exception {
    Tracing.close();
    try (TraceScope scope = Trace.span(Kind.TOOL, "search", 3, Map.of("q", "x"))) {
      assertThat(scope).isSameAs(TraceScope.NOOP);
    }
    assertThat(Trace.call(Kind.MODEL, "m", () -> 7)).isEqualTo(7);
    assertThat(spans.getFinishedSpanItems()).isEmpty();
  }

  @Test
  void extensionsAreOnOnlyWhileTheRunningConfigurationNamesThem() {
    assertThat(Trace.extensionEnabled("rollout")).isFalse();
    SdkTracing.configure(TestRuns.config(dir).enableExtension("rollout").build(), spans);
    assertThat(Trace.extensionEnabled("rollout")).isTrue();
    assertThat(Trace.extensionEnabled("other")).isFalse();
    Tracing.close();
    assertThat(Trace.extensionEnabled("rollout")).isFalse();
  }
}
