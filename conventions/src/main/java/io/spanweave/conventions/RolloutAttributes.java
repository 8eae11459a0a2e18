package io.spanweave.conventions;

/**
 * The span names and attribute keys the rollout preset writes (the {@code rollout.*} row of the
 * design's span conventions). The preset's classes name them through these constants; the viewer
 * reads them from here.
 */
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

  /**
   * On a span that served several samples at once: their ids (capped at the configured array
   * length).
   */
  public static final String BATCH_ROLLOUT_IDS = "rollout.batch.ids";

  /** {@code true} on spans that were not measured but reconstructed after the fact. */
  public static final String SYNTHETIC = "rollout.synthetic";

  /**
   * How a synthetic span was reconstructed, such as {@value #RECONSTRUCTED_FROM_LLM_REQUEST_GAPS}.
   */
  public static final String RECONSTRUCTION_METHOD = "rollout.reconstruction.method";

  /** The reconstruction method of agent spans rebuilt from the gaps between LLM requests. */
  public static final String RECONSTRUCTED_FROM_LLM_REQUEST_GAPS = "llm_request_gaps";

  /** Name of the reconstructed span that covers a whole agent run. */
  public static final String RECONSTRUCTED_AGENT_RUN = "reconstructed_agent_run";

  /** Name prefix of reconstructed LLM call spans, followed by their index. */
  public static final String RECONSTRUCTED_LLM_CALL = "reconstructed_llm_call.";

  /** Name prefix of reconstructed tool call spans, followed by their index. */
  public static final String RECONSTRUCTED_TOOL_CALL = "reconstructed_tool_call.";

  /** On a reconstructed tool call: the tool's name. */
  public static final String TOOL_NAME = "rollout.tool.name";

  /** The {@code N} of a numbered reconstructed span, as a number. */
  public static final String CALL_INDEX = "rollout.call.index";

  /** On a reconstructed agent run: how many LLM calls it made. */
  public static final String LLM_CALLS = "rollout.llm_calls";

  /** On a reconstructed agent run: how many tool calls it made. */
  public static final String TOOL_CALLS = "rollout.tool_calls";

  /** The name of reward spans. */
  public static final String REWARD_SPAN = "rollout.reward";

  /** The name of the primary value on a reward span. */
  public static final String REWARD_PRIMARY = "rollout.reward.primary";

  /** Prefix of every named value on a reward span: {@code rollout.reward.value.accuracy}. */
  public static final String REWARD_VALUE_PREFIX = "rollout.reward.value.";

  /** The names of the spans the emitters record besides rewards. */
  public static final String MESSAGE_SPAN = "rollout.message";

  public static final String OBJECT_SPAN = "rollout.object";
  public static final String EXCEPTION_SPAN = "rollout.exception";
  public static final String ANNOTATION_SPAN = "rollout.annotation";

  /** On a message span: its (truncated) text. */
  public static final String MESSAGE_TEXT = "rollout.message.text";

  /** On an object span: the object's type, its scalar value or its JSON. */
  public static final String OBJECT_TYPE = "rollout.object.type";

  public static final String OBJECT_VALUE = "rollout.object.value";
  public static final String OBJECT_JSON = "rollout.object.json";

  /** On an exception span: the exception's type (never its message). */
  public static final String EXCEPTION_TYPE = "rollout.exception.type";

  private RolloutAttributes() {}
}
