package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageAdvice;
import io.spanweave.api.StageSpan;
import io.spanweave.api.TraceCarrier;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.SpanAttributes;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The support types generated delegates call, driven the way generated code drives them, on the
 * real SDK.
 */
class StageSpanTest {

  private static final Stage GENERATE =
      Stage.define("RolloutWorker.generate", "generate", Kind.MODEL, "team", "rl");
  private static final Stage JUDGE = Stage.define("Judger.judge", "judge", Kind.REWARD);

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  @BeforeEach
  void startTracing() {
    SdkTracing.configure(
        TestRuns.config(dir)
            .limits(limits -> limits.withMaxStringLength(8).withMaxArrayLength(3))
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

  private static <T> T attribute(SpanData span, AttributeKey<T> key) {
    return span.getAttributes().get(key);
  }

  @Test
  void aStageSpanCarriesStageKindFunctionAndConstantAttributes() {
    StageSpan span = GENERATE.start();
    assertThat(span.isRecording()).isTrue();
    assertThat(span.name()).isEqualTo("RolloutWorker.generate");
    span.end();

    SpanData data = only("RolloutWorker.generate");
    assertThat(attribute(data, AttributeKey.stringKey(SpanAttributes.STAGE))).isEqualTo("generate");
    assertThat(attribute(data, AttributeKey.stringKey(SpanAttributes.KIND)))
        .isEqualTo(Kind.MODEL.attributeValue());
    assertThat(attribute(data, AttributeKey.stringKey(SpanAttributes.CODE_FUNCTION)))
        .isEqualTo("RolloutWorker.generate");
    assertThat(attribute(data, AttributeKey.stringKey("team"))).isEqualTo("rl");
    assertThat(attribute(data, AttributeKey.stringKey(SpanAttributes.STATUS))).isEqualTo("ok");
    assertThat(data.getKind()).isEqualTo(SpanKind.INTERNAL);
  }

  @Test
  void spansNestUnderTheSpanThatIsCurrentAndRestoreItAtEnd() {
    StageSpan outer = GENERATE.start();
    StageSpan inner = JUDGE.start();
    inner.end();
    StageSpan sibling = JUDGE.start();
    sibling.end();
    outer.end();

    SpanData generate = only("RolloutWorker.generate");
    List<SpanData> judges =
        spans.getFinishedSpanItems().stream()
            .filter(s -> s.getName().equals("Judger.judge"))
            .toList();
    assertThat(judges)
        .hasSize(2)
        .allSatisfy(
            judge -> {
              assertThat(judge.getTraceId()).isEqualTo(generate.getTraceId());
              assertThat(judge.getParentSpanId()).isEqualTo(generate.getSpanId());
            });
    assertThat(generate.getParentSpanContext().isValid()).isFalse();
    assertThat(TraceContext.current().isValid())
        .as("nothing current after the outer span ended")
        .isFalse();
  }

  @Test
  void attributesOfEveryTypeAreRecordedTruncatedAndCapped() {
    StageSpan span = GENERATE.start();
    span.attribute("s", "abcdefghijkl");
    span.attribute("l", 7L);
    span.attribute("d", 0.5);
    span.attribute("b", true);
    span.attribute("boxedInt", Integer.valueOf(3));
    span.attribute("boxedFloat", Float.valueOf(1.5f));
    span.attribute("boxedBool", Boolean.FALSE);
    span.attribute("nullNumber", (Number) null);
    span.attribute("enum", Kind.TOOL);
    span.attribute("strings", new String[] {"a", "b", "c", "d"});
    span.attribute("longs", new long[] {1, 2, 3, 4});
    span.attribute("ints", new int[] {5, 6});
    span.attribute("doubles", new double[] {0.1, 0.2, 0.3, 0.4});
    span.attribute("booleans", new boolean[] {true, false});
    span.attribute("list", List.of(Kind.MODEL, Kind.TOOL));
    span.attribute("numberList", List.of(1, 2, 3, 4, 5));
    span.end();

    SpanData data = only("RolloutWorker.generate");
    assertThat(attribute(data, AttributeKey.stringKey("s"))).isEqualTo("abcdefgh");
    assertThat(attribute(data, AttributeKey.longKey("l"))).isEqualTo(7L);
    assertThat(attribute(data, AttributeKey.doubleKey("d"))).isEqualTo(0.5);
    assertThat(attribute(data, AttributeKey.booleanKey("b"))).isTrue();
    assertThat(attribute(data, AttributeKey.longKey("boxedInt"))).isEqualTo(3L);
    assertThat(attribute(data, AttributeKey.doubleKey("boxedFloat"))).isEqualTo(1.5);
    assertThat(attribute(data, AttributeKey.booleanKey("boxedBool"))).isFalse();
    assertThat(data.getAttributes().asMap().keySet())
        .noneMatch(k -> k.getKey().equals("nullNumber"));
    assertThat(attribute(data, AttributeKey.stringKey("enum"))).isEqualTo("TOOL");
    assertThat(attribute(data, AttributeKey.stringArrayKey("strings")))
        .containsExactly("a", "b", "c");
    assertThat(attribute(data, AttributeKey.longArrayKey("longs"))).containsExactly(1L, 2L, 3L);
    assertThat(attribute(data, AttributeKey.longArrayKey("ints"))).containsExactly(5L, 6L);
    assertThat(attribute(data, AttributeKey.doubleArrayKey("doubles")))
        .containsExactly(0.1, 0.2, 0.3);
    assertThat(attribute(data, AttributeKey.booleanArrayKey("booleans")))
        .containsExactly(true, false);
    assertThat(attribute(data, AttributeKey.stringArrayKey("list")))
        .containsExactly("MODEL", "TOOL");
    assertThat(attribute(data, AttributeKey.longArrayKey("numberList")))
        .containsExactly(1L, 2L, 3L);
  }

  @Test
  void typedMetricsRecordWhatMetricRecords() {
    StageSpan span = JUDGE.start();
    span.longMetric("numTokens", 42L);
    span.doubleMetric("score", 0.75);
    span.booleanMetric("filtered", true);
    span.numberMetric("boxed", Integer.valueOf(9));
    span.numberMetric("boxedDouble", Double.valueOf(2.5));
    span.numberMetric("missing", null);
    span.booleanObjectMetric("boxedBool", Boolean.TRUE);
    span.booleanObjectMetric("missingBool", null);
    span.longMetric("gen_ai.usage.output_tokens", 11L);
    span.end();

    SpanData data = only("Judger.judge");
    assertRecordsTheSampleMetrics(data);
    assertThat(data.getAttributes().asMap().keySet())
        .noneMatch(k -> k.getKey().startsWith("spanweave.metric.missing"));
    // A metric keyed with a GenAI name is also recorded under that name, as metric(...) records it.
    assertThat(attribute(data, AttributeKey.longKey("spanweave.metric.gen_ai.usage.output_tokens")))
        .isEqualTo(11L);
    assertThat(attribute(data, AttributeKey.longKey("gen_ai.usage.output_tokens"))).isEqualTo(11L);
  }

  @Test
  void metricsAreRecordedUnderTheMetricPrefix() {
    StageSpan span = GENERATE.start();
    span.metric("numTokens", 42L);
    span.metric("score", 0.75);
    span.metric("filtered", true);
    span.metric("boxed", Integer.valueOf(9));
    span.metric("boxedDouble", Double.valueOf(2.5));
    span.metric("boxedBool", Boolean.TRUE);
    span.metric("missing", (Number) null);
    span.end();

    SpanData data = only("RolloutWorker.generate");
    assertRecordsTheSampleMetrics(data);
    assertThat(data.getAttributes().asMap().keySet())
        .noneMatch(k -> k.getKey().equals("spanweave.metric.missing"));
  }

  /** The metrics both tests above record, each under the metric prefix with its type. */
  private static void assertRecordsTheSampleMetrics(SpanData data) {
    assertThat(attribute(data, AttributeKey.longKey("spanweave.metric.numTokens"))).isEqualTo(42L);
    assertThat(attribute(data, AttributeKey.doubleKey("spanweave.metric.score"))).isEqualTo(0.75);
    assertThat(attribute(data, AttributeKey.booleanKey("spanweave.metric.filtered"))).isTrue();
    assertThat(attribute(data, AttributeKey.longKey("spanweave.metric.boxed"))).isEqualTo(9L);
    assertThat(attribute(data, AttributeKey.doubleKey("spanweave.metric.boxedDouble")))
        .isEqualTo(2.5);
    assertThat(attribute(data, AttributeKey.booleanKey("spanweave.metric.boxedBool"))).isTrue();
  }

  @Test
  void failRecordsTypeAndErrorStatusButNotTheMessageAndLeavesTheRethrowToTheCaller() {
    IllegalStateException failure = new IllegalStateException("prompt text that must not leak");
    assertThatThrownBy(() -> generateThatFails(failure)).isSameAs(failure);

    SpanData data = only("RolloutWorker.generate");
    assertThat(data.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(attribute(data, AttributeKey.stringKey(SpanAttributes.ERROR_TYPE)))
        .isEqualTo(IllegalStateException.class.getName());
    assertThat(attribute(data, AttributeKey.stringKey(SpanAttributes.STATUS))).isEqualTo("error");
    assertThat(data.getEvents())
        .anySatisfy(
            event -> {
              assertThat(event.getName()).isEqualTo("exception");
              assertThat(event.getAttributes().get(AttributeKey.stringKey("exception.type")))
                  .isEqualTo(IllegalStateException.class.getName());
            });
    assertThat(data.toString()).doesNotContain("must not leak");
  }

  /** Exactly the shape of a generated delegate method. */
  private static String generateThatFails(RuntimeException failure) {
    StageSpan span = GENERATE.start();
    try {
      throw failure;
    } catch (Throwable t) {
      span.fail(t);
      throw t;
    } finally {
      span.end();
    }
  }

  @Test
  void cancellationAndInterruptionHaveTheirOwnStatus() {
    StageSpan cancelled = GENERATE.start();
    cancelled.fail(new CancellationException());
    cancelled.end();
    StageSpan interrupted = JUDGE.start();
    interrupted.fail(new InterruptedException());
    interrupted.end();

    assertThat(
            attribute(
                only("RolloutWorker.generate"), AttributeKey.stringKey(SpanAttributes.STATUS)))
        .isEqualTo("cancelled");
    assertThat(attribute(only("Judger.judge"), AttributeKey.stringKey(SpanAttributes.STATUS)))
        .isEqualTo("interrupted");
  }

  @Test
  void endIsIdempotent() {
    StageSpan span = GENERATE.start();
    span.end();
    span.end();
    assertThat(spans.getFinishedSpanItems()).hasSize(1);
  }

  @Test
  void endWhenCompleteEndsOnSuccessAndReadsMetricsFromTheValue() {
    CompletableFuture<Integer> result = new CompletableFuture<>();
    StageSpan span = JUDGE.start();
    CompletableFuture<Integer> returned =
        span.endWhenComplete(result, value -> span.metric("score", value));

    assertThat(returned).isSameAs(result);
    assertThat(TraceContext.current().isValid())
        .as("the caller's context is restored at once")
        .isFalse();
    assertThat(spans.getFinishedSpanItems()).as("not ended before completion").isEmpty();

    result.complete(3);
    SpanData data = only("Judger.judge");
    assertThat(attribute(data, AttributeKey.longKey("spanweave.metric.score"))).isEqualTo(3L);
    assertThat(attribute(data, AttributeKey.stringKey(SpanAttributes.STATUS))).isEqualTo("ok");
  }

  @Test
  void endWhenCompleteRecordsFailureUnwrappedFromCompletionException() {
    CompletableFuture<Integer> result = new CompletableFuture<>();
    JUDGE.start().endWhenComplete(result);
    result.completeExceptionally(new CompletionException(new IllegalArgumentException("bad")));

    SpanData data = only("Judger.judge");
    assertThat(data.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(attribute(data, AttributeKey.stringKey(SpanAttributes.ERROR_TYPE)))
        .isEqualTo(IllegalArgumentException.class.getName());
  }

  @Test
  void endWhenCompleteRecordsCancellationAndTheCancelReachesTheProducer() {
    CompletableFuture<Integer> result = new CompletableFuture<>();
    CompletableFuture<Integer> returned = JUDGE.start().endWhenComplete(result);
    returned.cancel(true);

    assertThat(result.isCancelled()).isTrue();
    assertThat(attribute(only("Judger.judge"), AttributeKey.stringKey(SpanAttributes.STATUS)))
        .isEqualTo("cancelled");
  }

  @Test
  void outboundCarrierHandedToAnInboundSpanOnAnotherThreadGivesOneTraceWithTheRightParent()
      throws Exception {
    Stage call = Stage.define("Client.call", "call", Kind.SYSTEM);
    Stage serve = Stage.define("Server.serve", "serve", Kind.SYSTEM);
    Map<String, String> headers = new HashMap<>();

    StageSpan client = call.startOutbound(headers);
    ExecutorService other = Executors.newSingleThreadExecutor();
    try {
      Future<?> served =
          other.submit(
              () -> {
                StageSpan server = serve.startInbound(headers);
                server.end();
              });
      served.get();
    } finally {
      other.shutdown();
    }
    client.end();

    assertThat(headers).containsKey("traceparent");
    SpanData clientSpan = only("Client.call");
    SpanData serverSpan = only("Server.serve");
    assertThat(clientSpan.getKind()).isEqualTo(SpanKind.CLIENT);
    assertThat(serverSpan.getKind()).isEqualTo(SpanKind.SERVER);
    assertThat(serverSpan.getTraceId()).isEqualTo(clientSpan.getTraceId());
    assertThat(serverSpan.getParentSpanId()).isEqualTo(clientSpan.getSpanId());
    assertThat(serverSpan.getParentSpanContext().isRemote()).isTrue();
  }

  @Test
  void aTraceCarrierWorksLikeAMap() {
    Map<String, String> backing = new HashMap<>();
    TraceCarrier carrier =
        new TraceCarrier() {
          @Override
          public String get(String key) {
            return backing.get(key);
          }

          @Override
          public void set(String key, String value) {
            backing.put(key, value);
          }

          @Override
          public Iterable<String> keys() {
            return backing.keySet();
          }
        };
    StageSpan client = GENERATE.startOutbound(carrier);
    client.end();
    JUDGE.startInbound(carrier).end();

    assertThat(only("Judger.judge").getParentSpanId())
        .isEqualTo(only("RolloutWorker.generate").getSpanId());
  }

  @Test
  void aNullOutboundCarrierIsAFaultNotAnException() {
    long before = TracingFaults.count("carrier");
    GENERATE.startOutbound((Map<String, String>) null).end();
    assertThat(TracingFaults.count("carrier")).isEqualTo(before + 1);
    assertThat(spans.getFinishedSpanItems()).hasSize(1);
  }

  @Test
  void withTracingOffEveryStartReturnsTheSharedNoop() {
    Tracing.close();
    assertThat(GENERATE.start()).isSameAs(StageSpan.NOOP);
    assertThat(GENERATE.startOutbound(new HashMap<>())).isSameAs(StageSpan.NOOP);
    assertThat(GENERATE.startInbound(new HashMap<>())).isSameAs(StageSpan.NOOP);
    assertThat(GENERATE.start(new StageAdvice<String>() {}, "x")).isSameAs(StageSpan.NOOP);
    StageSpan.NOOP.attribute("k", "v");
    StageSpan.NOOP.fail(new RuntimeException());
    StageSpan.NOOP.end();
    CompletableFuture<String> stage = new CompletableFuture<>();
    assertThat(StageSpan.NOOP.endWhenComplete(stage)).isSameAs(stage);
    assertThat(spans.getFinishedSpanItems()).isEmpty();
  }
}
