package com.example.scoring;

import org.springframework.stereotype.Service;

/** A plain bean: no spanweave code, traced because its interface is. */
@Service
public class LengthScorer implements Scorer {

  @Override
  public Score score(String sampleId, String response) {
    return new Score(response.length());
  }
}
