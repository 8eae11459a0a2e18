package io.spanweave.genai;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TracingFaults;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.api.internal.TraceContexts;
import io.spanweave.genai.internal.GenAiSpans;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One call to a model, or one tool execution, recorded as OpenTelemetry's GenAI span. Start it on
 * the thread that makes the call (the span becomes a child of the span current there, such as the
 * stage that calls the model); end or fail it from any thread, such as the one a streaming library
 * calls back on:
 *
 * <pre>{@code
 * GenAiCall call = GenAiCall.start(GenAiRequest.chat("openai", "gpt-4o-mini").streaming(true));
 * // on the library's thread:
 * call.firstChunk();                       // gen_ai.response.time_to_first_chunk, once
 * call.end(GenAiResponse.builder().model("gpt-4o-mini-2024-07-18").inputTokens(12L).outputTokens(34L).build());
 * // or: call.fail(exception);  call.fail("429");
 * }</pre>
 *
 * <p>The first {@code end} or {@code fail} ends the span; later ones are ignored. No method throws:
 * a fault of the tracing is reported to {@link TracingFaults} and the call goes on. The span is not
 * made current anywhere; {@link #context()} gives its context for work that should run under it.
 * While tracing is off, {@link #start} and {@link #startTool} return one shared no-op.
 */
public final class GenAiCall {

  private static final GenAiCall NOOP = new GenAiCall(null, null, null, 0L);
  private static final String OTHER_ERROR = "_OTHER";

  private final ActiveTracing active;
  private final Span span;
  private final Context context;
  private final long startNanos;
  private final AtomicBoolean ended = new AtomicBoolean();
  private final AtomicBoolean chunked = new AtomicBoolean();

  private GenAiCall(ActiveTracing active, Span span, Context context, long startNanos) {
    this.active = active;
    this.span = span;
    this.context = context;
    this.startNanos = startNanos;
  }

  /**
   * Starts the span of a call to a model, {@code <operation> <model>} of kind CLIENT, as a child of
   * the span current on this thread now.
   */
  public static GenAiCall start(GenAiRequest request) {
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return NOOP;
    }
    if (request == null) {
      TracingFaults.report(
          "genai", "GenAiCall.start was given no request; the call is not traced", null);
      return NOOP;
    }
    try {
      Context parent = Context.current();
      Span span =
          GenAiSpans.startModelCall(
              active,
              parent,
              request.operation(),
              request.provider(),
              request.model(),
              request.temperature(),
              request.maxTokens(),
              request.topP());
      return new GenAiCall(active, span, parent.with(span), System.nanoTime());
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("genai", "could not start the GenAI span of " + request, e);
      return NOOP;
    }
  }

  /**
   * Starts the span of a tool execution, {@code execute_tool <toolName>}, as a child of the span
   * current on this thread now. End it with {@code end(GenAiResponse.none())} or {@code fail(...)}.
   */
  public static GenAiCall startTool(String toolName) {
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return NOOP;
    }
    try {
      Context parent = Context.current();
      Span span = GenAiSpans.startToolExecution(active, parent, toolName);
      return new GenAiCall(active, span, parent.with(span), System.nanoTime());
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("genai", "could not start the span of tool '" + toolName + "'", e);
      return NOOP;
    }
  }

  /**
   * The first chunk of a streamed response arrived: records {@code
   * gen_ai.response.time_to_first_chunk} in seconds since the start. Only the first call counts;
   * none after the end.
   */
  public void firstChunk() {
    if (span == null || ended.get() || !chunked.compareAndSet(false, true)) {
      return;
    }
    try {
      span.setAttribute(GenAiSpans.TIME_TO_FIRST_CHUNK, (System.nanoTime() - startNanos) / 1e9);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("genai", "could not record the first chunk of a GenAI call", e);
    }
  }

  /**
   * Ends the span with what {@code response} tells; {@code null} is {@link GenAiResponse#none()}.
   */
  public void end(GenAiResponse response) {
    if (span == null || !ended.compareAndSet(false, true)) {
      return;
    }
    try {
      if (response != null) {
        record(response);
      }
      span.setAttribute(GenAiSpans.STATUS, "ok");
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("genai", "could not record the response of a GenAI call", e);
    } finally {
      endSpan();
    }
  }

  /**
   * Ends the span as failed: {@code error.type} is the class name of {@code error} (without the
   * wrappers of a future), status ERROR. The exception's message is not recorded: it may quote the
   * prompt.
   */
  public void fail(Throwable error) {
    fail(error == null ? null : unwrap(error).getClass().getName());
  }

  /**
   * Ends the span as failed with {@code errorType} as {@code error.type}, such as the HTTP status
   * {@code "429"} or {@code "timeout"}; {@code _OTHER} when {@code null} or blank.
   */
  public void fail(String errorType) {
    if (span == null || !ended.compareAndSet(false, true)) {
      return;
    }
    try {
      String type =
          errorType == null || errorType.isBlank() ? OTHER_ERROR : active.truncate(errorType);
      span.setAttribute(GenAiSpans.ERROR_TYPE, type);
      span.setAttribute(GenAiSpans.STATUS, "error");
      span.setStatus(StatusCode.ERROR, type);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("genai", "could not record the failure of a GenAI call", e);
    } finally {
      endSpan();
    }
  }

  /**
   * The context of this call's span (the context current when it started, with the span): attach it
   * with {@code Trace.attach} for work that belongs under the call. A root context when the call is
   * not traced.
   */
  public TraceContext context() {
    if (span == null) {
      return TraceContext.root();
    }
    try {
      return TraceContexts.of(TraceContext.class, context, active.runId);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("genai", "could not hand out the context of a GenAI call", e);
      return TraceContext.root();
    }
  }

  /** Whether this call records a span: {@code false} for the no-op of tracing off. */
  public boolean isRecording() {
    return span != null;
  }

  private void record(GenAiResponse response) {
    if (response.id() != null) {
      span.setAttribute(GenAiSpans.RESPONSE_ID, active.truncate(response.id()));
    }
    if (response.model() != null) {
      span.setAttribute(GenAiSpans.RESPONSE_MODEL, active.truncate(response.model()));
    }
    List<String> reasons = response.finishReasons();
    if (!reasons.isEmpty()) {
      List<String> bounded =
          reasons.size() > active.maxArrayLength
              ? reasons.subList(0, Math.max(0, active.maxArrayLength))
              : reasons;
      span.setAttribute(GenAiSpans.FINISH_REASONS, bounded.stream().map(active::truncate).toList());
    }
    if (response.inputTokens() != null) {
      span.setAttribute(GenAiSpans.INPUT_TOKENS, response.inputTokens());
    }
    if (response.outputTokens() != null) {
      span.setAttribute(GenAiSpans.OUTPUT_TOKENS, response.outputTokens());
    }
  }

  private void endSpan() {
    try {
      span.end();
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("genai", "could not end the span of a GenAI call", e);
    }
  }

  private static Throwable unwrap(Throwable error) {
    Throwable t = error;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  @Override
  public String toString() {
    return span == null
        ? "GenAiCall{not traced}"
        : "GenAiCall{" + span.getSpanContext().getSpanId() + "}";
  }
}
