package io.spanweave.api;

import io.opentelemetry.api.trace.SpanBuilder;
import io.spanweave.api.internal.ActiveTracing;

/**
 * The {@link AttributeSink} an advice's {@link StageAdvice#startAttributes} writes to: the builder
 * of the span about to start, so that the attributes are there when the span starts (samplers and
 * the start record of {@code live.jsonl} see them), with the same truncation as a started span.
 */
final class SpanBuilderAttributes implements AttributeSink {

  private final SpanBuilder builder;
  private final ActiveTracing active;

  SpanBuilderAttributes(SpanBuilder builder, ActiveTracing active) {
    this.builder = builder;
    this.active = active;
  }

  @Override
  public void attribute(String key, String value) {
    if (key != null && value != null) {
      builder.setAttribute(AttributeKeyCache.ATTRIBUTES.of(key).string, active.truncate(value));
    }
  }

  @Override
  public void attribute(String key, long value) {
    if (key != null) {
      builder.setAttribute(AttributeKeyCache.ATTRIBUTES.of(key).longKey, value);
    }
  }

  @Override
  public void attribute(String key, double value) {
    if (key != null) {
      builder.setAttribute(AttributeKeyCache.ATTRIBUTES.of(key).doubleKey, value);
    }
  }

  @Override
  public void attribute(String key, boolean value) {
    if (key != null) {
      builder.setAttribute(AttributeKeyCache.ATTRIBUTES.of(key).booleanKey, value);
    }
  }
}
