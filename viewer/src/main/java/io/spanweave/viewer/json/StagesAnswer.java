package io.spanweave.viewer.json;

import java.util.List;

/**
 * {@code /api/stages}: duration statistics per stage.
 *
 * @param step the step shown: a number for {@code latest}, else the selector as given ("all", "3")
 */
public record StagesAnswer(Object step, List<Stage> stages) {
  public record Stage(
      String stage,
      int count,
      int running,
      Double meanMs,
      Double p50Ms,
      Double p95Ms,
      Double maxMs,
      int errors,
      List<ErrorTypeCount> topErrorTypes) {}

  public record ErrorTypeCount(String type, int count) {}
}
