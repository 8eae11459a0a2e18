package io.spanweave.api;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.spanweave.annotations.Capture;
import io.spanweave.annotations.Kind;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.conventions.AttributeValuePolicy;
import io.spanweave.conventions.GenAiAttributes;
import io.spanweave.conventions.SpanAttributes;
import java.util.Map;
import java.util.Objects;

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
 * into text, because its {@code toString()} is the payload or secret a trace must not hold. Strings
 * are truncated and arrays capped at the configured limits.
 *
 * <p>The exceptions to "never throws" are usage errors the caller must see in its tests: {@link
 * #attach} of a context from another run, and the arguments of {@link #recordSyntheticSpan}.
 */
public final class Trace {

  /**
   * A body that returns a value and may throw {@code E}; an ordinary lambda, checked exception or
   * not.
   */
  @FunctionalInterface
  public interface Call<T, E extends Exception> {
    T call() throws E;
  }

  /** A body that returns nothing and may throw {@code E}. */
  @FunctionalInterface
  public interface Run<E extends Exception> {
    void run() throws E;
  }

  private Trace() {}

  /** Opens a span under the current context and makes it current until the scope is closed. */
  public static TraceScope span(String name) {
    return span(name, null, (Map<String, String>) null);
  }

  /** As {@link #span(String)}, with attributes. */
  public static TraceScope span(String name, Map<String, ?> attributes) {
    return span(name, attributes, (Map<String, String>) null);
  }

  /**
   * As {@link #span(String, Map)}, under the context read from {@code parentCarrier} (W3C {@code
   * traceparent}), such as the headers of the request being served. A carrier that is {@code null}
   * or holds no context leaves the current context as the parent.
   */
  public static TraceScope span(
      String name, Map<String, ?> attributes, Map<String, String> parentCarrier) {
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return TraceScope.NOOP;
    }
    try {
      Span span = FacadeSpans.builder(active, name, attributes, parentCarrier).startSpan();
      return new SpanScope(span, LogCorrelation.makeCurrent(span));
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("start", "could not start span '" + name + "'", e);
      return TraceScope.NOOP;
    }
  }

  /**
   * As {@link #span(String, Map)}, capturing previews when {@code capture} is {@link
   * Capture#PREVIEW}: record them with {@link TraceScope#preview} and {@link
   * TraceScope#previewOutput}. With {@link Capture#OFF} this is {@link #span(String, Map)}.
   *
   * <pre>{@code
   * try (TraceScope s = Trace.span("policy.forward", Map.of("env", "CartPole-v1"), Capture.PREVIEW)) {
   *   s.preview("input.observation", observation);
   *   Action action = policy.forward(observation);
   *   s.previewOutput(action);
   * }
   * }</pre>
   */
  public static TraceScope span(String name, Map<String, ?> attributes, Capture capture) {
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return TraceScope.NOOP;
    }
    if (capture != Capture.PREVIEW) {
      return span(name, attributes, (Map<String, String>) null);
    }
    StageSpan span = FacadeSpans.open(active, name, attributes, true);
    return span == StageSpan.NOOP ? TraceScope.NOOP : new StageSpanScope(span);
  }

  /**
   * As {@link #span(String)}, of the kind {@code kind} (first, so that a call never reads as one of
   * the attribute overloads): recorded as {@code spanweave.kind}, as {@code @Traced(kind = ...)}
   * records it, so the viewer and queries can tell model calls from tool calls and rewards.
   *
   * <pre>{@code
   * try (TraceScope s = Trace.span(Kind.ENV_STEP, "env.step", Map.of("env", "CartPole-v1"))) { ... }
   * }</pre>
   */
  public static TraceScope span(Kind kind, String name) {
    return span(kind, name, null);
  }

  /** As {@link #span(Kind, String)}, with attributes. */
  public static TraceScope span(Kind kind, String name, Map<String, ?> attributes) {
    return spanUnder(name, kind, null, attributes);
  }

  /**
   * As {@link #span(Kind, String, Map)}, at step {@code step} of the training loop: the span and
   * every span under it record {@code spanweave.step} = {@code step}, as inside {@link
   * #step(long)}, without a scope of its own.
   *
   * <pre>{@code
   * try (TraceScope s = Trace.span(Kind.ROLLOUT, "rollout", 42, Map.of("task", "gsm8k"))) { ... }
   * }</pre>
   */
  public static TraceScope span(Kind kind, String name, long step, Map<String, ?> attributes) {
    return spanUnder(name, kind, step, attributes);
  }

  private static TraceScope spanUnder(
      String name, Kind kind, Long step, Map<String, ?> attributes) {
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return TraceScope.NOOP;
    }
    try {
      Context parent =
          step == null ? Context.current() : RunBaggage.withStep(Context.current(), step);
      Span span = FacadeSpans.builderUnder(active, name, kind, attributes, parent).startSpan();
      return new SpanScope(span, LogCorrelation.makeCurrent(parent.with(span)));
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("start", "could not start span '" + name + "'", e);
      return TraceScope.NOOP;
    }
  }

  /**
   * Runs {@code body} in a span and returns its result. A failure is recorded on the span (its
   * type, not its message) and rethrown unchanged.
   */
  public static <T, E extends Exception> T call(String name, Call<T, E> body) throws E {
    return call(name, null, body);
  }

  /** As {@link #call(String, Call)}, with attributes. */
  public static <T, E extends Exception> T call(
      String name, Map<String, ?> attributes, Call<T, E> body) throws E {
    return call(name, attributes, Capture.OFF, body);
  }

  /**
   * As {@link #call(String, Map, Call)}; with {@link Capture#PREVIEW} the result is recorded as the
   * {@code output} preview and a failure's message as a redacted preview.
   */
  public static <T, E extends Exception> T call(
      String name, Map<String, ?> attributes, Capture capture, Call<T, E> body) throws E {
    return callIn(null, name, attributes, capture == Capture.PREVIEW, body);
  }

  /** As {@link #call(String, Call)}, of the kind {@code kind} (see {@link #span(Kind, String)}). */
  public static <T, E extends Exception> T call(Kind kind, String name, Call<T, E> body) throws E {
    return callIn(kind, name, null, false, body);
  }

  /** As {@link #run(String, Run)}, of the kind {@code kind} (see {@link #span(Kind, String)}). */
  public static <E extends Exception> void run(Kind kind, String name, Run<E> body) throws E {
    runIn(kind, name, null, body);
  }

  /**
   * The body of every {@code call}: a span of {@code kind} (none when {@code null}) around {@code
   * body}.
   */
  private static <T, E extends Exception> T callIn(
      Kind kind, String name, Map<String, ?> attributes, boolean previews, Call<T, E> body)
      throws E {
    Objects.requireNonNull(body, "body");
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return body.call();
    }
    StageSpan span = FacadeSpans.open(active, name, kind, attributes, previews);
    try {
      T result = body.call();
      span.returned(result);
      span.previewOutput(result);
      return result;
    } catch (Throwable t) {
      span.fail(t);
      throw t;
    } finally {
      span.end();
    }
  }

  /** The body of every {@code run}, as {@link #callIn} without a result. */
  private static <E extends Exception> void runIn(
      Kind kind, String name, Map<String, ?> attributes, Run<E> body) throws E {
    Objects.requireNonNull(body, "body");
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      body.run(); // checked before wrapping the body, which would allocate
      return;
    }
    StageSpan span = FacadeSpans.open(active, name, kind, attributes, false);
    try {
      body.run();
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
  public static <E extends Exception> void run(String name, Map<String, ?> attributes, Run<E> body)
      throws E {
    runIn(null, name, attributes, body);
  }

  /**
   * Whether tracing runs and its configuration turned on the extension {@code name}, such as the
   * rollout preset's; one volatile read and a set lookup, for advices that ask at every span start.
   */
  public static boolean extensionEnabled(String name) {
    ActiveTracing active = ActiveTracing.current();
    return active != null && active.extensions.contains(name);
  }

  /** Records an event without attributes on the current span. */
  public static void event(String name) {
    event(name, null);
  }

  /** Records an event with attributes on the current span. */
  public static void event(String name, Map<String, ?> attributes) {
    ActiveTracing active = ActiveTracing.current();
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
    if (ActiveTracing.current() != null && key != null && value != null) {
      setAttributes(Map.of(key, value));
    }
  }

  /** Sets an integer attribute on the current span. */
  public static void setAttribute(String key, long value) {
    if (ActiveTracing.current() != null && key != null) {
      Span.current().setAttribute(key, value);
    }
  }

  /** Sets a floating-point attribute on the current span. */
  public static void setAttribute(String key, double value) {
    if (ActiveTracing.current() != null && key != null) {
      Span.current().setAttribute(key, value);
    }
  }

  /** Sets a boolean attribute on the current span. */
  public static void setAttribute(String key, boolean value) {
    if (ActiveTracing.current() != null && key != null) {
      Span.current().setAttribute(key, value);
    }
  }

  /** Sets attributes on the current span; values are checked as the class comment says. */
  public static void setAttributes(Map<String, ?> attributes) {
    ActiveTracing active = ActiveTracing.current();
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

  /**
   * Records {@code spanweave.metric.<name>} on the current span; a GenAI name ({@code
   * gen_ai.usage.input_tokens}) is recorded as it is too.
   */
  public static void metric(String name, long value) {
    if (ActiveTracing.current() != null && name != null) {
      Span span = Span.current();
      span.setAttribute(SpanAttributes.METRIC_PREFIX + name, value);
      if (GenAiAttributes.isGenAi(name)) {
        span.setAttribute(name, value);
      }
    }
  }

  /**
   * Records {@code spanweave.metric.<name>} on the current span; a GenAI name ({@code
   * gen_ai.usage.input_tokens}) is recorded as it is too.
   */
  public static void metric(String name, double value) {
    if (ActiveTracing.current() != null && name != null) {
      Span span = Span.current();
      span.setAttribute(SpanAttributes.METRIC_PREFIX + name, value);
      if (GenAiAttributes.isGenAi(name)) {
        span.setAttribute(name, value);
      }
    }
  }

  /**
   * Records {@code spanweave.metric.<name>} on the current span; a GenAI name ({@code
   * gen_ai.usage.input_tokens}) is recorded as it is too.
   */
  public static void metric(String name, boolean value) {
    if (ActiveTracing.current() != null && name != null) {
      Span span = Span.current();
      span.setAttribute(SpanAttributes.METRIC_PREFIX + name, value);
      if (GenAiAttributes.isGenAi(name)) {
        span.setAttribute(name, value);
      }
    }
  }

  /** Records {@code spanweave.metric.<name>} on the current span; {@code null} records nothing. */
  public static void metric(String name, Number value) {
    if (value != null && AttributeValuePolicy.isFloating(value)) {
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
    ActiveTracing active = ActiveTracing.current();
    if (active == null || carrier == null) {
      return;
    }
    try {
      Carriers.inject(active, Context.current(), carrier);
    } catch (RuntimeException e) {
      TracingFaults.report("carrier", "could not write the trace context into a carrier", e);
    }
  }

  /**
   * The context written into {@code carrier} by {@link #inject}; a root context when there is none
   * or tracing is off.
   */
  public static TraceContext extract(Map<String, String> carrier) {
    return extractFrom(carrier);
  }

  /** As {@link #extract(Map)} for a {@link TraceCarrier}. */
  public static TraceContext extract(TraceCarrier carrier) {
    return extractFrom(carrier);
  }

  private static TraceContext extractFrom(Object carrier) {
    ActiveTracing active = ActiveTracing.current();
    if (active == null || carrier == null) {
      return TraceContext.root();
    }
    try {
      return TraceContext.of(Carriers.extract(active, carrier));
    } catch (RuntimeException e) {
      TracingFaults.report("carrier", "could not read the trace context from a carrier", e);
      return TraceContext.root();
    }
  }

  /**
   * Makes {@code context} current until the scope is closed: spans started meanwhile on this thread
   * become its children. Close the scope on the same thread.
   *
   * @throws IllegalArgumentException when {@code context} belongs to another run than the one this
   *     process records ({@link TraceContext#runId()}): carriers are run-scoped, and joining a
   *     trace of another run would mix two runs in one tree. Start the process that made the
   *     carrier with {@code TraceRuntime.childEnvironment()}, or start a new trace here. With
   *     strict carriers on, a context that names no run (a plain W3C carrier) is not attached: the
   *     fault is reported once and spans stay under the current context.
   */
  public static TraceScope attach(TraceContext context) {
    ActiveTracing active = ActiveTracing.current();
    if (active == null || context == null) {
      return TraceScope.NOOP;
    }
    if (!context.belongsTo(active.runId)) {
      throw new IllegalArgumentException(
          "Trace.attach: the context "
              + context
              + " belongs to run "
              + context.runId()
              + ", but this process records run "
              + active.runId
              + ". Carriers are run-scoped: a span cannot join a trace "
              + "of another run. Start the process that made the carrier with TraceRuntime.childEnvironment() so it joins "
              + "this run, or open a new span here without attaching");
    }
    if (active.strictCarriers && context.runId() == null && context.isValid()) {
      // The same refusal as a span started under such a carrier: strict carriers join only this
      // run's traces.
      Carriers.reportRefusedUnverified(active, "attached context " + context);
      return TraceScope.NOOP;
    }
    try {
      return new SpanScope(null, LogCorrelation.makeCurrent(context.otelContext()));
    } catch (RuntimeException e) {
      TracingFaults.report("scope", "could not attach " + context, e);
      return TraceScope.NOOP;
    }
  }

  /**
   * Links the current span to the span of {@code context}: a related trace that is not its parent,
   * such as the samples a batch call serves. A context of another run, or an empty one, is not
   * linked (the former is reported as a fault). To link at creation, open the span, then link.
   */
  public static void link(TraceContext context) {
    ActiveTracing active = ActiveTracing.current();
    if (active == null || context == null || !context.isValid()) {
      return;
    }
    if (!context.belongsTo(active.runId)) {
      TracingFaults.report(
          "carrier",
          "a span was asked to link to run "
              + context.runId()
              + " but this process records run "
              + active.runId
              + "; carriers are run-scoped, so no link was recorded",
          null);
      return;
    }
    try {
      Span.current().addLink(Span.fromContext(context.otelContext()).getSpanContext());
    } catch (RuntimeException e) {
      TracingFaults.report("link", "could not link the current span to " + context, e);
    }
  }

  /**
   * As {@link #link(TraceContext)} to the context written into {@code carrier} by {@link #inject}.
   */
  public static void link(Map<String, String> carrier) {
    if (ActiveTracing.current() != null && carrier != null) {
      link(extract(carrier));
    }
  }

  /**
   * Makes {@code step} (of a training loop, an episode) the step of every span started under the
   * scope, recorded as {@code spanweave.step}; it travels in the W3C baggage, so spans of a child
   * process that continues the trace record it too. Close the scope on the same thread.
   *
   * <pre>{@code
   * try (TraceScope s = Trace.step(42); TraceScope r = Trace.span("rollout")) { ... }
   * }</pre>
   */
  @SuppressWarnings(
      "MustBeClosedChecker") // the scope is returned inside the TraceScope the caller closes
  public static TraceScope step(long step) {
    if (ActiveTracing.current() == null) {
      return TraceScope.NOOP;
    }
    try {
      return new SpanScope(null, RunBaggage.withStep(Context.current(), step).makeCurrent());
    } catch (RuntimeException e) {
      TracingFaults.report("scope", "could not make step " + step + " current", e);
      return TraceScope.NOOP;
    }
  }

  /**
   * Records a span that already happened, measured elsewhere: a step of an external engine, a phase
   * reconstructed from a log. Its parent is the context in {@code parentCarrier}, or the current
   * context when that is {@code null} or empty. Returns the span's context, so that further
   * synthetic spans can be recorded under it (attach it, then record them).
   *
   * <p>Unlike the rest of this class, the arguments are checked, with tracing on or off, since a
   * wrong time is a bug of the caller that should show up in its tests.
   *
   * @param startEpochNanos start, in nanoseconds since the epoch, {@code >= 0}
   * @param endEpochNanos end, in nanoseconds since the epoch, after the start
   * @param status how it ended; {@code null} means {@link SpanStatus#OK}
   * @throws IllegalArgumentException when the name is blank or the times are not ordered
   */
  public static TraceContext recordSyntheticSpan(
      String name,
      long startEpochNanos,
      long endEpochNanos,
      Map<String, ?> attributes,
      Map<String, String> parentCarrier,
      SpanStatus status) {
    return SyntheticSpans.record(
        name, startEpochNanos, endEpochNanos, attributes, parentCarrier, status);
  }
}
