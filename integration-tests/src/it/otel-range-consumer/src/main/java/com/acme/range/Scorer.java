package com.acme.range;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

public interface Scorer {
  @Traced(stage = "score", kind = Kind.EVALUATOR)
  double score(@TraceAttribute("sample.id") String sampleId);
}
