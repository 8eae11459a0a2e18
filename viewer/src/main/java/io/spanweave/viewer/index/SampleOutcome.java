package io.spanweave.viewer.index;

/**
 * The facts about a sample that a span may carry: its group, task and status, its reward and what
 * the trainer did with it (filtered, kept, dropped, oversampled). A sample collects them from all
 * of its spans, including spans that name no sample themselves (a reward recorded by an emitter
 * under an endpoint, a reconstructed agent call) and so reach their sample by parent link.
 */
final class SampleOutcome {
  String group;
  String session;
  String task;
  String status;
  double reward = Double.NaN;

  /** 1 passed, 0 failed, -1 not recorded. */
  int rewardPass = -1;

  /** 1 filtered, 0 kept, -1 not recorded. */
  int filtered = -1;

  String filterDecision;
  String filterReason;

  /** 1 included in training, 0 left out, -1 not recorded. */
  int trainIncluded = -1;

  String oversampleSource;
  String dropReason;

  /**
   * The error type a span named, whatever its span status says (XTuner records failures this way).
   */
  String errorType;

  String errorMessage;

  boolean isEmpty() {
    return group == null
        && session == null
        && task == null
        && status == null
        && Double.isNaN(reward)
        && rewardPass < 0
        && filtered < 0
        && filterDecision == null
        && filterReason == null
        && trainIncluded < 0
        && oversampleSource == null
        && dropReason == null
        && errorType == null
        && errorMessage == null;
  }

  static int flag(Boolean b) {
    return b == null ? -1 : b ? 1 : 0;
  }
}
