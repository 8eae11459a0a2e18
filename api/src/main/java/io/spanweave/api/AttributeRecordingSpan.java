package io.spanweave.api;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.conventions.AttributeValuePolicy;
import io.spanweave.conventions.SensitiveKeys;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The values a started stage span records on its OpenTelemetry span: attributes as {@link
 * AttributeValuePolicy} and {@link SensitiveKeys} say (strings truncated or guarded, arrays
 * capped), metrics (with their GenAI name too), events. The span's life, from start to end, is
 * {@link RecordingStageSpan}'s, the only subclass: one object for both, as a traced call allocates
 * one.
 */
abstract sealed class AttributeRecordingSpan extends StageSpan permits RecordingStageSpan {

  private static final AttributeKeyCache KEYS = AttributeKeyCache.ATTRIBUTES;
  private static final AttributeKeyCache METRIC_KEYS = AttributeKeyCache.METRICS;

  final ActiveTracing active;
  final String name;

  /**
   * Set once, by the starting thread, before the span is handed out: other threads get it through
   * what hands them the span (a future, an executor, a context), which publishes it.
   */
  Span span;

  AttributeRecordingSpan(ActiveTracing active, String name) {
    this.active = active;
    this.name = name;
  }

  Span otelSpan() {
    return span;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean isRecording() {
    return span.isRecording();
  }

  @Override
  public void attribute(String key, String value) {
    if (value != null) {
      AttributeKeyCache.Keys keys = KEYS.of(key);
      if (keys.sensitivity != SensitiveKeys.Sensitivity.NONE) {
        Object guarded = AttributeValues.guard(key, keys.sensitivity, value, name);
        if (guarded != null) {
          span.setAttribute(keys.string, (String) guarded);
        }
        return;
      }
      span.setAttribute(keys.string, active.truncate(value));
      if (keys.samplesLogs) {
        LogCorrelation.sample(value);
      }
    }
  }

  @Override
  public void attribute(String key, long value) {
    span.setAttribute(KEYS.of(key).longKey, value);
  }

  @Override
  public void attribute(String key, double value) {
    span.setAttribute(KEYS.of(key).doubleKey, value);
  }

  @Override
  public void attribute(String key, boolean value) {
    span.setAttribute(KEYS.of(key).booleanKey, value);
  }

  @Override
  public void attribute(String key, Number value) {
    if (value != null) {
      number(KEYS.of(key), value);
    }
  }

  /** A {@code Number} as a double or a long, as {@link AttributeValuePolicy#isFloating} says. */
  private void number(AttributeKeyCache.Keys keys, Number value) {
    if (AttributeValuePolicy.isFloating(value)) {
      span.setAttribute(keys.doubleKey, value.doubleValue());
    } else {
      span.setAttribute(keys.longKey, value.longValue());
    }
  }

  @Override
  public void attribute(String key, Boolean value) {
    if (value != null) {
      span.setAttribute(KEYS.of(key).booleanKey, value);
    }
  }

  @Override
  public void attribute(String key, Enum<?> value) {
    if (value != null) {
      span.setAttribute(KEYS.of(key).string, value.name());
    }
  }

  @Override
  public void attribute(String key, String[] values) {
    if (values != null) {
      attribute(key, Arrays.asList(values));
    }
  }

  @Override
  public void attribute(String key, long[] values) {
    if (values != null) {
      span.setAttribute(AttributeKey.longArrayKey(key), capped(values.length, i -> values[i]));
    }
  }

  @Override
  public void attribute(String key, int[] values) {
    if (values != null) {
      span.setAttribute(
          AttributeKey.longArrayKey(key), capped(values.length, i -> (long) values[i]));
    }
  }

  @Override
  public void attribute(String key, double[] values) {
    if (values != null) {
      span.setAttribute(AttributeKey.doubleArrayKey(key), capped(values.length, i -> values[i]));
    }
  }

  @Override
  public void attribute(String key, boolean[] values) {
    if (values != null) {
      span.setAttribute(AttributeKey.booleanArrayKey(key), capped(values.length, i -> values[i]));
    }
  }

  @Override
  public void attribute(String key, short[] values) {
    if (values != null) {
      span.setAttribute(
          AttributeKey.longArrayKey(key), capped(values.length, i -> (long) values[i]));
    }
  }

  @Override
  public void attribute(String key, float[] values) {
    if (values != null) {
      span.setAttribute(
          AttributeKey.doubleArrayKey(key), capped(values.length, i -> (double) values[i]));
    }
  }

  /**
   * The first {@code maxArrayLength} elements of an array of {@code length}, boxed for OTel's array
   * attributes.
   */
  final <T> List<T> capped(int length, IntFunction<T> element) {
    return AttributeValues.capped(length, active.maxArrayLength, element);
  }

  @Override
  public void attribute(String key, Object[] values) {
    if (values != null) {
      attribute(key, Arrays.asList(values));
    }
  }

  /**
   * As {@link AttributeValuePolicy} says for lists: capped, {@code null}s skipped, a mixed list
   * rejected and reported.
   */
  @Override
  public void attribute(String key, List<?> values) {
    if (values != null && key != null) {
      span.setAllAttributes(
          AttributeValues.of(active, name, Collections.singletonMap(key, values)));
    }
  }

  @Override
  public void metric(String key, long value) {
    longMetric(key, value);
  }

  @Override
  public void metric(String key, double value) {
    doubleMetric(key, value);
  }

  @Override
  public void metric(String key, boolean value) {
    booleanMetric(key, value);
  }

  @Override
  public void metric(String key, Number value) {
    numberMetric(key, value);
  }

  @Override
  public void metric(String key, Boolean value) {
    booleanObjectMetric(key, value);
  }

  @Override
  public void longMetric(String key, long value) {
    longMetric(METRIC_KEYS.of(key), value);
  }

  @Override
  public void doubleMetric(String key, double value) {
    doubleMetric(METRIC_KEYS.of(key), value);
  }

  @Override
  public void booleanMetric(String key, boolean value) {
    booleanMetric(METRIC_KEYS.of(key), value);
  }

  @Override
  public void numberMetric(String key, Number value) {
    if (value != null) {
      numberMetric(METRIC_KEYS.of(key), value);
    }
  }

  @Override
  public void booleanObjectMetric(String key, Boolean value) {
    if (value != null) {
      booleanMetric(METRIC_KEYS.of(key), value.booleanValue());
    }
  }

  // A metric keyed with a GenAI name is recorded under that name too (keys.genAi), for LLM
  // backends.

  private void longMetric(AttributeKeyCache.Keys keys, long value) {
    span.setAttribute(keys.longKey, value);
    if (keys.genAi != null) {
      span.setAttribute(keys.genAi.longKey, value);
    }
  }

  private void doubleMetric(AttributeKeyCache.Keys keys, double value) {
    span.setAttribute(keys.doubleKey, value);
    if (keys.genAi != null) {
      span.setAttribute(keys.genAi.doubleKey, value);
    }
  }

  private void booleanMetric(AttributeKeyCache.Keys keys, boolean value) {
    span.setAttribute(keys.booleanKey, value);
    if (keys.genAi != null) {
      span.setAttribute(keys.genAi.booleanKey, value);
    }
  }

  private void numberMetric(AttributeKeyCache.Keys keys, Number value) {
    number(keys, value);
    if (keys.genAi != null) {
      number(keys.genAi, value);
    }
  }

  @Override
  public void event(String name) {
    span.addEvent(name);
  }
}
