package com.acme.ranking;

import org.springframework.stereotype.Service;

@Service
public class ScoreRanker implements Ranker {

  @Override
  public Ranking rank(String sampleId, double score) {
    return new Ranking(score > 0.5 ? 1 : 2);
  }
}
