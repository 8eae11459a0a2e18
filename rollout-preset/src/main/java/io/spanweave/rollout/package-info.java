/**
 * The rollout preset: the rollout state a sample carries across threads and processes, the
 * {@code @RolloutEndpoint} and {@code @RolloutRemote} advices that record its call chain, reward
 * and filter decisions on the stage spans, the emitters for rollouts recorded after the fact, and
 * the reconstruction of a black-box agent's trace from the LLM requests it made. Turned on per run
 * with {@link io.spanweave.rollout.RolloutTrace#EXTENSION}.
 */
package io.spanweave.rollout;
