package io.spanweave.sample;

/**
 * The judge could not score a sample (in a real pipeline: a verifier that crashed or an unparsable
 * answer).
 */
public final class JudgeFailure extends SampleFailure {

  public JudgeFailure(String rolloutId) {
    super("judge_error", "the judge could not score " + rolloutId);
  }
}
