package io.spanweave.runtime;

import java.util.Locale;

/**
 * Which traces are recorded, as named by {@code OTEL_TRACES_SAMPLER}. The decision is taken once
 * per trace, at its root span, and every span under it (in this process or a child that continues
 * the trace through a carrier) follows it: a sample is kept or dropped whole. The ratio of the
 * {@code traceidratio} samplers is {@link SamplingSettings#ratio()}.
 */
public enum TraceSampler {
  /** Every span, ignoring the parent's decision. */
  ALWAYS_ON("always_on"),
  /** No span. */
  ALWAYS_OFF("always_off"),
  /** Spans whose trace id falls in the ratio, ignoring the parent's decision. */
  TRACEIDRATIO("traceidratio"),
  /** Follows the parent; roots are all kept. The OpenTelemetry default, and ours. */
  PARENTBASED_ALWAYS_ON("parentbased_always_on"),
  /** Follows the parent; roots are all dropped. */
  PARENTBASED_ALWAYS_OFF("parentbased_always_off"),
  /**
   * Follows the parent; a root is kept when its trace id falls in the ratio. What big runs want.
   */
  PARENTBASED_TRACEIDRATIO("parentbased_traceidratio");

  private final String value;

  TraceSampler(String value) {
    this.value = value;
  }

  /** The value as written in {@code OTEL_TRACES_SAMPLER}. */
  public String value() {
    return value;
  }

  /** Whether the sampler reads {@link SamplingSettings#ratio()}. */
  public boolean usesRatio() {
    return this == TRACEIDRATIO || this == PARENTBASED_TRACEIDRATIO;
  }

  /**
   * Parses a value of {@code OTEL_TRACES_SAMPLER}, in any case.
   *
   * @throws IllegalArgumentException naming the value and the supported ones
   */
  public static TraceSampler parse(String value) {
    String normalized = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
    for (TraceSampler sampler : values()) {
      if (sampler.value.equals(normalized)) {
        return sampler;
      }
    }
    throw new IllegalArgumentException(
        "trace sampler '"
            + value
            + "' is not supported; use one of always_on, "
            + "always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio");
  }
}
