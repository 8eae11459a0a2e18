package com.example.scoring;

import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

@Service
public class LengthReviewer implements Reviewer {

  @Override
  public Mono<Score> review(String sampleId, String response) {
    return Mono.fromSupplier(() -> new Score(response.length()));
  }
}
