package com.acme.trace;

import com.acme.rollout.RolloutState;
import java.util.Objects;

public final class TraceSetup {
  public String runId(RolloutState state) {
    return Objects.requireNonNull(state.id);
  }
}
