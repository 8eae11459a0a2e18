package io.spanweave.api;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.conventions.AttributeValuePolicy;
import io.spanweave.conventions.SensitiveKeys;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The span of a {@link Stage} before its start, as the {@link StageSpanBuilder} that collects its
 * attributes on the OpenTelemetry span builder; {@code start} starts it and returns this same
 * object, now a started {@link RecordingStageSpan}. One object for the builder and the span, so
 * that a traced call allocates one.
 */
final class PendingStageSpan extends RecordingStageSpan implements StageSpanBuilder {

  private static final AttributeKeyCache KEYS = AttributeKeyCache.ATTRIBUTES;

  private final Stage stage;

  /** The OpenTelemetry builder until the span starts, then {@code null}. */
  private SpanBuilder pending;

  /**
   * @param pending the OpenTelemetry builder with the stage's attributes
   */
  PendingStageSpan(ActiveTracing active, Stage stage, SpanBuilder pending) {
    super(active, stage.name(), stage.previews);
    this.stage = stage;
    this.pending = pending;
  }

  /** The builder, handed over once to start the span; {@code null} when it started already. */
  SpanBuilder takeBuilder() {
    SpanBuilder builder = pending;
    pending = null;
    return builder;
  }

  // Each attribute goes to the OpenTelemetry builder; once started, the builder is gone and they
  // are ignored.

  @Override
  public StageSpanBuilder stringAttribute(String key, String value) {
    SpanBuilder builder = pending;
    if (builder == null || value == null) {
      return this;
    }
    AttributeKeyCache.Keys keys = KEYS.of(key);
    if (keys.sensitivity != SensitiveKeys.Sensitivity.NONE) {
      guarded(builder, key, keys.sensitivity, keys.string, value);
      return this;
    }
    builder.setAttribute(keys.string, active.truncate(value));
    if (keys.samplesLogs) {
      sampleForLogs(value);
    }
    return this;
  }

  /** A scalar under a prepared key, while the span has not started. */
  private <T> StageSpanBuilder set(AttributeKey<T> typed, T value) {
    SpanBuilder builder = pending;
    if (builder != null) {
      builder.setAttribute(typed, value);
    }
    return this;
  }

  @Override
  public StageSpanBuilder longAttribute(String key, long value) {
    return set(KEYS.of(key).longKey, value);
  }

  @Override
  public StageSpanBuilder doubleAttribute(String key, double value) {
    return set(KEYS.of(key).doubleKey, value);
  }

  @Override
  public StageSpanBuilder booleanAttribute(String key, boolean value) {
    return set(KEYS.of(key).booleanKey, value);
  }

  /**
   * As {@link AttributeValuePolicy} says for the value: scalars as they are, arrays and lists
   * capped, another object rejected and reported.
   */
  @Override
  public StageSpanBuilder attribute(String key, Object value) {
    SpanBuilder builder = pending;
    if (builder != null && key != null && value != null) {
      builder.setAllAttributes(
          AttributeValues.of(active, name(), Collections.singletonMap(key, value)));
    }
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, String value) {
    SpanBuilder builder = pending;
    if (builder == null || key == null || value == null) {
      return this;
    }
    if (key.sensitivity != SensitiveKeys.Sensitivity.NONE) {
      guarded(builder, key.name(), key.sensitivity, key.string, value);
      return this;
    }
    builder.setAttribute(key.string, active.truncate(value));
    if (key.samplesLogs) {
      sampleForLogs(value);
    }
    return this;
  }

  /**
   * A value under a sensitive key, as {@link AttributeValues#guard} lets it through (apart, to keep
   * the callers small enough to inline).
   */
  private void guarded(
      SpanBuilder builder,
      String key,
      SensitiveKeys.Sensitivity sensitivity,
      AttributeKey<String> typed,
      String value) {
    Object guarded = AttributeValues.guard(key, sensitivity, value, name());
    if (guarded != null) {
      builder.setAttribute(typed, (String) guarded);
    }
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, long value) {
    return key == null ? this : set(key.longKey, value);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, double value) {
    return key == null ? this : set(key.doubleKey, value);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, boolean value) {
    return key == null ? this : set(key.booleanKey, value);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Number value) {
    if (value != null) {
      if (AttributeValuePolicy.isFloating(value)) {
        attribute(key, value.doubleValue());
      } else {
        attribute(key, value.longValue());
      }
    }
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Boolean value) {
    return value == null ? this : attribute(key, value.booleanValue());
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Enum<?> value) {
    SpanBuilder builder = pending;
    if (builder != null && key != null && value != null) {
      builder.setAttribute(key.string, value.name());
    }
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, String[] values) {
    return values == null ? this : attribute(key, Arrays.asList(values));
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, long[] values) {
    return values == null
        ? this
        : array(key, key == null ? null : key.longArray, values.length, i -> values[i]);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, int[] values) {
    return values == null
        ? this
        : array(key, key == null ? null : key.longArray, values.length, i -> (long) values[i]);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, double[] values) {
    return values == null
        ? this
        : array(key, key == null ? null : key.doubleArray, values.length, i -> values[i]);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, boolean[] values) {
    return values == null
        ? this
        : array(key, key == null ? null : key.booleanArray, values.length, i -> values[i]);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, short[] values) {
    return values == null
        ? this
        : array(key, key == null ? null : key.longArray, values.length, i -> (long) values[i]);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, float[] values) {
    return values == null
        ? this
        : array(key, key == null ? null : key.doubleArray, values.length, i -> (double) values[i]);
  }

  private <T> StageSpanBuilder array(
      AttributeName key, AttributeKey<List<T>> typed, int length, IntFunction<T> element) {
    SpanBuilder builder = pending;
    if (builder != null && key != null) {
      builder.setAttribute(typed, capped(length, element));
    }
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Object[] values) {
    return values == null ? this : attribute(key, Arrays.asList(values));
  }

  /**
   * As {@link AttributeValuePolicy} says for lists: capped, {@code null}s skipped, a mixed list
   * rejected and reported.
   */
  @Override
  public StageSpanBuilder attribute(AttributeName key, List<?> values) {
    SpanBuilder builder = pending;
    if (builder != null && key != null && values != null) {
      builder.setAllAttributes(
          AttributeValues.of(active, name(), Collections.singletonMap(key.name(), values)));
    }
    return this;
  }

  @Override
  public StageSpan start() {
    SpanBuilder builder = pending;
    if (builder == null) {
      return StageSpan.NOOP; // started already
    }
    pending = null;
    Span started;
    Scope scope;
    try {
      // The current context is read once: the parent, and (with the span) the context made current.
      Context parent = Context.current();
      started = stage.startSpan(builder, active, parent);
      scope = LogCorrelation.makeCurrent(parent, started);
    } catch (RuntimeException | LinkageError e) {
      return stage.startFailed(e);
    }
    return started(started, scope);
  }

  @Override
  public StageSpan startOutbound(Map<String, String> carrier) {
    return stage.outbound(this, carrier);
  }

  @Override
  public StageSpan startOutbound(TraceCarrier carrier) {
    return stage.outbound(this, carrier);
  }

  @Override
  public StageSpan startInbound(Map<String, String> carrier) {
    return stage.inbound(this, carrier);
  }

  @Override
  public StageSpan startInbound(TraceCarrier carrier) {
    return stage.inbound(this, carrier);
  }

  @Override
  public <A> StageSpan start(StageAdvice<? super A> advice, A argument) {
    return stage.start(this, advice, argument);
  }

  @Override
  public <A> StageSpan startBatch(StageAdvice<? super A> advice, Iterable<? extends A> arguments) {
    return stage.startBatch(this, advice, arguments);
  }
}
