package io.spanweave.testing.internal;

import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextKey;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Files every span under the recorder it belongs to, synchronously on the thread that starts or
 * ends it (no queue, no thread): a span is visible to its test the moment it ends.
 *
 * <p>Tracing is process-global, so with tests running in parallel one SDK sees the spans of all of
 * them. A span belongs to the recorder found, in this order,
 *
 * <ol>
 *   <li>in the context it starts under: the recorder's key travels in the OpenTelemetry context, so
 *       it follows the test's thread, {@code TraceContext.wrap}ped tasks and executors, and
 *       contexts captured with {@code TraceContext.current()};
 *   <li>as the recorder of its parent span: a span started under a context read back from a carrier
 *       ({@code Trace.extract}, an inbound boundary) joins its parent's recorder;
 *   <li>in the context current on the starting thread: a span that starts a new trace ({@code
 *       TraceContext.root()}, a foreign carrier) on the test's thread.
 * </ol>
 *
 * A span that matches none (started on a thread that never received the test's context) belongs to
 * no recorder and is only counted.
 */
final class AttributingSpanProcessor implements SpanProcessor {

  /** The recorder of the test a context belongs to. */
  static final ContextKey<SpanBucket> RECORDER = ContextKey.named("spanweave-testing recorder");

  private final Map<String, SpanBucket> bySpanId = new ConcurrentHashMap<>();
  private final AtomicLong unattributed = new AtomicLong();

  @Override
  public void onStart(Context parentContext, ReadWriteSpan span) {
    SpanBucket bucket = parentContext.get(RECORDER);
    SpanContext parent = span.getParentSpanContext();
    if (bucket == null && parent.isValid()) {
      bucket = bySpanId.get(parent.getSpanId());
    }
    if (bucket == null) {
      bucket = Context.current().get(RECORDER);
    }
    if (bucket == null || bucket.isClosed()) {
      unattributed.incrementAndGet();
      return;
    }
    String spanId = span.getSpanContext().getSpanId();
    bySpanId.put(spanId, bucket);
    bucket.started(spanId, span.getName(), parent.isValid() ? parent.getSpanId() : null);
  }

  @Override
  public boolean isStartRequired() {
    return true;
  }

  @Override
  public void onEnd(ReadableSpan span) {
    SpanBucket bucket = bySpanId.get(span.getSpanContext().getSpanId());
    if (bucket != null) {
      bucket.ended(span.getSpanContext().getSpanId(), EndedSpan.of(span.toSpanData()));
    }
  }

  @Override
  public boolean isEndRequired() {
    return true;
  }

  /** Spans that started in no recorder's context since this processor was made. */
  long unattributed() {
    return unattributed.get();
  }

  /**
   * Forgets the ended spans of a closed recorder: spans started later under them belong to no
   * recorder.
   */
  void forget(SpanBucket bucket) {
    for (String spanId : bucket.endedSpanIds()) {
      bySpanId.remove(spanId, bucket);
    }
  }

  @Override
  public CompletableResultCode shutdown() {
    return CompletableResultCode.ofSuccess();
  }

  @Override
  public CompletableResultCode forceFlush() {
    return CompletableResultCode.ofSuccess();
  }
}
