package io.spanweave.viewer.compare;

import io.spanweave.runfiles.internal.summary.DurationSketch;

/**
 * LLM calls of a step or of several: how many, failed, tokens in and out, latency and time to first
 * token.
 */
public final class LlmStats {
  private long calls;
  private long errors;
  private long inputTokens;
  private long outputTokens;
  private final DurationSketch latency = new DurationSketch();
  private final DurationSketch timeToFirstToken = new DurationSketch();

  /**
   * @param in input tokens, negative when the call does not say
   * @param out output tokens, negative when the call does not say
   * @param ttftNanos time to first token, negative when the call does not say
   */
  public void add(long durationNanos, boolean error, long in, long out, long ttftNanos) {
    calls++;
    if (error) {
      errors++;
    }
    inputTokens += Math.max(0, in);
    outputTokens += Math.max(0, out);
    latency.add(durationNanos);
    if (ttftNanos >= 0) {
      timeToFirstToken.add(ttftNanos);
    }
  }

  /**
   * Calls a summary kept: counts, tokens and the sketches of their latencies and times to first
   * token.
   */
  public void merge(
      long moreCalls,
      long moreErrors,
      long in,
      long out,
      DurationSketch latencies,
      DurationSketch timesToFirstToken) {
    calls += moreCalls;
    errors += moreErrors;
    inputTokens += in;
    outputTokens += out;
    latency.merge(latencies);
    timeToFirstToken.merge(timesToFirstToken);
  }

  public void merge(LlmStats other) {
    calls += other.calls;
    errors += other.errors;
    inputTokens += other.inputTokens;
    outputTokens += other.outputTokens;
    latency.merge(other.latency);
    timeToFirstToken.merge(other.timeToFirstToken);
  }

  public long calls() {
    return calls;
  }

  public long errors() {
    return errors;
  }

  public long inputTokens() {
    return inputTokens;
  }

  public long outputTokens() {
    return outputTokens;
  }

  /** The calls' durations. */
  public DurationSketch latency() {
    return latency;
  }

  /** Times to first token of the calls that carried one. */
  public DurationSketch timeToFirstToken() {
    return timeToFirstToken;
  }
}
