package io.spanweave.sample;

import io.spanweave.api.TraceContext;

/**
 * Generate, then judge; a sample that fails on the way comes back failed, never as an exception.
 */
final class SingleTurnAgentLoop implements AgentLoop {

  private final RolloutController controller;
  private final Judger judger;

  SingleTurnAgentLoop(RolloutController controller, Judger judger) {
    this.controller = controller;
    this.judger = judger;
  }

  @Override
  public SampleState run(SampleState state) {
    // The reward filter decides once the whole group is back; it records its decision in this
    // trace.
    TraceContext sampleTrace = TraceContext.current();
    try {
      SampleState generated =
          controller.generate(state); // may be another object (from the worker process)
      Judgement judgement = judger.run(generated);
      return generated
          .reward(judgement.score(), judgement.pass())
          .status("completed")
          .traceContext(sampleTrace);
    } catch (SampleFailure failure) {
      return state.failed(failure.kind()).traceContext(sampleTrace);
    }
  }
}
