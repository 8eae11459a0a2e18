package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIndex;
import java.util.HashMap;
import java.util.Map;

/**
 * Which attempt of a run counts for each step, in the in-memory index: the latest attempt that
 * recorded the step. A run resumed from a checkpoint records the steps after the checkpoint again;
 * counting each step once, as its latest attempt recorded it, makes the run read as one clean run.
 * Spans without a step are in every attempt's view. The summaries' side is {@code
 * io.spanweave.runfiles.internal.summary.CountingAttempts}.
 *
 * <p>Made per query under the index's read lock, in one pass over the traces.
 */
final class CountingAttempts {
  /** Per run id, per step, the highest attempt of a trace of that step. */
  private final Map<String, Map<Integer, Integer>> latest = new HashMap<>();

  CountingAttempts(SpanIndex index) {
    for (int t = 0, n = index.traceCount(); t < n; t++) {
      int step = index.traceStep(t);
      if (step != SpanIndex.NO_STEP) {
        latest
            .computeIfAbsent(index.traceRun(t), r -> new HashMap<>())
            .merge(step, index.traceAttempt(t), Math::max);
      }
    }
  }

  /**
   * Whether attempt {@code attempt} of run {@code runId} is the one that counts for {@code step}.
   */
  boolean counts(String runId, int step, int attempt) {
    if (step == SpanIndex.NO_STEP) {
      return true;
    }
    Map<Integer, Integer> steps = latest.get(runId);
    Integer counting = steps == null ? null : steps.get(step);
    return counting == null || counting == attempt;
  }
}
