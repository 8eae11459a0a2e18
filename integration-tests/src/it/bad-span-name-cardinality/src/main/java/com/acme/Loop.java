package com.acme;

import io.spanweave.runtime.Trace;
import io.spanweave.runtime.TraceScope;

public final class Loop {
  public void run(int steps) {
    for (int step = 0; step < steps; step++) {
      try (TraceScope scope = Trace.span("rollout.step." + step)) {
        Thread.onSpinWait();
      }
    }
  }
}
