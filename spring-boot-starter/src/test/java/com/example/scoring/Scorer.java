package com.example.scoring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

public interface Scorer {

  @Traced(stage = "score", kind = Kind.REWARD, metrics = "value")
  Score score(@TraceAttribute("sample.id") String sampleId, String response);
}
