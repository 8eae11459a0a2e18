package io.spanweave.api;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.conventions.SpanAttributes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * A {@link StageSpan} backed by an OpenTelemetry span that is current from start until end. A
 * stage's span begins as a {@link PendingStageSpan}, the builder of its attributes, and is this
 * once started: one object for both, so that a traced call allocates one. This class keeps the
 * span's life (start, failure, previews, advice, end); the values it records are its superclass's.
 */
sealed class RecordingStageSpan extends AttributeRecordingSpan permits PendingStageSpan {

  private static final AttributeKey<String> STATUS = AttributeKey.stringKey(SpanAttributes.STATUS);
  private static final AttributeKey<String> ERROR_TYPE =
      AttributeKey.stringKey(SpanAttributes.ERROR_TYPE);
  private static final AttributeKey<String> EXCEPTION_TYPE =
      AttributeKey.stringKey("exception.type");
  private static final AttributeKey<String> EXCEPTION_MESSAGE =
      AttributeKey.stringKey("exception.message");
  private static final AttributeKey<String> PREVIEW_NAME =
      AttributeKey.stringKey(SpanAttributes.PREVIEW_NAME);
  private static final AttributeKey<String> PREVIEW_TEXT =
      AttributeKey.stringKey(SpanAttributes.PREVIEW_TEXT);
  private static final AttributeKey<String> REDACTION =
      AttributeKey.stringKey(SpanAttributes.REDACTION);

  /** A bit of {@link #state}: the span has ended. */
  private static final int ENDED = 1;

  /**
   * A bit of {@link #state}: the stage asked for previews and they are switched on, so previews and
   * exception messages are recorded.
   */
  private static final int PREVIEWS = 2;

  /**
   * A bit of {@link #state}: the stage asked for previews but they are switched off, which the span
   * says.
   */
  private static final int PREVIEWS_OFF = 4;

  private static final VarHandle STATE;

  static {
    try {
      STATE = MethodHandles.lookup().findVarHandle(RecordingStageSpan.class, "state", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  // Every span of a traced call allocates one of these, so it keeps to 40 bytes (compressed
  // references; 48 as a PendingStageSpan): what only some spans need lives in Extras.
  // active, name and span are AttributeRecordingSpan's.
  private Scope scope;
  private Throwable error;

  /** {@code null} until a span needs one of its fields. */
  private Extras extras;

  /**
   * {@link #PREVIEWS}, fixed at construction, and {@link #ENDED}, set once by {@link #finish} (with
   * a compare-and-set when an advice must see the end once).
   */
  private int state;

  /**
   * What only some spans need: an advice, a detached start, previews' redaction, the sample id for
   * log lines.
   */
  private static final class Extras {
    /**
     * The sample id among the attributes given before the start, for the MDC (only while SLF4J is
     * there).
     */
    String sample;

    /** The strongest spanweave.redaction so far; guarded by the span. */
    String redaction;

    /** The parent's context with this span, for a span started detached; else {@code null}. */
    Context detachedContext;

    StageAdvice<Object> advice;
    Iterable<?> adviceArguments;

    /** The call's result, for the advice's end. */
    Object result;
  }

  /** A span of the {@link Trace} facade, started already. */
  RecordingStageSpan(
      ActiveTracing active, String name, Span span, Scope scope, boolean wantsPreviews) {
    this(active, name, wantsPreviews);
    started(span, scope);
  }

  /**
   * A span about to start: {@link #started} records its start.
   *
   * @param wantsPreviews whether the stage captures previews ({@code Capture.PREVIEW})
   */
  RecordingStageSpan(ActiveTracing active, String name, boolean wantsPreviews) {
    super(active, name);
    this.state = !wantsPreviews ? 0 : active.previewsEnabled ? PREVIEWS : PREVIEWS_OFF;
  }

  /**
   * Records that the span started and was made current ({@code scope}, {@code null} when it was
   * not).
   */
  final RecordingStageSpan started(Span span, Scope scope) {
    this.span = span;
    this.scope = scope;
    if (state != 0 || extras != null) {
      afterStart(); // kept apart: most spans need none of it, and start stays small enough to
      // inline
    }
    return this;
  }

  /**
   * What some spans need once started: the note that previews are off, the sample id in the MDC.
   */
  private void afterStart() {
    if ((state & PREVIEWS_OFF) != 0) {
      span.setAttribute(REDACTION, Preview.NOT_CAPTURED);
    }
    Extras extras = this.extras;
    if (extras != null && extras.sample != null) {
      LogCorrelation.sample(
          extras.sample); // once current, so that the stage's scope restores the MDC
    }
  }

  /**
   * Notes the sample id among the attributes given before the start, for log lines once the span is
   * current.
   */
  final void sampleForLogs(String sampleId) {
    extras().sample = sampleId;
  }

  /** Makes {@code advice} see every element of {@code arguments} at the end of this span. */
  @SuppressWarnings("unchecked")
  void adviseEnd(StageAdvice<?> advice, Iterable<?> arguments) {
    Extras extras = extras();
    extras.advice = (StageAdvice<Object>) advice;
    extras.adviceArguments = arguments;
  }

  /**
   * The extras, made on first use: by the starting thread before the span is handed out (sample,
   * advice, detached start) or under this span's monitor (redaction).
   */
  private Extras extras() {
    Extras extras = this.extras;
    if (extras == null) {
      extras = new Extras();
      this.extras = extras;
    }
    return extras;
  }

  private boolean previews() {
    return (state & PREVIEWS) != 0;
  }

  /** Marks this span as started under {@code parent} and never made current. */
  RecordingStageSpan detachedUnder(Context parent) {
    extras().detachedContext = parent.with(span);
    return this;
  }

  @Override
  public void preview(String previewName, Object value) {
    if (!previews()) {
      return;
    }
    try {
      Preview preview = Preview.of(previewName, value, active.previewMaxBytes);
      span.addEvent(
          SpanAttributes.PREVIEW_EVENT,
          Attributes.of(
              PREVIEW_NAME,
              previewName,
              PREVIEW_TEXT,
              preview.text(),
              REDACTION,
              preview.redaction()));
      noteRedaction(preview.redaction());
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      TracingFaults.report(
          "preview",
          "could not record the preview '" + previewName + "' of span '" + name + "'",
          e);
    }
  }

  private synchronized void noteRedaction(String redactionState) {
    Extras extras = extras();
    if (extras.redaction == null || strength(redactionState) > strength(extras.redaction)) {
      extras.redaction = redactionState;
      span.setAttribute(REDACTION, redactionState);
    }
  }

  private static int strength(String state) {
    return Preview.REDACTED.equals(state) ? 2 : Preview.TRUNCATED.equals(state) ? 1 : 0;
  }

  @Override
  public void link(TraceContext context) {
    if (context == null || !context.isValid()) {
      return;
    }
    if (!context.belongsTo(active.runId)) {
      TracingFaults.report(
          "carrier",
          "span '"
              + name
              + "' was asked to link to a span of run "
              + context.runId()
              + ", but this process records run "
              + active.runId
              + "; carriers are run-scoped, so no link was recorded",
          null);
      return;
    }
    span.addLink(Span.fromContext(context.otelContext()).getSpanContext());
  }

  @Override
  public void metricFailed(RuntimeException failure) {
    TracingFaults.report(
        "metric",
        "reading a metric of span '"
            + name
            + "' threw after the traced call succeeded; "
            + "the result was returned and the metric skipped. Fix the getter or remove the metric",
        failure);
  }

  /**
   * The redacted preview of {@code cause}'s message; {@code null} when it has none or it cannot be
   * read.
   */
  private Preview messagePreview(Throwable cause) {
    try {
      String message = cause.getMessage(); // user code: an exception may compute its message
      return message == null
          ? null
          : Preview.of("exception.message", message, active.previewMaxBytes);
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      TracingFaults.report(
          "preview", "could not record the exception message of span '" + name + "'", e);
      return null;
    }
  }

  @Override
  public void fail(Throwable failure) {
    this.error = failure;
    Throwable cause = FailureStatus.cause(failure);
    String type = cause.getClass().getName();
    span.setAttribute(STATUS, FailureStatus.of(failure).attributeValue());
    span.setAttribute(ERROR_TYPE, type);
    // The exception event carries the type only: messages may hold payloads or secrets. With
    // previews on, the message is recorded like a preview: redacted and cut.
    Preview message = previews() ? messagePreview(cause) : null;
    if (message == null) {
      span.addEvent("exception", Attributes.of(EXCEPTION_TYPE, type));
    } else {
      span.addEvent(
          "exception", Attributes.of(EXCEPTION_TYPE, type, EXCEPTION_MESSAGE, message.text()));
      noteRedaction(message.redaction());
    }
    span.setStatus(StatusCode.ERROR, type);
  }

  /**
   * Kept only for an advice's end, which is the only reader; an advice is set before the span is
   * handed out.
   */
  @Override
  public void returned(Object value) {
    Extras extras = this.extras;
    if (extras != null) {
      extras.result = value;
    }
  }

  @Override
  public TraceContext context() {
    Extras extras = this.extras;
    Context context = extras == null ? null : extras.detachedContext;
    if (context == null) {
      // A span made current at its start: the current context holds it on its own thread, with the
      // baggage it started under; elsewhere only the span itself is known.
      Context current = Context.current();
      context = Span.fromContext(current) == span ? current : Context.root().with(span);
    }
    return new TraceContext(context, active.runId);
  }

  // The hot path of a traced call (start, end) keeps every method that gets this object small and
  // leaves rare work (an advice, a fault) to branches the JIT never compiles in: the object then
  // stays inside the generated method once inlined, where escape analysis can drop it.

  @Override
  public void end() {
    Scope open = scope;
    if (open != null) {
      scope = null;
      close(open, name);
    }
    finish();
  }

  private static void close(Scope scope, String spanName) {
    try {
      scope.close();
    } catch (RuntimeException e) {
      TracingFaults.report("scope", "could not restore the context of span '" + spanName + "'", e);
    }
  }

  private void finish() {
    int before = state;
    if ((before & ENDED) != 0) {
      return;
    }
    Extras extras = this.extras;
    if (extras != null && extras.advice != null) {
      finishAdvised(before, extras.advice, extras);
      return;
    }
    // Without an advice a plain flag is enough: only two threads ending the span at once could
    // both pass it, and then OpenTelemetry records the first end and ignores the second (the
    // API's contract). A compare-and-set on every span costs a locked instruction.
    state = before | ENDED;
    endOtelSpan(span, error);
  }

  private void finishAdvised(int before, StageAdvice<Object> advice, Extras extras) {
    if (!STATE.compareAndSet(this, before, before | ENDED)) {
      return; // the advice sees the end exactly once
    }
    for (Object argument : extras.adviceArguments) {
      try {
        advice.onEnd(this, argument, extras.result, error);
      } catch (RuntimeException | LinkageError e) {
        TracingFaults.report(
            "advice",
            "advice " + advice.getClass().getName() + " failed at the end of span '" + name + "'",
            e);
      }
    }
    endOtelSpan(span, error);
  }

  private static void endOtelSpan(Span span, Throwable error) {
    if (error == null) {
      span.setAttribute(STATUS, "ok");
    }
    span.end();
  }

  private void closeScope() {
    Scope open = scope;
    scope = null;
    if (open != null) {
      close(open, name);
    }
  }

  @Override
  public <T, S extends CompletionStage<T>> S endWhenComplete(S stage, Consumer<? super T> onValue) {
    closeScope();
    if (stage == null) {
      finish();
      return null;
    }
    try {
      stage.whenComplete(
          (value, failure) -> {
            if (failure != null) {
              fail(failure);
            } else {
              returned(value);
              if (onValue != null && value != null) {
                try {
                  onValue.accept(value);
                } catch (RuntimeException e) {
                  TracingFaults.report(
                      "metric", "could not read the metrics of span '" + name + "'", e);
                }
              }
            }
            finish();
          });
    } catch (RuntimeException e) {
      TracingFaults.report("async", "could not watch the completion of span '" + name + "'", e);
      finish();
    }
    return stage;
  }
}
