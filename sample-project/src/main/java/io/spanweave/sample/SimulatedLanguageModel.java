package io.spanweave.sample;

/** Takes the time and produces the tokens {@link SimulatedBehaviour} decided for the sample. */
final class SimulatedLanguageModel implements LanguageModel {

  private final SimulatedBehaviour behaviour;

  SimulatedLanguageModel(SimulatedBehaviour behaviour) {
    this.behaviour = behaviour;
  }

  @Override
  public Completion complete(String sampleId, double temperature) {
    SimulatedBehaviour.Generation generation = behaviour.generation(sampleId);
    try {
      SimulatedBehaviour.work(generation.millis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GenerationCancelled(sampleId);
    }
    if (generation.crashes()) {
      throw new WorkerCrash("engine_error", sampleId);
    }
    return new Completion(generation.tokens(), generation.finishReason());
  }
}
