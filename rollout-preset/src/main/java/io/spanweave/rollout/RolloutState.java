package io.spanweave.rollout;

import java.util.Map;

/**
 * The contract a pipeline's sample state implements so that the rollout preset can trace it: the
 * identifiers the span attributes are made of, and a mutable map of extra fields in which the
 * preset carries its own trace-only fields (the sample's call chain, its endpoint depth, the parent
 * trace context) across threads and processes.
 *
 * <p>To cross a process boundary, serialize {@link #extraFields()} with the rest of the state: the
 * preset's fields are plain strings, and all of them are removed again when the outermost endpoint
 * of the sample returns. {@link SimpleRolloutState} is a ready-made implementation.
 *
 * <p>Every getter may return {@code null} for "not known"; nothing is recorded then.
 */
public interface RolloutState extends RolloutOutcome {

  /** The sample's id; {@code rollout.id}. */
  String rolloutId();

  /** Which attempt at the sample this is, when samples are retried; {@code rollout.attempt.id}. */
  default String attemptId() {
    return null;
  }

  /**
   * The group of samples generated from one prompt (GRPO and the like); {@code rollout.group.id}.
   */
  String groupId();

  /** The agent or inference session serving the sample; {@code rollout.session.id}. */
  String sessionId();

  /** The task or data source the sample comes from; {@code rollout.task}. */
  String taskName();

  /** The training step the sample belongs to; {@code rollout.step}. */
  Integer step();

  /**
   * The sample's status, such as {@code init}, {@code completed}, {@code failed}; recorded as
   * {@code rollout.status} as it is when the endpoint returns (and as {@code
   * rollout.status.initial} as it was when it started, if that differs).
   */
  String status();

  /** Tokens of the prompt; {@code rollout.prompt_tokens}. */
  default Integer promptTokens() {
    return null;
  }

  /**
   * The state's extra fields, mutable: the preset adds and removes its own entries (keys starting
   * with {@link RolloutFields#PREFIX}) while the sample runs through traced endpoints.
   */
  Map<String, Object> extraFields();
}
