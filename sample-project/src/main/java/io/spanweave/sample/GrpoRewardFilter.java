package io.spanweave.sample;

import java.util.List;

/** Filters a group when all its completed samples got the same reward (or none completed). */
final class GrpoRewardFilter implements RewardFilter {

  @Override
  public GroupVerdict decide(String groupId, int step, List<Double> rewards) {
    if (rewards.isEmpty()) {
      return new GroupVerdict(true, "no_completed_samples", 0);
    }
    boolean allEqual = rewards.stream().distinct().count() == 1;
    return new GroupVerdict(allEqual, allEqual ? "same_reward" : null, rewards.size());
  }

  @Override
  public SampleState mark(SampleState state, GroupVerdict verdict) {
    return state.filtered(verdict.filtered(), verdict.reason());
  }
}
