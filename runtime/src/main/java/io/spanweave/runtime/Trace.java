package io.spanweave.runtime;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The basic tracing API for code that is not annotated: spans around blocks, events, attributes,
 * metrics and context propagation by hand.
 *
 * <pre>{@code
 * try (TraceScope s = Trace.span("agent.run", Map.of("task", taskName))) {
 *   Result r = Trace.call("judge", () -> judge(x));
 *   Trace.event("infer.finished", Map.of("num_tokens", 12));
 *   Trace.setAttribute("status", "ok");
 * }
 * Map<String, String> carrier = Trace.inject(new HashMap<>());    // hand to another thread or process
 * try (TraceScope s = Trace.attach(Trace.extract(carrier))) { ... }
 * }</pre>
 *
 * <p>Every method is a no-op while tracing is off, and none throws into the caller: a fault of the
 * tracing layer is reported to {@link TracingFaults}. Exceptions of the traced code pass through
 * {@link #call} and {@link #run} unchanged. Attribute maps keep only strings, numbers, booleans,
 * enums and lists or arrays of one of them; any other value is skipped and reported, never turned
 * into text, because its {@code toString()} is the payload or secret a trace must not hold.
 * Strings are truncated and arrays capped at the configured limits.
 */
public final class Trace {

  /** A body that returns a value and may throw {@code E}; an ordinary lambda, checked exception or not. */
  @FunctionalInterface
  public interface Call<T, E extends Exception> {
    T call() throws E;
  }

  /** A body that returns nothing and may throw {@code E}. */
  @FunctionalInterface
  public interface Run<E extends Exception> {
    void run() throws E;
  }

  private Trace() {
  }

  /** Opens a span under the current context and makes it current until the scope is closed. */
  public static TraceScope span(String name) {
    return span(name, null, null);
  }

  /** As {@link #span(String)}, with attributes. */
  public static TraceScope span(String name, Map<String, ?> attributes) {
    return span(name, attributes, null);
  }

  /**
   * As {@link #span(String, Map)}, under the context read from {@code parentCarrier} (W3C
   * {@code traceparent}), such as the headers of the request being served. A carrier that is
   * {@code null} or holds no context leaves the current context as the parent.
   */
  public static TraceScope span(String name, Map<String, ?> attributes, Map<String, String> parentCarrier) {
    ActiveTracing active = ActiveTracing.current;
    if (active == null) {
      return TraceScope.NOOP;
    }
    try {
      Span span = builder(active, name, attributes, parentCarrier).startSpan();
      return new SpanScope(span, span.makeCurrent());
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("start", "could not start span '" + name + "'", e);
      return TraceScope.NOOP;
    }
  }

  /**
   * Runs {@code body} in a span and returns its result. A failure is recorded on the span (its type,
   * not its message) and rethrown unchanged.
   */
  public static <T, E extends Exception> T call(String name, Call<T, E> body) throws E {
    return call(name, null, body);
  }

  /** As {@link #call(String, Call)}, with attributes. */
  public static <T, E extends Exception> T call(String name, Map<String, ?> attributes, Call<T, E> body) throws E {
    Objects.requireNonNull(body, "body");
    ActiveTracing active = ActiveTracing.current;
    if (active == null) {
      return body.call();
    }
    StageSpan span = open(active, name, attributes);
    try {
      T result = body.call();
      span.returned(result);
      return result;
    } catch (Throwable t) {
      span.fail(t);
      throw t;
    } finally {
      span.end();
    }
  }

  /** Runs {@code body} in a span; a failure is recorded and rethrown unchanged. */
  public static <E extends Exception> void run(String name, Run<E> body) throws E {
    run(name, null, body);
  }

  /** As {@link #run(String, Run)}, with attributes. */
  public static <E extends Exception> void run(String name, Map<String, ?> attributes, Run<E> body) throws E {
    Objects.requireNonNull(body, "body");
    ActiveTracing active = ActiveTracing.current;
    if (active == null) {
      body.run(); // checked before wrapping the body, which would allocate
      return;
    }
    StageSpan span = open(active, name, attributes);
    try {
      body.run();
    } catch (Throwable t) {
      span.fail(t);
      throw t;
    } finally {
      span.end();
    }
  }

  /** Records an event without attributes on the current span. */
  public static void event(String name) {
    event(name, null);
  }

  /** Records an event with attributes on the current span. */
  public static void event(String name, Map<String, ?> attributes) {
    ActiveTracing active = ActiveTracing.current;
    if (active == null || name == null) {
      return;
    }
    try {
      Span span = Span.current();
      if (span.isRecording()) {
        span.addEvent(name, AttributeValues.of(active, name, attributes));
      }
    } catch (RuntimeException e) {
      TracingFaults.report("event", "could not record event '" + name + "'", e);
    }
  }

  /** Sets a string attribute on the current span (truncated to the configured length). */
  public static void setAttribute(String key, String value) {
    if (ActiveTracing.current != null && key != null && value != null) {
      setAttributes(Map.of(key, value));
    }
  }

  /** Sets an integer attribute on the current span. */
  public static void setAttribute(String key, long value) {
    if (ActiveTracing.current != null && key != null) {
      Span.current().setAttribute(key, value);
    }
  }

  /** Sets a floating-point attribute on the current span. */
  public static void setAttribute(String key, double value) {
    if (ActiveTracing.current != null && key != null) {
      Span.current().setAttribute(key, value);
    }
  }

  /** Sets a boolean attribute on the current span. */
  public static void setAttribute(String key, boolean value) {
    if (ActiveTracing.current != null && key != null) {
      Span.current().setAttribute(key, value);
    }
  }

  /** Sets attributes on the current span; values are checked as the class comment says. */
  public static void setAttributes(Map<String, ?> attributes) {
    ActiveTracing active = ActiveTracing.current;
    if (active == null || attributes == null) {
      return;
    }
    try {
      Span span = Span.current();
      if (span.isRecording()) {
        span.setAllAttributes(AttributeValues.of(active, "current span", attributes));
      }
    } catch (RuntimeException e) {
      TracingFaults.report("attribute", "could not set attributes on the current span", e);
    }
  }

  /** Records {@code spanweave.metric.<name>} on the current span. */
  public static void metric(String name, long value) {
    if (ActiveTracing.current != null && name != null) {
      Span.current().setAttribute(SpanAttributes.METRIC_PREFIX + name, value);
    }
  }

  /** Records {@code spanweave.metric.<name>} on the current span. */
  public static void metric(String name, double value) {
    if (ActiveTracing.current != null && name != null) {
      Span.current().setAttribute(SpanAttributes.METRIC_PREFIX + name, value);
    }
  }

  /** Records {@code spanweave.metric.<name>} on the current span; {@code null} records nothing. */
  public static void metric(String name, Number value) {
    if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
      metric(name, value.doubleValue());
    } else if (value != null) {
      metric(name, value.longValue());
    }
  }

  /**
   * Writes the current context into {@code carrier} (W3C {@code traceparent}, {@code tracestate},
   * {@code baggage}) and returns the carrier, so that another thread or process can continue the
   * trace with {@link #extract(Map)}. With tracing off the carrier is returned untouched.
   */
  public static <C extends Map<String, String>> C inject(C carrier) {
    injectInto(carrier);
    return carrier;
  }

  /** As {@link #inject(Map)} for a {@link TraceCarrier}. */
  public static <C extends TraceCarrier> C inject(C carrier) {
    injectInto(carrier);
    return carrier;
  }

  private static void injectInto(Object carrier) {
    ActiveTracing active = ActiveTracing.current;
    if (active == null || carrier == null) {
      return;
    }
    try {
      active.inject(Context.current(), carrier);
    } catch (RuntimeException e) {
      TracingFaults.report("carrier", "could not write the trace context into a carrier", e);
    }
  }

  /** The context written into {@code carrier} by {@link #inject}; a root context when there is none or tracing is off. */
  public static TraceContext extract(Map<String, String> carrier) {
    return extractFrom(carrier);
  }

  /** As {@link #extract(Map)} for a {@link TraceCarrier}. */
  public static TraceContext extract(TraceCarrier carrier) {
    return extractFrom(carrier);
  }

  private static TraceContext extractFrom(Object carrier) {
    ActiveTracing active = ActiveTracing.current;
    if (active == null || carrier == null) {
      return TraceContext.root();
    }
    try {
      return new TraceContext(active.extract(carrier), null);
    } catch (RuntimeException e) {
      TracingFaults.report("carrier", "could not read the trace context from a carrier", e);
      return TraceContext.root();
    }
  }

  /**
   * Makes {@code context} current until the scope is closed: spans started meanwhile on this thread
   * become its children. Close the scope on the same thread.
   */
  public static TraceScope attach(TraceContext context) {
    if (ActiveTracing.current == null || context == null) {
      return TraceScope.NOOP;
    }
    try {
      return new SpanScope(null, context.otelContext().makeCurrent());
    } catch (RuntimeException e) {
      TracingFaults.report("scope", "could not attach " + context, e);
      return TraceScope.NOOP;
    }
  }

  /**
   * Records a span that already happened, measured elsewhere: a step of an external engine, a
   * phase reconstructed from a log. Its parent is the context in {@code parentCarrier}, or the
   * current context when that is {@code null} or empty. Returns the span's context, so that
   * further synthetic spans can be recorded under it (attach it, then record them).
   *
   * <p>Unlike the rest of this class, the arguments are checked, with tracing on or off, since a
   * wrong time is a bug of the caller that should show up in its tests.
   *
   * @param startEpochNanos start, in nanoseconds since the epoch, {@code >= 0}
   * @param endEpochNanos end, in nanoseconds since the epoch, after the start
   * @param status how it ended; {@code null} means {@link SpanStatus#OK}
   * @throws IllegalArgumentException when the name is blank or the times are not ordered
   */
  public static TraceContext recordSyntheticSpan(String name, long startEpochNanos, long endEpochNanos,
      Map<String, ?> attributes, Map<String, String> parentCarrier, SpanStatus status) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("recordSyntheticSpan: the span name is blank; give the span a constant name");
    }
    if (startEpochNanos < 0) {
      throw new IllegalArgumentException("recordSyntheticSpan('" + name + "'): startEpochNanos is " + startEpochNanos
          + "; it must be nanoseconds since the epoch, 0 or more");
    }
    if (endEpochNanos <= startEpochNanos) {
      throw new IllegalArgumentException("recordSyntheticSpan('" + name + "'): endEpochNanos " + endEpochNanos
          + " is not after startEpochNanos " + startEpochNanos + "; pass the end time second");
    }
    ActiveTracing active = ActiveTracing.current;
    if (active == null) {
      return TraceContext.root();
    }
    try {
      Span span = builder(active, name, attributes, parentCarrier)
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

  private static SpanBuilder builder(ActiveTracing active, String name, Map<String, ?> attributes,
      Map<String, String> parentCarrier) {
    SpanBuilder builder = active.tracer.spanBuilder(name == null ? "unnamed" : name).setSpanKind(SpanKind.INTERNAL);
    if (parentCarrier != null) {
      Context parent = active.extract(parentCarrier);
      if (Span.fromContext(parent).getSpanContext().isValid()) {
        builder.setParent(parent);
      } else if (parentCarrier.containsKey("traceparent")) {
        // An empty carrier is a first hop; a traceparent that does not parse is a bug upstream.
        TracingFaults.report("carrier", "the traceparent in the parent carrier of span '" + name + "' is not valid; "
            + "the span stays under the current context", null);
      }
    }
    builder.setAllAttributes(AttributeValues.of(active, name, attributes));
    return builder;
  }

  private static StageSpan open(ActiveTracing active, String name, Map<String, ?> attributes) {
    try {
      Span span = builder(active, name, attributes, null).startSpan();
      return new RecordingStageSpan(active, name, span, span.makeCurrent());
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("start", "could not start span '" + name + "'", e);
      return StageSpan.NOOP;
    }
  }
}
