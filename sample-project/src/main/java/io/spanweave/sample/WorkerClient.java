package io.spanweave.sample;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.Traced;
import io.spanweave.rollout.RolloutRemote;

/**
 * Sends a sample to the worker process. {@code @RolloutRemote} makes the state carry this call's
 * trace context while it is away, so the worker's endpoint on the other side joins the sample.
 */
public interface WorkerClient {

  @Traced(stage = "dispatch", kind = Kind.SYSTEM)
  @RolloutRemote("rollout.worker.remote")
  SampleState generate(SampleState state);
}
