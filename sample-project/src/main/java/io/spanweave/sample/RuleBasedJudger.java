package io.spanweave.sample;

/**
 * A verifier-style judge: reward 1 for a correct answer, 0 otherwise (decided by the simulation).
 */
final class RuleBasedJudger implements Judger {

  private final SimulatedBehaviour behaviour;

  RuleBasedJudger(SimulatedBehaviour behaviour) {
    this.behaviour = behaviour;
  }

  @Override
  public Judgement run(SampleState state) {
    SimulatedBehaviour.Judging judging = behaviour.judging(state.groupId(), state.rolloutId());
    try {
      SimulatedBehaviour.work(judging.millis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JudgeFailure(state.rolloutId());
    }
    if (judging.breaksJudge()) {
      throw new JudgeFailure(state.rolloutId());
    }
    return new Judgement(judging.passes() ? 1.0 : 0.0, judging.passes());
  }
}
