package io.spanweave.sample;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.Traced;
import io.spanweave.rollout.RolloutEndpoint;

/** Runs one sample from prompt to reward: the outermost step of the sample's call chain. */
public interface AgentLoop {

  @Traced(stage = "agent_loop", kind = Kind.ROLLOUT)
  @RolloutEndpoint("single_turn_agent_loop.run")
  SampleState run(SampleState state);
}
