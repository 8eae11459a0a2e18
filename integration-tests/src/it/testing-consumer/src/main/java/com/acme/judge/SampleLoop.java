package com.acme.judge;

import io.spanweave.annotations.Kind;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.util.Map;

/** One trace per sample: the sample's span, with the judge under it. */
public final class SampleLoop {

  private final Judge judge;

  public SampleLoop(Judge judge) {
    this.judge = judge;
  }

  public double run(String sampleId, String answer) {
    try (TraceScope sample = Trace.span(Kind.ROLLOUT, "sample", Map.of("sample.id", sampleId))) {
      return judge.judge(sampleId, answer).reward();
    }
  }
}
