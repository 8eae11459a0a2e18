package io.spanweave.runtime;

/**
 * Which traces are recorded.
 *
 * @param sampler the OpenTelemetry sampler
 * @param ratio the share of traces the {@code traceidratio} samplers keep, 0 to 1
 */
public record SamplingSettings(TraceSampler sampler, double ratio) {
}
