package io.spanweave.rollout;

import io.spanweave.conventions.RolloutAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Reading rewards back from spans: the reward spans {@link RolloutEmitter#reward} records ({@value
 * #SPAN_NAME}), and the final reward of a rollout, the score of its last one.
 *
 * <pre>{@code
 * OptionalDouble reward = Rewards.findFinalReward(store.byRollout("sample-7"));
 * }</pre>
 */
public final class Rewards {

  /** The name of reward spans. */
  public static final String SPAN_NAME = RolloutAttributes.REWARD_SPAN;

  /** The name of the primary value on a reward span. */
  public static final String PRIMARY_KEY = RolloutAttributes.REWARD_PRIMARY;

  /** Prefix of every named value on a reward span: {@code rollout.reward.value.accuracy}. */
  public static final String VALUE_PREFIX = RolloutAttributes.REWARD_VALUE_PREFIX;

  private Rewards() {}

  /** The reward spans among {@code spans}, in the order they ended. */
  public static List<RolloutSpan> rewardSpans(Collection<RolloutSpan> spans) {
    List<RolloutSpan> rewards = new ArrayList<>();
    for (RolloutSpan span : spans) {
      if (SPAN_NAME.equals(span.name())
          && span.attribute(RolloutAttributes.REWARD_SCORE) instanceof Number) {
        rewards.add(span);
      }
    }
    rewards.sort(
        Comparator.comparingLong(RolloutSpan::endEpochNanos)); // stable: ties keep their order
    return rewards;
  }

  /** Every reward among {@code spans}, in the order they ended. */
  public static List<Reward> rewards(Collection<RolloutSpan> spans) {
    List<Reward> rewards = new ArrayList<>();
    for (RolloutSpan span : rewardSpans(spans)) {
      rewardOf(span).ifPresent(rewards::add);
    }
    return rewards;
  }

  /** The reward {@code span} records, if it is a reward span. */
  public static Optional<Reward> rewardOf(RolloutSpan span) {
    if (!SPAN_NAME.equals(span.name())
        || !(span.attribute(RolloutAttributes.REWARD_SCORE) instanceof Number)) {
      return Optional.empty();
    }
    double score = ((Number) span.attribute(RolloutAttributes.REWARD_SCORE)).doubleValue();
    Map<String, Double> values = new LinkedHashMap<>();
    span.attributes()
        .forEach(
            (key, value) -> {
              if (key.startsWith(VALUE_PREFIX) && value instanceof Number) {
                values.put(key.substring(VALUE_PREFIX.length()), ((Number) value).doubleValue());
              }
            });
    String primary = span.stringAttribute(PRIMARY_KEY);
    if (primary == null) {
      primary = "reward";
      values.putIfAbsent(primary, score);
    }
    return Optional.of(new Reward(score, primary, values));
  }

  /**
   * The score of the last reward among {@code spans} (the last to end); empty when there is none.
   */
  public static OptionalDouble findFinalReward(Collection<RolloutSpan> spans) {
    List<RolloutSpan> rewards = rewardSpans(spans);
    if (rewards.isEmpty()) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(
        ((Number) rewards.get(rewards.size() - 1).attribute(RolloutAttributes.REWARD_SCORE))
            .doubleValue());
  }
}
