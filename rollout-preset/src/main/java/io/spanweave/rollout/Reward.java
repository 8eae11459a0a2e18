package io.spanweave.rollout;

import java.util.Map;

/**
 * A reward read from a reward span: the primary score, and every named value when the reward was
 * emitted as several (e.g. {@code accuracy} as primary, {@code format} and {@code length} beside
 * it).
 *
 * @param primaryKey the name of the primary value; {@code "reward"} for a single number
 */
public record Reward(double score, String primaryKey, Map<String, Double> values) {

  public Reward {
    values = Map.copyOf(values);
  }
}
