package io.spanweave.runtime;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;

/**
 * A captured trace context: the span that new spans should become children of. Obtain one with
 * {@link #current()} or {@code Trace.extract(carrier)}, hand it to another thread or component,
 * and make it current there with {@code Trace.attach(context)}.
 */
public final class TraceContext {

  private static final TraceContext ROOT = new TraceContext(Context.root(), null);

  private final Context context;
  private final String runId;

  TraceContext(Context context, String runId) {
    this.context = context;
    this.runId = runId;
  }

  /** The context current on this thread; a root (empty) context when nothing is current or tracing is off. */
  public static TraceContext current() {
    ActiveTracing active = ActiveTracing.current;
    if (active == null) {
      return ROOT;
    }
    return new TraceContext(Context.current(), active.runId);
  }

  /** An empty context: spans under it start new traces. */
  public static TraceContext root() {
    return ROOT;
  }

  /** Whether this context names a span (and so a trace) that new spans can join. */
  public boolean isValid() {
    return spanContext().isValid();
  }

  /** The W3C trace id in lower-case hex, or 32 zeros for an empty context. */
  public String traceId() {
    return spanContext().getTraceId();
  }

  /** The W3C span id in lower-case hex, or 16 zeros for an empty context. */
  public String spanId() {
    return spanContext().getSpanId();
  }

  /** The run this context was created in or extracted from, when known; {@code null} otherwise. */
  public String runId() {
    return runId;
  }

  Context otelContext() {
    return context;
  }

  private SpanContext spanContext() {
    return Span.fromContext(context).getSpanContext();
  }

  @Override
  public String toString() {
    return isValid() ? "TraceContext{trace=" + traceId() + ", span=" + spanId() + "}" : "TraceContext{root}";
  }
}
