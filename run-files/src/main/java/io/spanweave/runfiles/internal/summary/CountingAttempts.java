package io.spanweave.runfiles.internal.summary;

import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;

/**
 * Which attempt of a run counts for each step, from the summaries: the latest attempt that recorded
 * the step, so a run resumed from a checkpoint reads as one clean run. Cells without a step count
 * in every attempt. The in-memory index's side is {@code query.CountingAttempts}.
 */
public final class CountingAttempts {
  private final Map<String, Map<Integer, Integer>> latest = new HashMap<>();
  private final Integer only;

  /**
   * @param steps the summaries' cells
   * @param only the one attempt to show, or null for each step's counting attempt
   */
  public CountingAttempts(Map<RunKey, NavigableMap<Integer, StepStats>> steps, Integer only) {
    this.only = only;
    if (only == null) {
      steps.forEach(
          (key, bySteps) ->
              bySteps
                  .keySet()
                  .forEach(
                      step ->
                          latest
                              .computeIfAbsent(key.runId(), r -> new HashMap<>())
                              .merge(step, key.attempt(), Math::max)));
    }
  }

  /** Whether the cell of {@code key} and {@code step} is shown. */
  public boolean shows(RunKey key, int step) {
    if (only != null) {
      return key.attempt() == only;
    }
    if (step == Integer.MIN_VALUE) {
      return true;
    }
    Integer counting = latest.getOrDefault(key.runId(), Map.of()).get(step);
    return counting == null || counting == key.attempt();
  }
}
