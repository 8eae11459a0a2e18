package com.acme.ranking;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

public interface Ranker {

  @Traced(stage = "rank", kind = Kind.EVALUATOR, metrics = "position")
  Ranking rank(@TraceAttribute("sample.id") String sampleId, double score);
}
