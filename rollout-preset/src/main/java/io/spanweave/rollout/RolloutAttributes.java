package io.spanweave.rollout;

/** The span attribute keys the rollout preset writes (the {@code rollout.*} row of the design's span conventions). */
public final class RolloutAttributes {

  public static final String ROLLOUT_ID = "rollout.id";
  public static final String ATTEMPT_ID = "rollout.attempt.id";
  public static final String GROUP_ID = "rollout.group.id";
  public static final String SESSION_ID = "rollout.session.id";
  public static final String TASK = "rollout.task";
  public static final String STEP = "rollout.step";
  /** The sample's status when the endpoint returned (what the viewer shows per sample). */
  public static final String STATUS = "rollout.status";
  /** The status when the endpoint started, when it differs from {@link #STATUS}. */
  public static final String INITIAL_STATUS = "rollout.status.initial";
  /** The sample's call chain up to and including this endpoint: {@code a -> b -> c}. */
  public static final String SPAN_NAME_PATH = "rollout.span_name_path";
  public static final String PROMPT_TOKENS = "rollout.prompt_tokens";
  public static final String COMPLETION_TOKENS = "rollout.completion_tokens";
  public static final String FINISH_REASON = "rollout.finish_reason";
  public static final String REWARD_SCORE = "rollout.reward.score";
  public static final String REWARD_PASS = "rollout.reward.pass";
  public static final String FILTERED = "rollout.filtered";
  public static final String FILTER_REASON = "rollout.filter.reason";
  /** A short error kind from the state, or the exception type when the endpoint threw. */
  public static final String ERROR = "rollout.error";
  /** On a span that served several samples at once: how many. */
  public static final String BATCH_SIZE = "rollout.batch.size";
  /** On a span that served several samples at once: their ids (capped at the configured array length). */
  public static final String BATCH_ROLLOUT_IDS = "rollout.batch.ids";

  /** {@code true} on spans that were not measured but reconstructed after the fact. */
  public static final String SYNTHETIC = "rollout.synthetic";
  /** How a synthetic span was reconstructed, such as {@value AgentTraceReconstructor#METHOD}. */
  public static final String RECONSTRUCTION_METHOD = "rollout.reconstruction.method";

  private RolloutAttributes() {
  }
}
