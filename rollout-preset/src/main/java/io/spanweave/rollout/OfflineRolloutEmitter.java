package io.spanweave.rollout;

import io.spanweave.conventions.RolloutAttributes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Records emitted spans straight into a {@link RolloutSpanStore}, with no runtime: one trace per
 * emitter.
 */
final class OfflineRolloutEmitter extends RolloutEmitter {

  private final RolloutSpanStore store;
  private final String rolloutId;
  private final String attemptId;
  private final String traceId = randomHex(16);

  OfflineRolloutEmitter(RolloutSpanStore store, String rolloutId, String attemptId) {
    this.store = store;
    this.rolloutId = rolloutId;
    this.attemptId = attemptId;
  }

  @Override
  RolloutSpan record(String name, Map<String, Object> attributes) {
    Map<String, Object> all = new LinkedHashMap<>(attributes);
    if (rolloutId != null) {
      all.putIfAbsent(RolloutAttributes.ROLLOUT_ID, rolloutId);
    }
    if (attemptId != null) {
      all.putIfAbsent(RolloutAttributes.ATTEMPT_ID, attemptId);
    }
    long start = nowEpochNanos();
    RolloutSpan span =
        new RolloutSpan(
            name, traceId, randomHex(8), "", start, start + 1, all, Map.of(), List.of());
    store.add(span);
    return span;
  }
}
