package com.acme.scoring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import reactor.core.publisher.Mono;

public interface Reviewer {

  @Traced(stage = "review", kind = Kind.EVALUATOR, metrics = "score")
  Mono<Verdict> review(@TraceAttribute("sample.id") String sampleId, Completion completion);
}
