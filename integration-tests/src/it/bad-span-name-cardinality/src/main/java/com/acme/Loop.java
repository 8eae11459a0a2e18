package com.acme;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;

public final class Loop {
  public void run(int steps) {
    for (int step = 0; step < steps; step++) {
      try (TraceScope scope = Trace.span("rollout.step." + step)) {
        Thread.onSpinWait();
      }
    }
  }
}
