package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Metrics, links, step, rank and thread fields at run time, and the context across thread pools.
 */
class SpanFieldsTest {

  private static final Stage BATCH = Stage.define("Engine.batch", "batch", Kind.MODEL);

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private void start(TraceConfig.Builder config) {
    SdkTracing.configure(config.build(), spans);
  }

  private SpanData only(String name) {
    List<SpanData> matching =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(matching).as("spans named %s", name).hasSize(1);
    return matching.get(0);
  }

  @Test
  void metricsAreRecordedOnTheSpanAndOnTheCurrentSpan() {
    start(TestRuns.config(dir));
    StageSpan span = BATCH.start();
    span.metric("reward", 0.5);
    Trace.metric("num_tokens", 12);
    Trace.metric("accepted", true);
    span.end();

    SpanData data = only("Engine.batch");
    assertThat(data.getAttributes().get(AttributeKey.doubleKey("spanweave.metric.reward")))
        .isEqualTo(0.5);
    assertThat(data.getAttributes().get(AttributeKey.longKey("spanweave.metric.num_tokens")))
        .isEqualTo(12L);
    assertThat(data.getAttributes().get(AttributeKey.booleanKey("spanweave.metric.accepted")))
        .isTrue();
  }

  @Test
  void linksToASpanAndThroughACarrier() {
    start(TestRuns.config(dir));
    TraceContext sampleOne;
    Map<String, String> sampleTwo;
    try (TraceScope one = Trace.span("sample.1")) {
      sampleOne = TraceContext.current();
    }
    try (TraceScope two = Trace.span("sample.2")) {
      sampleTwo = Trace.inject(new HashMap<>());
    }
    StageSpan batch = BATCH.start();
    batch.link(sampleOne);
    Trace.link(sampleTwo);
    batch.link(TraceContext.root()); // nothing to link to
    batch.end();

    List<LinkData> links = only("Engine.batch").getLinks();
    assertThat(links)
        .extracting(l -> l.getSpanContext().getSpanId())
        .containsExactly(only("sample.1").getSpanId(), only("sample.2").getSpanId());
  }

  @Test
  void everySpanRecordsItsThreadAndTheProcessRank() {
    start(TestRuns.config(dir).rank(3).localRank(1));
    BATCH.start().end();

    SpanData data = only("Engine.batch");
    assertThat(data.getAttributes().get(AttributeKey.longKey("thread.id")))
        .isEqualTo(Thread.currentThread().getId());
    assertThat(data.getAttributes().get(AttributeKey.stringKey("thread.name")))
        .isEqualTo(Thread.currentThread().getName());
    assertThat(data.getAttributes().get(AttributeKey.longKey("spanweave.rank"))).isEqualTo(3L);
    assertThat(data.getAttributes().get(AttributeKey.longKey("spanweave.local_rank")))
        .isEqualTo(1L);
  }

  @Test
  void theRankComesFromTheLauncherEnvironment() {
    assertThat(TraceConfig.fromEnvironment(Map.of("RANK", "7", "LOCAL_RANK", "3")).rank())
        .hasValue(7);
    assertThat(TraceConfig.fromEnvironment(Map.of("RANK", "7", "LOCAL_RANK", "3")).localRank())
        .hasValue(3);
    assertThat(TraceConfig.fromEnvironment(Map.of("RANK", "7", "SPANWEAVE_RANK", "2")).rank())
        .hasValue(2);
    assertThat(TraceConfig.fromEnvironment(Map.of()).rank()).isEmpty();
  }

  @Test
  void theStepReachesEverySpanUnderItAndTravelsInTheCarrier() {
    start(TestRuns.config(dir));
    Map<String, String> carrier;
    try (TraceScope step = Trace.step(42);
        TraceScope rollout = Trace.span("rollout")) {
      BATCH.start().end();
      carrier = Trace.inject(new HashMap<>());
    }
    try (TraceScope worker = Trace.span("worker", Map.of(), carrier)) {
      // a child process continuing the trace
    }
    Trace.span("after").close();

    AttributeKey<Long> step = AttributeKey.longKey("spanweave.step");
    assertThat(only("rollout").getAttributes().get(step)).isEqualTo(42L);
    assertThat(only("Engine.batch").getAttributes().get(step)).isEqualTo(42L);
    assertThat(only("worker").getAttributes().get(step)).isEqualTo(42L);
    assertThat(only("after").getAttributes().get(step)).isNull();
  }

  @Test
  void aWrappedPoolRunsTasksUnderTheSubmittersSpan() throws Exception {
    start(TestRuns.config(dir));
    ExecutorService pool = TraceContext.wrap(Executors.newFixedThreadPool(2));
    try {
      String traceId;
      try (TraceScope parent = Trace.span("parent")) {
        traceId = TraceContext.current().traceId();
        pool.submit(() -> Trace.span("in.pool.runnable").close()).get();
        pool.submit(() -> Trace.call("in.pool.callable", () -> 1)).get();
        pool.invokeAll(List.of((Callable<Integer>) () -> Trace.call("in.pool.invokeAll", () -> 2)));
      }
      for (String name : List.of("in.pool.runnable", "in.pool.callable", "in.pool.invokeAll")) {
        assertThat(only(name).getTraceId()).as(name).isEqualTo(traceId);
        assertThat(only(name).getParentSpanId()).as(name).isEqualTo(only("parent").getSpanId());
        assertThat(only(name).getAttributes().get(AttributeKey.stringKey("thread.name")))
            .as(name)
            .startsWith("pool-");
      }
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void wrappedTasksRunUnderTheContextOfWhereTheyWereWrapped() throws Exception {
    start(TestRuns.config(dir));
    ExecutorService plain = Executors.newSingleThreadExecutor();
    try {
      Runnable runnable;
      Callable<Integer> callable;
      Supplier<Integer> supplier;
      String parentId;
      try (TraceScope parent = Trace.span("parent")) {
        parentId = TraceContext.current().spanId();
        runnable = TraceContext.wrap((Runnable) () -> Trace.span("runnable").close());
        callable = TraceContext.wrap((Callable<Integer>) () -> Trace.call("callable", () -> 1));
        supplier = TraceContext.wrap((Supplier<Integer>) () -> Trace.call("supplier", () -> 2));
      }
      plain.submit(runnable).get();
      plain.submit(callable).get();
      CompletableFuture.supplyAsync(supplier, plain).get();
      plain.submit(() -> Trace.span("unwrapped").close()).get();

      for (String name : List.of("runnable", "callable", "supplier")) {
        assertThat(only(name).getParentSpanId()).as(name).isEqualTo(parentId);
      }
      assertThat(only("unwrapped").getParentSpanContext().isValid())
          .as("a plain pool loses the context")
          .isFalse();
    } finally {
      plain.shutdown();
    }
  }
}
