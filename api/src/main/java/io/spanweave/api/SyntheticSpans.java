package io.spanweave.api;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.conventions.SpanAttributes;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@link Trace#recordSyntheticSpan}: a span that already happened, measured elsewhere, recorded
 * with the times it was given. Its arguments are checked with tracing on or off, as a wrong time is
 * the caller's bug; a fault of the tracing layer is reported, never thrown.
 */
final class SyntheticSpans {

  private SyntheticSpans() {}

  /** As {@link Trace#recordSyntheticSpan} says. */
  static TraceContext record(
      String name,
      long startEpochNanos,
      long endEpochNanos,
      Map<String, ?> attributes,
      Map<String, String> parentCarrier,
      SpanStatus status) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(
          "recordSyntheticSpan: the span name is blank; give the span a constant name");
    }
    if (startEpochNanos < 0) {
      throw new IllegalArgumentException(
          "recordSyntheticSpan('"
              + name
              + "'): startEpochNanos is "
              + startEpochNanos
              + "; it must be nanoseconds since the epoch, 0 or more");
    }
    if (endEpochNanos <= startEpochNanos) {
      throw new IllegalArgumentException(
          "recordSyntheticSpan('"
              + name
              + "'): endEpochNanos "
              + endEpochNanos
              + " is not after startEpochNanos "
              + startEpochNanos
              + "; pass the end time second");
    }
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return TraceContext.root();
    }
    try {
      Span span =
          FacadeSpans.builder(active, name, attributes, parentCarrier)
              .setStartTimestamp(startEpochNanos, TimeUnit.NANOSECONDS)
              .startSpan();
      SpanStatus outcome = status == null ? SpanStatus.OK : status;
      span.setAttribute(SpanAttributes.STATUS, outcome.attributeValue());
      if (outcome != SpanStatus.OK) {
        span.setStatus(StatusCode.ERROR);
      }
      span.end(endEpochNanos, TimeUnit.NANOSECONDS);
      return new TraceContext(Context.root().with(span), active.runId);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("start", "could not record synthetic span '" + name + "'", e);
      return TraceContext.root();
    }
  }
}
