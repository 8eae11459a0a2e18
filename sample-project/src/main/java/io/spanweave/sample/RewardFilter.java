package io.spanweave.sample;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import io.spanweave.rollout.RolloutEndpoint;
import java.util.List;

/**
 * GRPO-style filtering: a group of samples from one prompt whose rewards are all equal has no
 * advantage to learn from, so the whole group is dropped from training.
 */
public interface RewardFilter {

  /** The decision for one group. */
  record GroupVerdict(boolean filtered, String reason, int completedSamples) {}

  @Traced(
      stage = "reward_filter",
      kind = Kind.POSTPROCESSING,
      metrics = {"filtered", "completedSamples"})
  GroupVerdict decide(
      @TraceAttribute("rollout.group.id") String groupId,
      @TraceAttribute("rollout.step") int step,
      List<Double> rewards);

  /**
   * Records the group's decision on one sample ({@code rollout.filtered}, {@code
   * rollout.filter.reason}).
   */
  @Traced(stage = "reward_filter", kind = Kind.POSTPROCESSING)
  @RolloutEndpoint("reward_filter.mark")
  SampleState mark(SampleState state, GroupVerdict verdict);
}
