package com.acme;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import reactor.core.publisher.Mono;

public interface Judge {
  record Score(double score) {}

  @Traced(stage = "judge", kind = Kind.REWARD, metrics = "score")
  Mono<Score> judge(@TraceAttribute("sample.id") String sampleId);
}
