package io.spanweave.rollout;

import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;

/** Whether the rollout preset's starter behaviour is on: tracing runs and {@code enableRolloutTrace} is set. */
final class RolloutTraceSwitch {

  private RolloutTraceSwitch() {
  }

  static boolean isOn() {
    if (!Tracing.isEnabled()) {
      return false; // a volatile read; the common "tracing off" case takes no lock
    }
    return Tracing.current().map(TraceRuntime::config).map(config -> config.enableRolloutTrace()).orElse(false);
  }
}
