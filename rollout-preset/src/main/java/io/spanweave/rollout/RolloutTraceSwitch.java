package io.spanweave.rollout;

import io.spanweave.api.Trace;

/**
 * Whether the rollout preset's starter behaviour is on: tracing runs and its configuration turned
 * on the extension {@value RolloutTrace#EXTENSION} ({@code
 * TraceConfig.builder().enableExtension(RolloutTrace.EXTENSION)} or {@code
 * SPANWEAVE_EXTENSIONS=rollout}).
 */
final class RolloutTraceSwitch {

  private RolloutTraceSwitch() {}

  /** Asked at every advised span start: one volatile read, no lock. */
  static boolean isOn() {
    return Trace.extensionEnabled(RolloutTrace.EXTENSION);
  }
}
