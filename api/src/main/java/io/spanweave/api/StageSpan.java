package io.spanweave.api;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * One running span of a {@link Stage}, as the generated delegates drive it:
 *
 * <pre>{@code
 * StageSpan span = GENERATE.spanBuilder()       // the shared NOOP when tracing is off
 *     .stringAttribute("sample.id", sampleId)
 *     .start();
 * try {
 *   GenerateResult result = delegate.generate(sampleId, prompt);
 *   span.longMetric("numTokens", result.numTokens());
 *   return result;
 * } catch (Throwable t) {
 *   span.fail(t);
 *   throw t;
 * } finally {
 *   span.end();
 * }
 * }</pre>
 *
 * <p>No method throws: a fault of the tracing layer is reported to {@link TracingFaults}. Strings
 * are truncated and arrays capped at the configured limits.
 */
public abstract class StageSpan implements AttributeSink {

  /** The span handed out whenever tracing is off: every method does nothing. */
  public static final StageSpan NOOP = new NoopStageSpan();

  StageSpan() {}

  /** The span's name, such as {@code RolloutWorker.generate}; empty for {@link #NOOP}. */
  public abstract String name();

  /** Whether this span records anything; {@code false} for {@link #NOOP}. */
  public abstract boolean isRecording();

  /** A string, truncated to the configured length; {@code null} records nothing. */
  public abstract void attribute(String key, String value);

  /** An integer (also used for {@code int}, {@code short}, {@code byte}). */
  public abstract void attribute(String key, long value);

  /** A floating-point number (also used for {@code float}). */
  public abstract void attribute(String key, double value);

  /** A boolean. */
  public abstract void attribute(String key, boolean value);

  /** A boxed number; {@code null} records nothing. */
  public abstract void attribute(String key, Number value);

  /** A boxed boolean; {@code null} records nothing. */
  public abstract void attribute(String key, Boolean value);

  /** An enum constant, recorded by its name. */
  public abstract void attribute(String key, Enum<?> value);

  /** Strings, capped at the configured array length, each truncated. */
  public abstract void attribute(String key, String[] values);

  /** Integers, capped at the configured array length. */
  public abstract void attribute(String key, long[] values);

  /** Integers, capped at the configured array length. */
  public abstract void attribute(String key, int[] values);

  /** Floating-point numbers, capped at the configured array length. */
  public abstract void attribute(String key, double[] values);

  /** Booleans, capped at the configured array length. */
  public abstract void attribute(String key, boolean[] values);

  /** Integers, capped at the configured array length. */
  public abstract void attribute(String key, short[] values);

  /** Floating-point numbers, capped at the configured array length. */
  public abstract void attribute(String key, float[] values);

  /**
   * Boxed numbers, booleans, strings or enums; recorded as an array attribute of the first
   * element's kind.
   */
  public abstract void attribute(String key, Object[] values);

  /**
   * A list of boxed numbers, booleans, strings or enums; recorded like {@link #attribute(String,
   * Object[])}.
   */
  public abstract void attribute(String key, List<?> values);

  /** Records {@code spanweave.metric.<key>}. */
  public abstract void metric(String key, long value);

  /** Records {@code spanweave.metric.<key>}. */
  public abstract void metric(String key, double value);

  /** Records {@code spanweave.metric.<key>}. */
  public abstract void metric(String key, boolean value);

  /** A boxed number; {@code null} records nothing. */
  public abstract void metric(String key, Number value);

  /** A boxed boolean; {@code null} records nothing. */
  public abstract void metric(String key, Boolean value);

  /**
   * As {@link #metric(String, long)}: what generated code calls, one method name per type, so that
   * javac has no overloads to resolve in every delegate.
   */
  public abstract void longMetric(String key, long value);

  /** As {@link #metric(String, double)}, under a name of its own (see {@link #longMetric}). */
  public abstract void doubleMetric(String key, double value);

  /** As {@link #metric(String, boolean)}, under a name of its own (see {@link #longMetric}). */
  public abstract void booleanMetric(String key, boolean value);

  /**
   * As {@link #metric(String, Number)}, under a name of its own (see {@link #longMetric}); {@code
   * null} records nothing.
   */
  public abstract void numberMetric(String key, Number value);

  /**
   * As {@link #metric(String, Boolean)}, under a name of its own (see {@link #longMetric}); {@code
   * null} records nothing.
   */
  public abstract void booleanObjectMetric(String key, Boolean value);

  /** An event on this span with no attributes. */
  public abstract void event(String name);

  /**
   * Records a bounded, redacted preview of {@code value} as a {@code spanweave.preview} event, when
   * the stage captures previews ({@code Capture.PREVIEW}) and previews are not switched off in
   * {@code TraceConfig.previews().enabled()}; otherwise does nothing. Never an attribute, never
   * thrown from: a value that cannot be rendered records {@code <unserializable TypeName>}.
   *
   * @param name what the value is, such as {@code input.prompt}; a secret-looking last word ({@code
   *     input.apiKey}) redacts the whole value
   */
  public abstract void preview(String name, Object value);

  /** {@code preview("output", result)}: the method's result. */
  public final void previewOutput(Object result) {
    preview("output", result);
  }

  /**
   * Links this span to the span of {@code context}, such as the sample a batch call serves or the
   * request that caused this work. A context of another run, or an empty one, is not linked (the
   * former is reported to {@link TracingFaults}).
   */
  public abstract void link(TraceContext context);

  /**
   * Reports that reading a metric threw after the traced call succeeded: a tracing fault, never the
   * caller's problem, so the generated code calls this and returns the result.
   */
  public abstract void metricFailed(RuntimeException failure);

  /**
   * Records a failure: {@code error.type} and ERROR status, with the exception's type; its message
   * only as a redacted preview when the stage captures previews. {@code spanweave.status} tells how
   * it ended: {@code cancelled} for a cancelled future, {@code interrupted} for an interrupted
   * thread or a channel closed by an interrupt, {@code error} otherwise.
   */
  public abstract void fail(Throwable error);

  /**
   * The context of this span, to make current (with {@code Trace.attach}) where work of the span
   * runs on another thread; the root context for {@link #NOOP}.
   */
  public abstract TraceContext context();

  /** Hands the method's result to the stage's advice, if any, for its end-of-span attributes. */
  public abstract void returned(Object result);

  /** Ends the span and restores the context that was current before it started. Idempotent. */
  public abstract void end();

  /**
   * For a method that returns a {@link CompletionStage}: restores the caller's context now and ends
   * the span when {@code stage} completes, recording failure or cancellation. Returns {@code stage}
   * itself, so that cancelling it still reaches the code that produced it.
   */
  public final <T, S extends CompletionStage<T>> S endWhenComplete(S stage) {
    return endWhenComplete(stage, null);
  }

  /**
   * As {@link #endWhenComplete(CompletionStage)}, and reads metrics from the completed value
   * through {@code onValue} before the span ends.
   */
  public abstract <T, S extends CompletionStage<T>> S endWhenComplete(
      S stage, Consumer<? super T> onValue);
}
