package io.spanweave.runtime.internal.export;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.api.TracingFaults;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Batches ended spans to an exporter on one background thread, the way the SDK's
 * {@code BatchSpanProcessor} does, with exact accounting: every span is either exported or counted
 * as dropped, and the first drop of each cause is reported through {@link TracingFaults}. The SDK's
 * processor only reports drops through the metrics SDK, which would add a meter pipeline to every
 * traced program to learn one number.
 *
 * <p>The traced thread only offers the span to a bounded queue: no blocking, no lock, no I/O. A full
 * queue drops the span (tracing never slows the program down to save a span).
 */
public final class NonBlockingBatchSpanProcessor implements SpanProcessor {

  private final SpanExporter exporter;
  private final SpanCounters counters;
  private final long timeoutNanos;
  private final int queueSize;
  private final DrainingQueue<ReadableSpan> queue;

  public NonBlockingBatchSpanProcessor(SpanExporter exporter, SpanCounters counters, int queueSize, int batchSize,
      long delayNanos, long timeoutNanos) {
    this.exporter = exporter;
    this.counters = counters;
    this.timeoutNanos = timeoutNanos;
    this.queueSize = queueSize;
    this.queue = new DrainingQueue<>("spanweave-export", queueSize, batchSize, delayNanos, this::export);
  }

  @Override
  public void onStart(Context parentContext, ReadWriteSpan span) {
  }

  @Override
  public boolean isStartRequired() {
    return false;
  }

  @Override
  public void onEnd(ReadableSpan span) {
    if (!span.getSpanContext().isSampled()) {
      return;
    }
    if (queue.offer(span)) {
      return;
    }
    counters.dropped.incrementAndGet();
    if (queue.isShutdown()) {
      TracingFaults.report("closed", "span '" + span.getName() + "' ended after tracing was closed and is not written; "
          + "end spans before Tracing.close(), or close later", null);
    } else {
      TracingFaults.report("queue", "the export queue (" + queueSize + " spans) is full, so span '" + span.getName()
          + "' and later ones are dropped rather than slow the program down; raise TraceConfig.exportQueueSize "
          + "(OTEL_BSP_MAX_QUEUE_SIZE) or lower exportDelay", null);
    }
  }

  @Override
  public boolean isEndRequired() {
    return true;
  }

  /** Runs on the export worker only. */
  private void export(List<ReadableSpan> spans) {
    List<SpanData> batch = new ArrayList<>(spans.size());
    for (ReadableSpan span : spans) {
      batch.add(span.toSpanData());
    }
    CompletableResultCode result;
    try {
      result = exporter.export(batch).join(timeoutNanos, TimeUnit.NANOSECONDS);
    } catch (RuntimeException e) {
      TracingFaults.report("export", "the exporter failed on " + batch.size() + " spans", e);
      result = CompletableResultCode.ofFailure();
    }
    if (result.isSuccess()) {
      counters.exported.addAndGet(batch.size());
    } else {
      counters.dropped.addAndGet(batch.size());
      if (!result.isDone()) {
        TracingFaults.report("export", "an export of " + batch.size() + " spans took longer than the export timeout; "
            + "they are counted as dropped", null);
      }
    }
  }

  @Override
  public CompletableResultCode forceFlush() {
    CompletableResultCode result = new CompletableResultCode();
    queue.flush().whenComplete(() -> {
      CompletableResultCode flushed = exporter.flush();
      flushed.whenComplete(() -> result.succeed());
    });
    return result;
  }

  @Override
  public CompletableResultCode shutdown() {
    boolean drained = queue.shutdown(timeoutNanos);
    if (!drained) {
      TracingFaults.report("export", "the export thread did not finish within the export timeout at close; "
          + "spans still queued are lost", null);
    }
    CompletableResultCode closed = exporter.shutdown();
    return drained ? closed : CompletableResultCode.ofFailure();
  }
}
