package io.spanweave.viewer.index;

import java.util.HashMap;
import java.util.Map;

/**
 * The span rows of each step, by the span's effective step (its own, else its trace's). A step
 * switch then aggregates the thousand-odd spans of that step instead of testing every span of the
 * file. A span whose step is not known yet (its trace's step comes with a later span) is added when
 * its trace's step becomes known; a trace's step never changes once set.
 */
final class StepSpans {
  private final Map<Integer, IntColumn> byStep = new HashMap<>();

  void add(int step, int row) {
    byStep.computeIfAbsent(step, k -> new IntColumn(64)).add(row);
  }

  int[] rows(int step) {
    IntColumn rows = byStep.get(step);
    return rows == null ? new int[0] : rows.toArray();
  }
}
