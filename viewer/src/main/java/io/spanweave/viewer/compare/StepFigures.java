package io.spanweave.viewer.compare;

import io.spanweave.runfiles.internal.summary.MetricStats;
import io.spanweave.runfiles.internal.summary.StageStats;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one run's step adds up to, as the comparison needs it: its samples (failed, timed out), its
 * metrics, per stage the durations and errors of its spans, and its LLM calls.
 */
public final class StepFigures {
  private long samples;
  private long errorSamples;

  /** -1 when the source cannot tell a timeout from another failure. */
  private long timeoutSamples;

  private final Map<String, MetricStats> metrics = new TreeMap<>();
  private final Map<String, StageStats> stages = new TreeMap<>();
  private final LlmStats llm = new LlmStats();
  private final Map<String, Slowest> slowest = new TreeMap<>();

  /**
   * The longest span of a stage that belongs to a sample: where to look first when a stage got
   * slower.
   */
  public record Slowest(long durationNanos, String sampleId, String traceId) {}

  StepFigures(boolean knowsTimeouts) {
    timeoutSamples = knowsTimeouts ? 0 : -1;
  }

  public void addSample(boolean failed, boolean timedOut) {
    samples++;
    if (failed) {
      errorSamples++;
    }
    if (timedOut && timeoutSamples >= 0) {
      timeoutSamples++;
    }
  }

  /** Samples known by their counts (a summary's). */
  public void addSamples(long count, long failed, long timedOut) {
    samples += count;
    errorSamples += failed;
    if (timeoutSamples >= 0) {
      timeoutSamples += timedOut;
    }
  }

  public MetricStats metric(String key) {
    return metrics.computeIfAbsent(key, k -> new MetricStats());
  }

  public StageStats stage(String stage) {
    return stages.computeIfAbsent(stage, k -> new StageStats());
  }

  public LlmStats llm() {
    return llm;
  }

  /** Notes a sample's span of {@code stage}; the longest one per stage is kept. */
  public void noteSampleSpan(String stage, long durationNanos, String sampleId, String traceId) {
    Slowest current = slowest.get(stage);
    if (current == null || durationNanos > current.durationNanos()) {
      slowest.put(stage, new Slowest(durationNanos, sampleId, traceId));
    }
  }

  /**
   * Per stage, its longest span that belongs to a sample; empty when the source kept no samples'
   * spans.
   */
  public Map<String, Slowest> slowest() {
    return slowest;
  }

  public long samples() {
    return samples;
  }

  public long errorSamples() {
    return errorSamples;
  }

  /** Samples that failed by timing out; -1 when the source does not know. */
  public long timeoutSamples() {
    return timeoutSamples;
  }

  public Map<String, MetricStats> metrics() {
    return metrics;
  }

  public Map<String, StageStats> stages() {
    return stages;
  }
}
