package io.spanweave.sample;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.Traced;
import io.spanweave.rollout.RolloutEndpoint;

/** Generates a sample's completion; runs on the driver's worker pool or in the worker process. */
public interface RolloutWorker {

  @Traced(
      stage = "generate",
      kind = Kind.MODEL,
      metrics = {"completionTokens", "promptTokens"})
  @RolloutEndpoint("rollout.worker.generate")
  SampleState generate(SampleState state);
}
