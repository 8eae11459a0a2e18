package com.example.scoring;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

/**
 * {@code @Traced} with Spring's {@code @Async} and {@code @Transactional} on the same bean, for a
 * bean injected by its class (Spring makes the class's delegate and proxies it: the advice runs
 * around the span) and by its interface (the starter wraps Spring's proxy: the span runs around the
 * advice). Both apply either way.
 */
@SuppressWarnings("spanweave:direct-sdk")
@SpringBootTest(classes = {ScoringApplication.class, InMemoryOpenTelemetryConfiguration.class})
@DirtiesContext
class SpringProxiesTest {

  private static final AttributeKey<String> STAGE = AttributeKey.stringKey("spanweave.stage");
  private static final AttributeKey<String> SAMPLE_ID = AttributeKey.stringKey("sample.id");

  @Autowired Filter filter;

  @Autowired RewardLedger ledger;

  @Autowired Archive archive;

  @Autowired JudgeGate gate;

  @Autowired RecordingTransactionManager transactions;

  @Autowired InMemorySpanExporter spans;

  @Autowired OpenTelemetry openTelemetry;

  @BeforeEach
  void clear() {
    spans.reset();
    transactions.reset();
  }

  @Test
  void aClassBeanIsMadeAsItsDelegateAndInjectedByTheClassUnderSpringsProxy() {
    assertThat(AopUtils.isCglibProxy(filter)).isTrue();
    assertThat(AopUtils.getTargetClass(filter).getName())
        .isEqualTo("com.example.scoring.TracedFilter");
    assertThat(AopUtils.getTargetClass(ledger).getName())
        .isEqualTo("com.example.scoring.TracedRewardLedger");
  }

  @Test
  void asyncAndTracedOnAClassBothApplyTheSpanRunsOnTheExecutorUnderTheCallersSpan()
      throws Exception {
    gate.hold();
    String caller = Thread.currentThread().getName();
    Span callerSpan = openTelemetry.getTracer("test").spanBuilder("caller").startSpan();
    CompletableFuture<String> filtered;
    try (Scope ignored = callerSpan.makeCurrent()) {
      filtered = filter.filter("sample-10");
    } finally {
      callerSpan.end();
    }

    // @Async applied: the call returned while the filter waits on Spring's executor ...
    assertThat(filtered).isNotDone();
    gate.release();
    String executor = filtered.get(30, TimeUnit.SECONDS);
    assertThat(executor).isNotEqualTo(caller);
    // ... and @Traced applied inside it, on the executor, under the caller's span (the
    // application's
    // TaskDecorator carries the context there).
    SpanData span = awaitSpan("Filter.filter");
    assertThat(span.getAttributes().get(STAGE)).isEqualTo("filter");
    assertThat(span.getAttributes().get(SAMPLE_ID)).isEqualTo("sample-10");
    assertThat(span.getAttributes().get(AttributeKey.stringKey("thread.name"))).isEqualTo(executor);
    assertThat(span.getParentSpanId()).isEqualTo(callerSpan.getSpanContext().getSpanId());
    assertThat(span.getTraceId()).isEqualTo(callerSpan.getSpanContext().getTraceId());
  }

  @Test
  void transactionalAndTracedOnAClassBothApplyTheTransactionEnclosesTheSpan() {
    assertThat(ledger.record("sample-11"))
        .as("a transaction is open in the traced method")
        .isTrue();

    assertThat(transactions.finished())
        .containsExactly(new RecordingTransactionManager.Record(false, true));
    SpanData span = onlySpan();
    assertThat(span.getName()).isEqualTo("RewardLedger.record");
    assertThat(span.getAttributes().get(STAGE)).isEqualTo("record_reward");
    assertThat(span.getAttributes().get(SAMPLE_ID)).isEqualTo("sample-11");
  }

  @Test
  void transactionalAndTracedOnAnInterfaceBeanBothApplyTheSpanEnclosesTheTransaction() {
    assertThat(archive.getClass().getSimpleName()).isEqualTo("TracedArchive");

    assertThat(archive.archive("sample-12"))
        .as("a transaction is open in the bean's method")
        .isTrue();

    assertThat(transactions.finished())
        .containsExactly(new RecordingTransactionManager.Record(true, true));
    SpanData span = onlySpan();
    assertThat(span.getName()).isEqualTo("Archive.archive");
    assertThat(span.getAttributes().get(STAGE)).isEqualTo("archive");
    assertThat(span.getAttributes().get(SAMPLE_ID)).isEqualTo("sample-12");
  }

  private SpanData onlySpan() {
    List<SpanData> finished = spans.getFinishedSpanItems();
    assertThat(finished).hasSize(1);
    return finished.get(0);
  }

  /**
   * The span ends on the executor's thread just after the future completes: wait for it, bounded.
   */
  private SpanData awaitSpan(String name) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (spans.getFinishedSpanItems().stream().noneMatch(s -> s.getName().equals(name))
        && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    return spans.getFinishedSpanItems().stream()
        .filter(s -> s.getName().equals(name))
        .findFirst()
        .orElseThrow();
  }
}
