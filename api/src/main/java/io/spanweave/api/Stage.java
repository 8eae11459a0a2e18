package io.spanweave.api;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.spanweave.annotations.Capture;
import io.spanweave.annotations.Kind;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.api.internal.SpanStartFields;
import io.spanweave.conventions.SpanAttributes;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * A traced stage, defined once per method as a constant of a generated delegate, and the factory of
 * its spans:
 *
 * <pre>{@code
 * private static final Stage GENERATE = Stage.define("RolloutWorker.generate", "generate", Kind.MODEL);
 * ...
 * StageSpan span = GENERATE.start();
 * StageSpan span = GENERATE.spanBuilder().stringAttribute("sample.id", sampleId).start(); // attributes from the start
 * }</pre>
 *
 * <p>Every {@code start} method returns {@link StageSpan#NOOP} while tracing is off, after a single
 * volatile read and without allocating; so does {@link #spanBuilder()} return {@link
 * StageSpanBuilder#NOOP}. None of them throws.
 */
public final class Stage {

  private static final AttributeKey<String> STAGE = AttributeKey.stringKey(SpanAttributes.STAGE);
  private static final AttributeKey<String> KIND = AttributeKey.stringKey(SpanAttributes.KIND);
  private static final AttributeKey<String> CODE_FUNCTION =
      AttributeKey.stringKey(SpanAttributes.CODE_FUNCTION);

  private final String name;
  private final String stage;
  private final String kind;

  /**
   * The constant attributes of {@code @Traced(attributes)}; {@code null} when there are none (most
   * stages).
   */
  private final Attributes constantAttributes;

  final boolean previews;

  private Stage(
      String name, String stage, String kind, Attributes constantAttributes, boolean previews) {
    this.name = name;
    this.stage = stage;
    this.kind = kind;
    this.constantAttributes = constantAttributes;
    this.previews = previews;
  }

  /**
   * Defines a stage with no constant attributes; the same as {@link #define(String, String, Kind,
   * String...)} with none, which javac resolves without trying the variable-arity forms.
   *
   * @param name the span name, a constant such as {@code RolloutWorker.generate}
   * @param stage the stage for grouping, recorded as {@code spanweave.stage}
   * @param kind what the stage does, recorded as {@code spanweave.kind}
   */
  public static Stage define(String name, String stage, Kind kind) {
    return define(name, stage, kind, Capture.OFF);
  }

  /**
   * Defines a stage.
   *
   * @param name the span name, a constant such as {@code RolloutWorker.generate}
   * @param stage the stage for grouping, recorded as {@code spanweave.stage}
   * @param kind what the stage does, recorded as {@code spanweave.kind}
   * @param constantAttributes alternating keys and values recorded on every span of the stage
   */
  public static Stage define(String name, String stage, Kind kind, String... constantAttributes) {
    return define(name, stage, kind, Capture.OFF, constantAttributes);
  }

  /**
   * As {@link #define(String, String, Kind, String...)}, with what the stage's spans capture: with
   * {@link Capture#PREVIEW} their {@link StageSpan#preview} calls record previews and their
   * failures the exception message, both redacted and bounded.
   */
  public static Stage define(
      String name, String stage, Kind kind, Capture capture, String... constantAttributes) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(capture, "capture");
    Objects.requireNonNull(stage, "stage");
    Objects.requireNonNull(kind, "kind");
    if (constantAttributes.length % 2 != 0) {
      throw new IllegalArgumentException(
          "Stage "
              + name
              + ": constant attributes must come in key, value pairs, got "
              + constantAttributes.length
              + " strings");
    }
    Attributes constants = null;
    if (constantAttributes.length > 0) {
      AttributesBuilder attributes = Attributes.builder();
      for (int i = 0; i < constantAttributes.length; i += 2) {
        attributes.put(AttributeKey.stringKey(constantAttributes[i]), constantAttributes[i + 1]);
      }
      constants = attributes.build();
    }
    return new Stage(name, stage, kind.attributeValue(), constants, capture == Capture.PREVIEW);
  }

  /** The span name. */
  public String name() {
    return name;
  }

  /** Starts a span under the current context and makes it current. */
  public StageSpan start() {
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return StageSpan.NOOP;
    }
    SpanBuilder builder = otelBuilder(active);
    return builder == null ? StageSpan.NOOP : new PendingStageSpan(active, this, builder).start();
  }

  /**
   * A span about to start, to give attributes before it starts (samplers and the start record in
   * {@code live.jsonl} see them); then one of its {@code start} methods, which are this class's.
   */
  public StageSpanBuilder spanBuilder() {
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return StageSpanBuilder.NOOP;
    }
    SpanBuilder builder = otelBuilder(active);
    // The builder and the span it starts are one object, kept small, so that a traced call
    // allocates one at most (none when the JIT inlines it all and keeps it off the heap).
    return builder == null ? StageSpanBuilder.NOOP : new PendingStageSpan(active, this, builder);
  }

  /**
   * The OpenTelemetry builder with the stage's attributes; {@code null}, reported, when it cannot
   * be made.
   */
  private SpanBuilder otelBuilder(ActiveTracing active) {
    try {
      return newBuilder(active);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("start", "could not start span '" + name + "'", e);
      return null;
    }
  }

  /**
   * A new OpenTelemetry builder with the stage's attributes, set one by one through prepared keys
   * ({@code setAllAttributes} would walk an {@code Attributes} through a callback each time).
   */
  private SpanBuilder newBuilder(ActiveTracing active) {
    SpanBuilder builder =
        active
            .tracer
            .spanBuilder(name)
            .setAttribute(STAGE, stage)
            .setAttribute(KIND, kind)
            .setAttribute(CODE_FUNCTION, name);
    return constantAttributes == null ? builder : builder.setAllAttributes(constantAttributes);
  }

  /**
   * Starts the span of {@link StageSpanBuilder#start()} under {@code parent}, the current context:
   * the work of a start, kept apart from the stage span so that the JIT can inline the span's own
   * part and keep it off the heap.
   */
  Span startSpan(SpanBuilder builder, ActiveTracing active, Context parent) {
    builder.setParent(parent); // INTERNAL is the builder's default kind
    return SpanStartFields.apply(builder, active, parent).startSpan();
  }

  /** Reports a span that could not start; {@link StageSpan#NOOP} stands in for it. */
  StageSpan startFailed(Throwable fault) {
    TracingFaults.report("start", "could not start span '" + name + "'", fault);
    return StageSpan.NOOP;
  }

  /**
   * Whether tracing is on now: one volatile read. For helpers that build something only spans need,
   * such as the operators around a reactive stream, and skip it while tracing is off.
   */
  public static boolean tracingOn() {
    return ActiveTracing.current() != null;
  }

  /**
   * Starts a span under {@code parent} (under the current context when {@code null}) without making
   * it current: for work that runs later and on other threads, such as the subscription of a
   * reactive stream. {@link StageSpan#context()} gives the context to run that work under; end the
   * span with {@link StageSpan#end()} on any thread. A {@code parent} of another run is reported to
   * {@link TracingFaults} and the span starts a new trace.
   */
  public StageSpan startDetached(TraceContext parent) {
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return StageSpan.NOOP;
    }
    try {
      Context parentContext;
      if (parent == null) {
        parentContext = Context.current();
      } else if (parent.belongsTo(active.runId)) {
        parentContext = parent.otelContext();
      } else {
        reportForeignRun(active, parent.runId(), "the parent it was given");
        parentContext = Context.root();
      }
      Span span = builder(active, null, parentContext, SpanKind.INTERNAL).startSpan();
      return new RecordingStageSpan(active, name, previews)
          .started(span, null)
          .detachedUnder(parentContext);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("start", "could not start span '" + name + "'", e);
      return StageSpan.NOOP;
    }
  }

  /**
   * Starts a CLIENT span and writes its context into {@code carrier} (W3C {@code traceparent},
   * {@code tracestate}, {@code baggage}), so that the callee continues this trace.
   */
  public StageSpan startOutbound(Map<String, String> carrier) {
    return outbound(null, carrier);
  }

  /** As {@link #startOutbound(Map)} for a {@link TraceCarrier}. */
  public StageSpan startOutbound(TraceCarrier carrier) {
    return outbound(null, carrier);
  }

  /** Starts a SERVER span whose parent is the context read from {@code carrier}. */
  public StageSpan startInbound(Map<String, String> carrier) {
    return inbound(null, carrier);
  }

  /** As {@link #startInbound(Map)} for a {@link TraceCarrier}. */
  public StageSpan startInbound(TraceCarrier carrier) {
    return inbound(null, carrier);
  }

  /**
   * Starts a span with an advice: the advice may choose the parent and give start attributes, sees
   * the span once started and again at its end, with {@code argument}.
   */
  public <A> StageSpan start(StageAdvice<? super A> advice, A argument) {
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return StageSpan.NOOP;
    }
    return start(active, null, advice, argument);
  }

  /** {@link StageSpanBuilder#start(StageAdvice, Object)}. */
  <A> StageSpan start(PendingStageSpan pending, StageAdvice<? super A> advice, A argument) {
    return start(pending.active, pending, advice, argument);
  }

  private <A> StageSpan start(
      ActiveTracing active, PendingStageSpan pending, StageAdvice<? super A> advice, A argument) {
    if (!AdviceCalls.enabled(advice)) {
      return startUnder(active, pending, null, SpanKind.INTERNAL);
    }
    TraceContext parent = null;
    try {
      parent = advice.parent(argument);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report(
          "advice",
          "advice "
              + advice.getClass().getName()
              + " failed to give the parent of span '"
              + name
              + "'",
          e);
    }
    Context parentContext = parent == null ? null : parent.otelContext();
    if (parent != null && !parent.belongsTo(active.runId)) {
      reportForeignRun(active, parent.runId(), "the parent its advice gave");
      parentContext = Context.root();
    }
    StageSpan span = startAdvised(active, pending, parentContext, advice, argument);
    if (span instanceof RecordingStageSpan) {
      ((RecordingStageSpan) span).adviseEnd(advice, Collections.singletonList(argument));
      AdviceCalls.onStart(name, advice, span, argument);
    }
    return span;
  }

  /**
   * Starts one span for a batch of arguments: it stays under the current context and carries a link
   * to each argument's own parent, so that every sample's trace shows the batch call.
   */
  public <A> StageSpan startBatch(StageAdvice<? super A> advice, Iterable<? extends A> arguments) {
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return StageSpan.NOOP;
    }
    return startBatch(active, null, advice, arguments);
  }

  /** {@link StageSpanBuilder#startBatch(StageAdvice, Iterable)}. */
  <A> StageSpan startBatch(
      PendingStageSpan pending, StageAdvice<? super A> advice, Iterable<? extends A> arguments) {
    return startBatch(pending.active, pending, advice, arguments);
  }

  private <A> StageSpan startBatch(
      ActiveTracing active,
      PendingStageSpan pending,
      StageAdvice<? super A> advice,
      Iterable<? extends A> arguments) {
    if (arguments == null || !AdviceCalls.enabled(advice)) {
      return startUnder(active, pending, null, SpanKind.INTERNAL);
    }
    try {
      AdviceCalls.addLiveKeys(active, advice);
      SpanBuilder builder = builder(active, pending, null, SpanKind.INTERNAL);
      if (builder == null) {
        return StageSpan.NOOP; // started already
      }
      for (A argument : arguments) {
        TraceContext parent = advice.parent(argument);
        if (parent != null && parent.isValid()) {
          if (parent.belongsTo(active.runId)) {
            builder.addLink(Span.fromContext(parent.otelContext()).getSpanContext());
          } else {
            reportForeignRun(active, parent.runId(), "a link its advice gave");
          }
        }
      }
      A only = onlyElement(arguments);
      if (only != null) {
        AdviceCalls.startAttributes(
            name, active, builder, advice,
            only); // a batch of one serves one argument, like a plain call
      }
      RecordingStageSpan span = open(active, pending, builder);
      span.adviseEnd(advice, arguments);
      for (A argument : arguments) {
        AdviceCalls.onStart(name, advice, span, argument);
      }
      return span;
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("advice", "could not start the batch span '" + name + "'", e);
      return StageSpan.NOOP;
    }
  }

  /**
   * Starts the span of a call with one advised argument, with the attributes the advice gives
   * before the start.
   */
  private <A> StageSpan startAdvised(
      ActiveTracing active,
      PendingStageSpan pending,
      Context parent,
      StageAdvice<? super A> advice,
      A argument) {
    try {
      AdviceCalls.addLiveKeys(active, advice);
      SpanBuilder builder = builder(active, pending, parent, SpanKind.INTERNAL);
      if (builder == null) {
        return StageSpan.NOOP; // started already
      }
      AdviceCalls.startAttributes(name, active, builder, advice, argument);
      return open(active, pending, builder);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("start", "could not start span '" + name + "'", e);
      return StageSpan.NOOP;
    }
  }

  /** The element of a batch of exactly one, else {@code null}. */
  private static <A> A onlyElement(Iterable<? extends A> arguments) {
    Iterator<? extends A> elements = arguments.iterator();
    if (!elements.hasNext()) {
      return null;
    }
    A first = elements.next();
    return elements.hasNext() ? null : first;
  }

  /**
   * @param pending the builder that holds the span's attributes, {@code null} when started from
   *     this class
   */
  StageSpan outbound(PendingStageSpan pending, Object carrier) {
    ActiveTracing active = pending != null ? pending.active : ActiveTracing.current();
    if (active == null) {
      return StageSpan.NOOP;
    }
    StageSpan span = startUnder(active, pending, null, SpanKind.CLIENT);
    if (carrier == null) {
      TracingFaults.report(
          "carrier",
          "the carrier of outbound span '" + name + "' is null; nothing was injected",
          null);
      return span;
    }
    try {
      Carriers.inject(active, Context.current(), carrier);
    } catch (RuntimeException e) {
      TracingFaults.report(
          "carrier", "could not inject the context of span '" + name + "' into its carrier", e);
    }
    return span;
  }

  /**
   * @param pending the builder that holds the span's attributes, {@code null} when started from
   *     this class
   */
  StageSpan inbound(PendingStageSpan pending, Object carrier) {
    ActiveTracing active = pending != null ? pending.active : ActiveTracing.current();
    if (active == null) {
      return StageSpan.NOOP;
    }
    Context parent = null;
    boolean unverified = false;
    try {
      parent = Carriers.extract(active, carrier);
      String carrierRun = RunBaggage.runOf(parent);
      if (carrierRun != null && !carrierRun.equals(active.runId)) {
        reportForeignRun(active, carrierRun, "its carrier");
        parent = Context.root();
      } else if (Carriers.unverified(parent)) {
        if (active.strictCarriers) {
          Carriers.reportRefusedUnverified(active, name);
          parent = Context.root();
        } else {
          unverified =
              true; // W3C behaviour: joined, and marked so that a reader knows no run vouched for
          // it
        }
      }
    } catch (RuntimeException e) {
      TracingFaults.report(
          "carrier", "could not read the parent of span '" + name + "' from its carrier", e);
    }
    return startUnder(active, pending, parent, SpanKind.SERVER, unverified);
  }

  /**
   * Generated code never throws: a carrier is data from another process, so a context of another
   * run is a fault to report, and the span starts a trace of its own in this run (or goes
   * unlinked).
   */
  private void reportForeignRun(ActiveTracing active, String foreignRun, String what) {
    TracingFaults.report(
        "carrier",
        "span '"
            + name
            + "' got a context of run "
            + foreignRun
            + " from "
            + what
            + ", but this process records run "
            + active.runId
            + "; carriers are run-scoped, so the span starts a new trace "
            + "(or records no link) instead of joining another run. Start the caller with this run's "
            + "TraceRuntime.childEnvironment() so that both record one run",
        null);
  }

  private StageSpan startUnder(
      ActiveTracing active, PendingStageSpan pending, Context parent, SpanKind kind) {
    return startUnder(active, pending, parent, kind, false);
  }

  private StageSpan startUnder(
      ActiveTracing active,
      PendingStageSpan pending,
      Context parent,
      SpanKind kind,
      boolean parentUnverified) {
    try {
      SpanBuilder builder = builder(active, pending, parent, kind);
      if (builder == null) {
        return StageSpan.NOOP; // started already
      }
      if (parentUnverified) {
        builder.setAttribute(SpanAttributes.PARENT_RUN_VERIFIED, false);
      }
      return open(active, pending, builder);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("start", "could not start span '" + name + "'", e);
      return StageSpan.NOOP;
    }
  }

  /**
   * The builder of the span: {@code pending}'s, which holds the stage's and the parameters'
   * attributes already, or a new one; {@code null} when {@code pending} started already.
   */
  private SpanBuilder builder(
      ActiveTracing active, PendingStageSpan pending, Context parent, SpanKind kind) {
    SpanBuilder builder = pending != null ? pending.takeBuilder() : newBuilder(active);
    if (builder == null) {
      return null;
    }
    // The current context is read once here and given to the builder, which would read it again.
    Context parentContext = parent != null ? parent : Context.current();
    builder.setSpanKind(kind).setParent(parentContext);
    return SpanStartFields.apply(builder, active, parentContext);
  }

  /**
   * Starts the span and makes it current: in {@code pending}, or in a new stage span when {@code
   * null}.
   */
  private RecordingStageSpan open(
      ActiveTracing active, PendingStageSpan pending, SpanBuilder builder) {
    Span span = builder.startSpan();
    return (pending != null ? pending : new RecordingStageSpan(active, name, previews))
        .started(span, LogCorrelation.makeCurrent(span));
  }

  @Override
  public String toString() {
    return "Stage{" + name + "}";
  }
}
