package io.spanweave.api.internal;

import io.opentelemetry.api.baggage.Baggage;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.context.Context;
import io.spanweave.conventions.SpanAttributes;

/**
 * The fields every span gets at its start, whoever starts it: the thread ({@code thread.id}, {@code
 * thread.name}), the process's rank when known, the step from the parent context's baggage, and the
 * run id when the resource does not carry it (an application's own OpenTelemetry). They are set on
 * the builder so that samplers and the live file see them. Public for spanweave's own modules that
 * start spans of their own (the GenAI client span); not part of the API.
 */
public final class SpanStartFields {

  private static final AttributeKey<Long> THREAD_ID =
      AttributeKey.longKey(SpanAttributes.THREAD_ID);
  private static final AttributeKey<String> THREAD_NAME =
      AttributeKey.stringKey(SpanAttributes.THREAD_NAME);
  private static final AttributeKey<Long> RANK = AttributeKey.longKey(SpanAttributes.RANK);
  private static final AttributeKey<Long> LOCAL_RANK =
      AttributeKey.longKey(SpanAttributes.LOCAL_RANK);
  private static final AttributeKey<Long> STEP = AttributeKey.longKey(SpanAttributes.STEP);
  private static final AttributeKey<String> RUN_ID = AttributeKey.stringKey(SpanAttributes.RUN_ID);

  private SpanStartFields() {}

  /**
   * @param parent the context the span starts under
   */
  public static SpanBuilder apply(SpanBuilder builder, ActiveTracing active, Context parent) {
    Thread thread = Thread.currentThread();
    builder.setAttribute(THREAD_ID, thread.getId());
    builder.setAttribute(THREAD_NAME, thread.getName());
    if (active.rank != null) {
      builder.setAttribute(RANK, active.rank);
    }
    if (active.localRank != null) {
      builder.setAttribute(LOCAL_RANK, active.localRank);
    }
    if (active.runIdOnSpans) {
      builder.setAttribute(RUN_ID, active.runId);
    }
    Long step = stepOf(parent);
    if (step != null) {
      builder.setAttribute(STEP, step);
    }
    return builder;
  }

  /**
   * The step in {@code context}'s baggage; {@code null} when there is none or it is not a number.
   */
  public static Long stepOf(Context context) {
    Baggage baggage =
        Baggage.fromContextOrNull(context); // most contexts carry none: no empty baggage to search
    String step = baggage == null ? null : baggage.getEntryValue(SpanAttributes.STEP);
    if (step == null) {
      return null;
    }
    try {
      return Long.parseLong(step.trim());
    } catch (NumberFormatException e) {
      return null; // a foreign or garbled entry: not ours to record
    }
  }
}
