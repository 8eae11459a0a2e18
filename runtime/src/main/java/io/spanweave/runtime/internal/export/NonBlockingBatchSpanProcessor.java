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
 * Batches ended spans to an exporter on one background thread, the way the SDK's {@code
 * BatchSpanProcessor} does, with exact accounting: every span is either exported or counted as
 * dropped, and the first drop of each cause is reported through {@link TracingFaults}. The SDK's
 * processor only reports drops through the metrics SDK, which would add a meter pipeline to every
 * traced program to learn one number.
 *
 * <p>The traced thread only offers the span to a bounded queue: no lock, no I/O. A full queue drops
 * the span (tracing does not slow the program down to save a span), with one exception: in a
 * program's first seconds, while the JIT has not compiled the export path yet, a traced thread that
 * finds the queue full waits for the worker to take a batch ({@link StartupAllowance}: at most 5 s
 * of waiting in all, within the process's first 30 s of export, and never on a worker that has
 * stalled). The queue's bound, and so its memory, is the same either way: at most {@code queueSize}
 * spans wait, and the worker holds at most one batch more.
 *
 * <p><b>Bounded close.</b> {@link #shutdown()} gives the whole final drain one export timeout, the
 * {@code OTEL_BSP_EXPORT_TIMEOUT} of OpenTelemetry's batch processor: batches still queued when it
 * has passed are not sent at all, and whatever was not delivered by then, queued or in flight, is
 * counted as dropped before {@code shutdown()} returns. An endpoint that is closed or never answers
 * costs the program's exit one timeout, not one per batch; and when the last export had already
 * failed, the endpoint is taken to be down and close waits only a moment ({@link
 * #GRACE_WHEN_DOWN_NANOS}) instead of a whole timeout on it again.
 */
public final class NonBlockingBatchSpanProcessor implements SpanProcessor {

  private final SpanExporter exporter;
  private final SpanCounters counters;
  private final long timeoutNanos;
  private final int queueSize;
  private final DrainingQueue<ReadableSpan> queue;

  /** How long close waits for an endpoint whose last export failed. */
  static final long GRACE_WHEN_DOWN_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

  /** Whether the last export failed: its endpoint is probably still down at close. */
  private volatile boolean lastExportFailed;

  /** When the final drain must end; {@code Long.MAX_VALUE} until {@link #shutdown()}. */
  private volatile long closeDeadlineNanos = Long.MAX_VALUE;

  /** Spans of the batch being exported now; guarded by {@code this}, like {@link #abandoned}. */
  private int inFlight;

  /** Set when close gave up on the worker: what it still finishes is already counted as dropped. */
  private boolean abandoned;

  /** A processor with this process's start-up allowance ({@link StartupAllowance#process()}). */
  public NonBlockingBatchSpanProcessor(
      SpanExporter exporter,
      SpanCounters counters,
      int queueSize,
      int batchSize,
      long delayNanos,
      long timeoutNanos) {
    this.exporter = exporter;
    this.counters = counters;
    this.timeoutNanos = timeoutNanos;
    this.queueSize = queueSize;
    this.queue =
        new DrainingQueue<>(
            "spanweave-export",
            queueSize,
            batchSize,
            delayNanos,
            this::export,
            StartupAllowance.process());
  }

  @Override
  public void onStart(Context parentContext, ReadWriteSpan span) {}

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
      TracingFaults.report(
          "closed",
          "span '"
              + span.getName()
              + "' ended after tracing was closed and is not written; "
              + "end spans before Tracing.close(), or close later",
          null);
    } else {
      TracingFaults.report(
          "queue",
          "the export queue ("
              + queueSize
              + " spans) is full, so span '"
              + span.getName()
              + "' and later ones are dropped rather than slow the program down; raise the queue size "
              + "(TraceConfig batch.queueSize, OTEL_BSP_MAX_QUEUE_SIZE) for bursts, or lower batch.delay",
          null);
    }
  }

  @Override
  public boolean isEndRequired() {
    return true;
  }

  /** Runs on the export worker only. */
  private void export(List<ReadableSpan> spans) {
    int queued = queue.queued();
    if (queued >= queueSize / 2) {
      ExportPressure.seen(); // work that can wait (compressing parts) gives way
    } else if (queued >= queueSize / 8) {
      ExportPressure.backlog(); // and takes no more than its share
    }
    long waitNanos = Math.min(timeoutNanos, closeDeadlineNanos - System.nanoTime());
    if (closeDeadlineNanos != Long.MAX_VALUE && waitNanos <= 0) {
      settle(spans.size(), false); // closing, and its time is up: not sent at all
      return;
    }
    synchronized (this) {
      inFlight = spans.size();
    }
    List<SpanData> batch = new ArrayList<>(spans.size());
    for (ReadableSpan span : spans) {
      batch.add(span.toSpanData());
    }
    CompletableResultCode result;
    try {
      result = exporter.export(batch).join(waitNanos, TimeUnit.NANOSECONDS);
    } catch (RuntimeException e) {
      TracingFaults.report("export", "the exporter failed on " + batch.size() + " spans", e);
      result = CompletableResultCode.ofFailure();
    }
    settle(batch.size(), result.isSuccess());
    if (!result.isSuccess() && !result.isDone()) {
      TracingFaults.report(
          "export",
          "an export of "
              + batch.size()
              + " spans took longer than the export timeout; "
              + "they are counted as dropped",
          null);
    }
  }

  private synchronized void settle(int spans, boolean delivered) {
    inFlight = 0;
    lastExportFailed = !delivered;
    if (abandoned) {
      return; // counted as dropped by shutdown already
    }
    (delivered ? counters.exported : counters.dropped).addAndGet(spans);
  }

  @Override
  public CompletableResultCode forceFlush() {
    CompletableResultCode result = new CompletableResultCode();
    queue
        .flush()
        .whenComplete(
            () -> {
              CompletableResultCode flushed = exporter.flush();
              flushed.whenComplete(() -> result.succeed());
            });
    return result;
  }

  @Override
  public CompletableResultCode shutdown() {
    long budgetNanos =
        lastExportFailed ? Math.min(timeoutNanos, GRACE_WHEN_DOWN_NANOS) : timeoutNanos;
    closeDeadlineNanos = System.nanoTime() + budgetNanos;
    // A little past the deadline: the worker's last export is cut at the deadline and then counted.
    // An export already in flight keeps its own timeout; past the budget it is given up and
    // counted.
    boolean drained = queue.shutdown(budgetNanos + TimeUnit.MILLISECONDS.toNanos(200));
    if (!drained) {
      int lost;
      synchronized (this) {
        abandoned = true;
        lost = queue.queued() + inFlight;
        counters.dropped.addAndGet(lost);
      }
      TracingFaults.report(
          "export",
          "the export thread did not finish within the export timeout at close; "
              + lost
              + " spans still queued or in flight are counted as dropped",
          null);
    }
    CompletableResultCode closed = exporter.shutdown();
    return drained ? closed : CompletableResultCode.ofFailure();
  }
}
