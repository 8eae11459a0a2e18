package io.spanweave.sample;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.Traced;
import io.spanweave.rollout.RolloutEndpoint;

/** Hands a sample to a generation worker and waits for it, at most the generation timeout. */
public interface RolloutController {

  @Traced(stage = "controller", kind = Kind.ROLLOUT)
  @RolloutEndpoint("rollout.controller.generate")
  SampleState generate(SampleState state);
}
