package io.spanweave.sample;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.Traced;
import io.spanweave.rollout.RolloutEndpoint;

/** Scores a generated sample. */
public interface Judger {

  @Traced(stage = "judge", kind = Kind.REWARD, metrics = "score")
  @RolloutEndpoint("judger.run")
  Judgement run(SampleState state);
}
