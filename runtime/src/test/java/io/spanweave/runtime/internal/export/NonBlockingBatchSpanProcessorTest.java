package io.spanweave.runtime.internal.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.api.TracingFaults;
import java.util.Collection;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class NonBlockingBatchSpanProcessorTest {

  /** An exporter that holds its first export until released, as a stalled disk would. */
  static final class StalledExporter implements SpanExporter {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final AtomicInteger exported = new AtomicInteger();

    @Override
    public CompletableResultCode export(Collection<SpanData> spans) {
      entered.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      exported.addAndGet(spans.size());
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode flush() {
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
      return CompletableResultCode.ofSuccess();
    }
  }

  @Test
  void aFullQueueDropsAndCountsSpansInsteadOfBlockingTheTracedThread() throws Exception {
    StalledExporter exporter = new StalledExporter();
    SpanCounters counters = new SpanCounters();
    NonBlockingBatchSpanProcessor processor =
        new NonBlockingBatchSpanProcessor(
            exporter,
            counters,
            2,
            1,
            TimeUnit.MILLISECONDS.toNanos(1),
            TimeUnit.SECONDS.toNanos(30));
    SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(processor).build();
    Tracer tracer = provider.get("test");
    long faults = TracingFaults.count("queue");

    tracer.spanBuilder("first").startSpan().end();
    assertThat(exporter.entered.await(30, TimeUnit.SECONDS))
        .as("the worker took the first span")
        .isTrue();
    int more = 50;
    for (int i = 0; i < more; i++) {
      tracer
          .spanBuilder("more")
          .startSpan()
          .end(); // the worker is stalled: at most 2 fit in the queue
    }
    assertThat(counters.dropped.get()).isEqualTo(more - 2);
    assertThat(TracingFaults.count("queue")).isEqualTo(faults + more - 2);

    exporter.release.countDown();
    provider.shutdown().join(30, TimeUnit.SECONDS);

    assertThat(exporter.exported.get()).isEqualTo(3);
    assertThat(counters.exported.get()).isEqualTo(3);
    assertThat(counters.exported.get() + counters.dropped.get()).isEqualTo(1 + more);
  }

  @Test
  void aFailedExportCountsItsSpansAsDropped() {
    SpanExporter failing =
        new SpanExporter() {
          @Override
          public CompletableResultCode export(Collection<SpanData> spans) {
            return CompletableResultCode.ofFailure();
          }

          @Override
          public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
          }

          @Override
          public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
          }
        };
    SpanCounters counters = new SpanCounters();
    SdkTracerProvider provider =
        SdkTracerProvider.builder()
            .addSpanProcessor(
                new NonBlockingBatchSpanProcessor(
                    failing,
                    counters,
                    100,
                    10,
                    TimeUnit.HOURS.toNanos(1),
                    TimeUnit.SECONDS.toNanos(30)))
            .build();

    for (int i = 0; i < 15; i++) {
      provider.get("test").spanBuilder("s").startSpan().end();
    }
    provider.forceFlush().join(30, TimeUnit.SECONDS);

    assertThat(counters.dropped.get()).isEqualTo(15);
    assertThat(counters.exported.get()).isZero();
    provider.shutdown().join(30, TimeUnit.SECONDS);
  }
}
