package io.spanweave.api;

import java.util.List;
import java.util.Map;

/**
 * A span of a {@link Stage} about to start: what the generated delegates use to record parameter
 * attributes before the span starts, so that samplers and the start record in {@code live.jsonl}
 * see them, and no attribute takes the lock of a started span:
 *
 * <pre>{@code
 * StageSpan span = GENERATE.spanBuilder()      // the shared NOOP when tracing is off
 *     .attribute(SAMPLE_ID_KEY, sampleId)      // an AttributeName constant
 *     .start();
 * }</pre>
 *
 * <p>The {@code start} methods are those of {@link Stage}; a builder starts one span, once.
 * Values are recorded as {@link StageSpan#attribute} records them: strings truncated, arrays
 * capped, text under a secret-looking key redacted, under a payload-looking key dropped.
 * No method throws: a fault of the tracing layer is reported to {@link TracingFaults}.
 */
public abstract class StageSpanBuilder {

  /** The builder handed out whenever tracing is off: every method does nothing, {@code start} gives {@link StageSpan#NOOP}. */
  public static final StageSpanBuilder NOOP = new NoopStageSpanBuilder();

  StageSpanBuilder() {
  }

  /** A string; {@code null} records nothing. */
  public abstract StageSpanBuilder attribute(AttributeName key, String value);

  /** An integer (also used for {@code int}, {@code short}, {@code byte}). */
  public abstract StageSpanBuilder attribute(AttributeName key, long value);

  /** A floating-point number (also used for {@code float}). */
  public abstract StageSpanBuilder attribute(AttributeName key, double value);

  /** A boolean. */
  public abstract StageSpanBuilder attribute(AttributeName key, boolean value);

  /** A boxed number; {@code null} records nothing. */
  public abstract StageSpanBuilder attribute(AttributeName key, Number value);

  /** A boxed boolean; {@code null} records nothing. */
  public abstract StageSpanBuilder attribute(AttributeName key, Boolean value);

  /** An enum constant, recorded by its name. */
  public abstract StageSpanBuilder attribute(AttributeName key, Enum<?> value);

  /** Strings, capped at the configured array length, each truncated. */
  public abstract StageSpanBuilder attribute(AttributeName key, String[] values);

  /** Integers, capped at the configured array length. */
  public abstract StageSpanBuilder attribute(AttributeName key, long[] values);

  /** Integers, capped at the configured array length. */
  public abstract StageSpanBuilder attribute(AttributeName key, int[] values);

  /** Floating-point numbers, capped at the configured array length. */
  public abstract StageSpanBuilder attribute(AttributeName key, double[] values);

  /** Booleans, capped at the configured array length. */
  public abstract StageSpanBuilder attribute(AttributeName key, boolean[] values);

  /** Integers, capped at the configured array length. */
  public abstract StageSpanBuilder attribute(AttributeName key, short[] values);

  /** Floating-point numbers, capped at the configured array length. */
  public abstract StageSpanBuilder attribute(AttributeName key, float[] values);

  /** Boxed numbers, booleans, strings or enums; recorded as an array attribute of the first element's kind. */
  public abstract StageSpanBuilder attribute(AttributeName key, Object[] values);

  /** A list of boxed numbers, booleans, strings or enums; recorded like {@link #attribute(AttributeName, Object[])}. */
  public abstract StageSpanBuilder attribute(AttributeName key, List<?> values);

  /** As {@link Stage#start()}. */
  public abstract StageSpan start();

  /** As {@link Stage#startOutbound(Map)}. */
  public abstract StageSpan startOutbound(Map<String, String> carrier);

  /** As {@link Stage#startOutbound(TraceCarrier)}. */
  public abstract StageSpan startOutbound(TraceCarrier carrier);

  /** As {@link Stage#startInbound(Map)}. */
  public abstract StageSpan startInbound(Map<String, String> carrier);

  /** As {@link Stage#startInbound(TraceCarrier)}. */
  public abstract StageSpan startInbound(TraceCarrier carrier);

  /** As {@link Stage#start(StageAdvice, Object)}. */
  public abstract <A> StageSpan start(StageAdvice<? super A> advice, A argument);

  /** As {@link Stage#startBatch(StageAdvice, Iterable)}. */
  public abstract <A> StageSpan startBatch(StageAdvice<? super A> advice, Iterable<? extends A> arguments);
}
