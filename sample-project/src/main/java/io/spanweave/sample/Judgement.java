package io.spanweave.sample;

import io.spanweave.rollout.RolloutOutcome;

/**
 * The judge's verdict; as a {@link RolloutOutcome} it gives {@code judger.run} its reward
 * attributes.
 */
public record Judgement(double score, boolean pass) implements RolloutOutcome {

  @Override
  public Double rewardScore() {
    return score;
  }

  @Override
  public Boolean passed() {
    return pass;
  }
}
