package io.spanweave.sample;

/** A generation worker: asks the model for a completion and records it on the sample. */
final class SimulatedWorker implements RolloutWorker {

  private static final double TEMPERATURE = 1.0;

  private final LanguageModel model;

  SimulatedWorker(LanguageModel model) {
    this.model = model;
  }

  @Override
  public SampleState generate(SampleState state) {
    LanguageModel.Completion completion = model.complete(state.rolloutId(), TEMPERATURE);
    return state.generated(completion.tokens(), completion.finishReason()).status("generated");
  }
}
