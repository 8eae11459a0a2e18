package com.acme.judge;

public final class ExactAnswerJudge implements Judge {

  private final String expected;

  public ExactAnswerJudge(String expected) {
    this.expected = expected;
  }

  @Override
  public Verdict judge(String sampleId, String answer) {
    return new Verdict(expected.equals(answer) ? 1.0 : 0.0);
  }
}
