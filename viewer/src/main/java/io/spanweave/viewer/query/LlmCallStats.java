package io.spanweave.viewer.query;

import io.spanweave.viewer.json.LlmAnswer.LlmFigures;
import java.util.Arrays;

/** Collects LLM calls (duration, error, tokens, time to first token) into {@link LlmFigures}. */
final class LlmCallStats {
  private long[] durations = new long[8];
  private long[] ttfts = new long[8];
  private int calls;
  private int ttftCalls;
  private int errors;
  private long inputTokens;
  private long outputTokens;
  private long durationSum;

  void add(long durationNanos, boolean error, long in, long out, long ttftNanos) {
    if (calls == durations.length) {
      durations = Arrays.copyOf(durations, calls * 2);
    }
    durations[calls++] = durationNanos;
    durationSum += durationNanos;
    if (error) {
      errors++;
    }
    inputTokens += Math.max(0, in);
    outputTokens += Math.max(0, out);
    if (ttftNanos >= 0) {
      if (ttftCalls == ttfts.length) {
        ttfts = Arrays.copyOf(ttfts, ttftCalls * 2);
      }
      ttfts[ttftCalls++] = ttftNanos;
    }
  }

  int calls() {
    return calls;
  }

  LlmFigures figures(Integer step, String model) {
    long[] d = Durations.sortedCopy(durations, calls);
    long[] t = Durations.sortedCopy(ttfts, ttftCalls);
    return new LlmFigures(
        step,
        model,
        calls,
        errors,
        inputTokens,
        outputTokens,
        calls == 0 ? null : Durations.millis(durationSum / calls),
        calls == 0 ? null : Durations.millis(Durations.percentile(d, calls, 50)),
        calls == 0 ? null : Durations.millis(Durations.percentile(d, calls, 95)),
        calls == 0 ? null : Durations.millis(d[calls - 1]),
        ttftCalls,
        ttftCalls == 0 ? null : Durations.millis(Durations.percentile(t, ttftCalls, 50)),
        ttftCalls == 0 ? null : Durations.millis(Durations.percentile(t, ttftCalls, 95)));
  }
}
