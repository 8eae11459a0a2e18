package com.acme.scoring;

import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

@Service
public class TokenReviewer implements Reviewer {

  @Override
  public Mono<Verdict> review(String sampleId, Completion completion) {
    return Mono.fromSupplier(() -> new Verdict(completion.numTokens() > 3 ? 1.0 : 0.0));
  }
}
