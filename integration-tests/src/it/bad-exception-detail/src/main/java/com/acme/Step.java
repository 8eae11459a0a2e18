package com.acme;

import io.spanweave.api.Trace;

public final class Step {
  public void run(Runnable body) {
    try {
      body.run();
    } catch (RuntimeException e) {
      Trace.setAttribute("error.detail", e.getMessage());
      throw e;
    }
  }
}
