package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;

/**
 * Which traces are recorded. The parent-based samplers decide at the root and every descendant
 * follows, across processes too, so a rollout sample is kept or dropped whole.
 *
 * <pre>{@code
 * TraceConfig.builder().sampling(sampling -> SamplingSettings.parentBasedRatio(0.1)).build();   // a tenth of the samples
 * }</pre>
 *
 * @param sampler the sampler ({@code OTEL_TRACES_SAMPLER}); default {@link
 *     TraceSampler#PARENTBASED_ALWAYS_ON}, every trace kept
 * @param ratio the share of traces the {@code traceidratio} samplers keep, 0 to 1 ({@code
 *     OTEL_TRACES_SAMPLER_ARG}); default 1
 */
public record SamplingSettings(TraceSampler sampler, double ratio) {

  /** The OpenTelemetry default: every trace kept. */
  public static final SamplingSettings DEFAULT =
      new SamplingSettings(TraceSampler.PARENTBASED_ALWAYS_ON, 1.0);

  /**
   * @throws IllegalArgumentException naming the setting that is wrong
   */
  public SamplingSettings {
    require(
        sampler != null,
        "sampling.sampler is null; use e.g. SamplingSettings.parentBasedRatio(0.1)");
    require(
        ratio >= 0 && ratio <= 1,
        "sampling.ratio "
            + ratio
            + " is not a share of traces; use a number from 0 (none) to 1 (all), e.g. 0.1");
  }

  /**
   * Keeps {@code ratio} (0 to 1) of the samples, whole: {@link
   * TraceSampler#PARENTBASED_TRACEIDRATIO} with that ratio.
   */
  public static SamplingSettings parentBasedRatio(double ratio) {
    return new SamplingSettings(TraceSampler.PARENTBASED_TRACEIDRATIO, ratio);
  }

  /** Another sampler with this ratio. */
  public SamplingSettings withSampler(TraceSampler sampler) {
    return new SamplingSettings(sampler, ratio);
  }

  /** This sampler with another ratio, as {@code OTEL_TRACES_SAMPLER_ARG} sets it. */
  public SamplingSettings withRatio(double ratio) {
    return new SamplingSettings(sampler, ratio);
  }

  /**
   * These settings with what {@code env} sets replaced: {@code OTEL_TRACES_SAMPLER} and {@code
   * OTEL_TRACES_SAMPLER_ARG}; unset or empty keep these.
   *
   * @throws IllegalArgumentException naming the variable whose value is wrong
   */
  SamplingSettings withEnvironment(EnvironmentValues env) {
    return env.part(
        () ->
            new SamplingSettings(
                env.choice(
                        TraceEnvironment.OTEL_TRACES_SAMPLER,
                        TraceSampler::parse,
                        "one of always_on, always_off, "
                            + "traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio")
                    .orElse(sampler),
                env.ratio(TraceEnvironment.OTEL_TRACES_SAMPLER_ARG).orElse(ratio)),
        TraceEnvironment.OTEL_TRACES_SAMPLER,
        TraceEnvironment.OTEL_TRACES_SAMPLER_ARG);
  }
}
