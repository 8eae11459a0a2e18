package com.acme;

import io.spanweave.api.Trace;
import java.util.Map;

public final class Judge {
  public record Sample(String id, String prompt) {}

  public void judge(Sample sample) {
    Trace.setAttributes(Map.of("sample.id", sample.id(),
        "sample", sample));
  }
}
