package com.acme.scoring;

import org.springframework.stereotype.Service;

@Service
public class LengthJudge implements Judge {

  @Override
  public Verdict judge(String sampleId, Completion completion) {
    return new Verdict(Math.min(1.0, completion.numTokens() / 4.0));
  }
}
