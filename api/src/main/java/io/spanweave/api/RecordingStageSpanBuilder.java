package io.spanweave.api;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanBuilder;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.conventions.AttributeValuePolicy;
import io.spanweave.conventions.SensitiveKeys;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * A {@link StageSpanBuilder} while tracing is on: writes each attribute to the OpenTelemetry span
 * builder of the span about to start, through the keys its {@link AttributeName} prepared, and
 * hands the builder to its {@link Stage} to start.
 */
final class RecordingStageSpanBuilder extends StageSpanBuilder {

  final Stage stage;
  final ActiveTracing active;
  final SpanBuilder builder;
  /** The sample id among the attributes, for the MDC once the span is current; {@code null} when none. */
  String sample;

  RecordingStageSpanBuilder(Stage stage, ActiveTracing active, SpanBuilder builder) {
    this.stage = stage;
    this.active = active;
    this.builder = builder;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, String value) {
    if (key == null || value == null) {
      return this;
    }
    if (key.sensitivity != SensitiveKeys.Sensitivity.NONE) {
      guarded(key, value);
      return this;
    }
    builder.setAttribute(key.string, active.truncate(value));
    if (key.samplesLogs) {
      sample = value;
    }
    return this;
  }

  /** A value under a sensitive key, as {@link AttributeValues#guard} lets it through (apart, to keep {@code attribute} small enough to inline). */
  private void guarded(AttributeName key, String value) {
    Object guarded = AttributeValues.guard(key.name(), key.sensitivity, value, stage.name());
    if (guarded != null) {
      builder.setAttribute(key.string, (String) guarded);
    }
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, long value) {
    if (key != null) {
      builder.setAttribute(key.longKey, value);
    }
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, double value) {
    if (key != null) {
      builder.setAttribute(key.doubleKey, value);
    }
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, boolean value) {
    if (key != null) {
      builder.setAttribute(key.booleanKey, value);
    }
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Number value) {
    if (key != null && value != null) {
      if (AttributeValuePolicy.isFloating(value)) {
        builder.setAttribute(key.doubleKey, value.doubleValue());
      } else {
        builder.setAttribute(key.longKey, value.longValue());
      }
    }
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Boolean value) {
    if (key != null && value != null) {
      builder.setAttribute(key.booleanKey, value);
    }
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Enum<?> value) {
    if (key != null && value != null) {
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
    return values == null ? this : array(key, key.longArray, values.length, i -> values[i]);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, int[] values) {
    return values == null ? this : array(key, key.longArray, values.length, i -> (long) values[i]);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, double[] values) {
    return values == null ? this : array(key, key.doubleArray, values.length, i -> values[i]);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, boolean[] values) {
    return values == null ? this : array(key, key.booleanArray, values.length, i -> values[i]);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, short[] values) {
    return values == null ? this : array(key, key.longArray, values.length, i -> (long) values[i]);
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, float[] values) {
    return values == null ? this : array(key, key.doubleArray, values.length, i -> (double) values[i]);
  }

  private <T> StageSpanBuilder array(AttributeName key, AttributeKey<List<T>> typed, int length,
      IntFunction<T> element) {
    if (key != null) {
      builder.setAttribute(typed, AttributeValues.capped(length, active.maxArrayLength, element));
    }
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Object[] values) {
    return values == null ? this : attribute(key, Arrays.asList(values));
  }

  /** As {@link AttributeValuePolicy} says for lists: capped, {@code null}s skipped, a mixed list rejected and reported. */
  @Override
  public StageSpanBuilder attribute(AttributeName key, List<?> values) {
    if (key != null && values != null) {
      builder.setAllAttributes(AttributeValues.of(active, stage.name(), Collections.singletonMap(key.name(), values)));
    }
    return this;
  }

  /** Hands on the fields, not {@code this}: the builder then never leaves the caller's expression, so the JIT can drop it. */
  @Override public StageSpan start() { return stage.start(active, builder, sample); }

  @Override public StageSpan startOutbound(Map<String, String> carrier) { return stage.outbound(this, carrier); }

  @Override public StageSpan startOutbound(TraceCarrier carrier) { return stage.outbound(this, carrier); }

  @Override public StageSpan startInbound(Map<String, String> carrier) { return stage.inbound(this, carrier); }

  @Override public StageSpan startInbound(TraceCarrier carrier) { return stage.inbound(this, carrier); }

  @Override public <A> StageSpan start(StageAdvice<? super A> advice, A argument) { return stage.start(this, advice, argument); }

  @Override
  public <A> StageSpan startBatch(StageAdvice<? super A> advice, Iterable<? extends A> arguments) {
    return stage.startBatch(this, advice, arguments);
  }
}
