package io.spanweave.rollout;

/**
 * What a finished rollout step reports, read by the endpoint advice for the span's final
 * attributes. {@link RolloutState} extends it; a result type that is not a state (a judgement, a
 * generation result) may implement it too, and then its values win over the state's.
 *
 * <p>Every method may return {@code null} for "not known"; nothing is recorded then.
 */
public interface RolloutOutcome {

  /**
   * Why generation stopped, such as {@code stop}, {@code length} or {@code abort}; recorded as
   * {@code rollout.finish_reason}.
   */
  default String finishReason() {
    return null;
  }

  /** Tokens generated; recorded as {@code rollout.completion_tokens}. */
  default Integer completionTokens() {
    return null;
  }

  /** The reward of the sample; recorded as {@code rollout.reward.score}. */
  default Double rewardScore() {
    return null;
  }

  /** Whether the sample passed the judge; recorded as {@code rollout.reward.pass}. */
  default Boolean passed() {
    return null;
  }

  /**
   * Whether the sample was filtered out of training (e.g. all rewards of its group equal); {@code
   * rollout.filtered}.
   */
  default Boolean filtered() {
    return null;
  }

  /**
   * Why it was filtered, a short fixed reason such as {@code same_reward}; {@code
   * rollout.filter.reason}.
   */
  default String filterReason() {
    return null;
  }

  /**
   * A short, fixed error kind such as {@code timeout} or {@code invalid_tool_call}; recorded as
   * {@code rollout.error}. Never an exception message: messages may quote prompts or secrets.
   */
  default String errorType() {
    return null;
  }
}
