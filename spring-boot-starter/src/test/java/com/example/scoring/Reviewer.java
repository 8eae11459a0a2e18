package com.example.scoring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import reactor.core.publisher.Mono;

/**
 * A reactive stage, as a WebFlux application has them: the starter alone makes its delegate work.
 */
public interface Reviewer {

  @Traced(stage = "review", kind = Kind.EVALUATOR, metrics = "value")
  Mono<Score> review(@TraceAttribute("sample.id") String sampleId, String response);
}
