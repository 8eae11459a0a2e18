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
 *     .stringAttribute("sample.id", sampleId)
 *     .longAttribute("attempt", attempt)
 *     .start();
 * }</pre>
 *
 * <p>The {@code start} methods are those of {@link Stage}; a builder starts one span, once (the
 * builder and the span it starts are one object, so that a traced call allocates one): after the
 * start it ignores further attributes and a second start gives {@link StageSpan#NOOP}. Values are
 * recorded as {@link StageSpan#attribute} records them: strings truncated, arrays capped, text
 * under a secret-looking key redacted, under a payload-looking key dropped. Keys come as text
 * ({@code "sample.id"}: what generated code writes, one method name per type, so that javac has no
 * overloads to resolve) or prepared once as {@link AttributeName} constants (the {@code attribute}
 * overloads). No method throws: a fault of the tracing layer is reported to {@link TracingFaults}.
 */
public sealed interface StageSpanBuilder permits PendingStageSpan, NoopStageSpan {

  /**
   * The builder handed out whenever tracing is off: every method does nothing, {@code start} gives
   * {@link StageSpan#NOOP}.
   */
  StageSpanBuilder NOOP = (NoopStageSpan) StageSpan.NOOP;

  /** A string; {@code null} records nothing. */
  StageSpanBuilder stringAttribute(String key, String value);

  /** An integer (also used for {@code int}, {@code short}, {@code byte}). */
  StageSpanBuilder longAttribute(String key, long value);

  /** A floating-point number (also used for {@code float}). */
  StageSpanBuilder doubleAttribute(String key, double value);

  /** A boolean. */
  StageSpanBuilder booleanAttribute(String key, boolean value);

  /**
   * Any other value an attribute may hold: a boxed number or boolean, an enum constant (by its
   * name), an array or list of those or of strings (capped); a value of another type is rejected
   * and reported. {@code null} records nothing.
   */
  StageSpanBuilder attribute(String key, Object value);

  /** A string; {@code null} records nothing. */
  StageSpanBuilder attribute(AttributeName key, String value);

  /** An integer (also used for {@code int}, {@code short}, {@code byte}). */
  StageSpanBuilder attribute(AttributeName key, long value);

  /** A floating-point number (also used for {@code float}). */
  StageSpanBuilder attribute(AttributeName key, double value);

  /** A boolean. */
  StageSpanBuilder attribute(AttributeName key, boolean value);

  /** A boxed number; {@code null} records nothing. */
  StageSpanBuilder attribute(AttributeName key, Number value);

  /** A boxed boolean; {@code null} records nothing. */
  StageSpanBuilder attribute(AttributeName key, Boolean value);

  /** An enum constant, recorded by its name. */
  StageSpanBuilder attribute(AttributeName key, Enum<?> value);

  /** Strings, capped at the configured array length, each truncated. */
  StageSpanBuilder attribute(AttributeName key, String[] values);

  /** Integers, capped at the configured array length. */
  StageSpanBuilder attribute(AttributeName key, long[] values);

  /** Integers, capped at the configured array length. */
  StageSpanBuilder attribute(AttributeName key, int[] values);

  /** Floating-point numbers, capped at the configured array length. */
  StageSpanBuilder attribute(AttributeName key, double[] values);

  /** Booleans, capped at the configured array length. */
  StageSpanBuilder attribute(AttributeName key, boolean[] values);

  /** Integers, capped at the configured array length. */
  StageSpanBuilder attribute(AttributeName key, short[] values);

  /** Floating-point numbers, capped at the configured array length. */
  StageSpanBuilder attribute(AttributeName key, float[] values);

  /**
   * Boxed numbers, booleans, strings or enums; recorded as an array attribute of the first
   * element's kind.
   */
  StageSpanBuilder attribute(AttributeName key, Object[] values);

  /**
   * A list of boxed numbers, booleans, strings or enums; recorded like {@link
   * #attribute(AttributeName, Object[])}.
   */
  StageSpanBuilder attribute(AttributeName key, List<?> values);

  /** As {@link Stage#start()}. */
  StageSpan start();

  /** As {@link Stage#startOutbound(Map)}. */
  StageSpan startOutbound(Map<String, String> carrier);

  /** As {@link Stage#startOutbound(TraceCarrier)}. */
  StageSpan startOutbound(TraceCarrier carrier);

  /** As {@link Stage#startInbound(Map)}. */
  StageSpan startInbound(Map<String, String> carrier);

  /** As {@link Stage#startInbound(TraceCarrier)}. */
  StageSpan startInbound(TraceCarrier carrier);

  /** As {@link Stage#start(StageAdvice, Object)}. */
  <A> StageSpan start(StageAdvice<? super A> advice, A argument);

  /** As {@link Stage#startBatch(StageAdvice, Iterable)}. */
  <A> StageSpan startBatch(StageAdvice<? super A> advice, Iterable<? extends A> arguments);
}
