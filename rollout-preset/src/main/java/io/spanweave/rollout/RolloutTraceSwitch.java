package io.spanweave.rollout;

import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.Tracing;

/** Whether the rollout preset's starter behaviour is on: tracing runs and {@code enableRolloutTrace} is set. */
final class RolloutTraceSwitch {

  private RolloutTraceSwitch() {
  }

  /** Asked at every advised span start: one volatile read, no lock (unlike {@code Tracing.current()}). */
  static boolean isOn() {
    TraceConfig config = Tracing.activeConfig();
    return config != null && config.enableRolloutTrace();
  }
}
