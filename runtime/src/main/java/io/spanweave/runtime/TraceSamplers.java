package io.spanweave.runtime;

import io.opentelemetry.sdk.trace.samplers.Sampler;

/**
 * The SDK sampler for {@link SamplingSettings#sampler()}. The parent-based ones decide at the root
 * and let every descendant follow, through the sampled flag of {@code traceparent} across
 * processes, which is what keeps or drops a rollout sample whole.
 */
final class TraceSamplers {

  private TraceSamplers() {}

  static Sampler create(TraceConfig config) {
    double ratio = config.sampling().ratio();
    switch (config.sampling().sampler()) {
      case ALWAYS_ON:
        return Sampler.alwaysOn();
      case ALWAYS_OFF:
        return Sampler.alwaysOff();
      case TRACEIDRATIO:
        return Sampler.traceIdRatioBased(ratio);
      case PARENTBASED_ALWAYS_OFF:
        return Sampler.parentBased(Sampler.alwaysOff());
      case PARENTBASED_TRACEIDRATIO:
        return Sampler.parentBased(Sampler.traceIdRatioBased(ratio));
      case PARENTBASED_ALWAYS_ON:
      default:
        return Sampler.parentBased(Sampler.alwaysOn());
    }
  }
}
