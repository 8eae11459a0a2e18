package io.spanweave.sample.spring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import org.springframework.stereotype.Service;

/**
 * The reward: traced on the class, so the starter has Spring make TracedLengthJudge (which extends
 * it) in its place. Injected by its class.
 */
@Service
public class LengthJudge {

  /** Rewards answers of at least {@code minTokens} tokens. */
  @Traced(stage = "judge", kind = Kind.REWARD, metrics = "reward")
  public Verdict judge(
      @TraceAttribute("sample.id") String sampleId, Completion completion, int minTokens) {
    return new Verdict(completion.numTokens() >= minTokens ? 1.0 : 0.0);
  }
}
