package io.spanweave.rollout;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceCarrier;
import io.spanweave.api.TraceContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trace context a sample carries in its extra fields ({@code traceparent} and friends under
 * {@link RolloutFields#CARRIER_PREFIX}): the span the sample's next endpoint should hang under,
 * wherever that endpoint runs.
 */
final class StateCarrier implements TraceCarrier {

  private final Map<String, Object> fields;

  StateCarrier(RolloutState state) {
    this.fields = state.extraFields();
  }

  @Override
  public String get(String key) {
    Object value = fields.get(RolloutFields.CARRIER_PREFIX + key);
    return value instanceof String ? (String) value : null;
  }

  @Override
  public void set(String key, String value) {
    fields.put(RolloutFields.CARRIER_PREFIX + key, value);
  }

  @Override
  public Iterable<String> keys() {
    List<String> keys = new ArrayList<>();
    for (String key : fields.keySet()) {
      if (key.startsWith(RolloutFields.CARRIER_PREFIX)) {
        keys.add(key.substring(RolloutFields.CARRIER_PREFIX.length()));
      }
    }
    return keys;
  }

  /** The carried fields, to be put back later with {@link #restore(Map)}. */
  Map<String, String> snapshot() {
    Map<String, String> copy = new LinkedHashMap<>();
    for (String key : keys()) {
      copy.put(key, get(key));
    }
    return copy;
  }

  /** Replaces the carried fields with {@code saved}; an empty map removes them. */
  void restore(Map<String, String> saved) {
    clear();
    saved.forEach(this::set);
  }

  /** Makes the sample carry the context current on this thread. */
  void carryCurrent() {
    clear();
    Trace.inject(this);
  }

  private void clear() {
    fields.keySet().removeIf(key -> key.startsWith(RolloutFields.CARRIER_PREFIX));
  }

  /** The carried context; invalid when the sample carries none. */
  TraceContext context() {
    return Trace.extract(this);
  }

  /**
   * The parent a span of this sample should have: the carried context, unless the current span
   * already belongs to the sample's trace ({@code null}: keep the current one, it is the closer
   * parent). So an endpoint in a child process, or on a pool thread with no context, still joins
   * its sample, and an endpoint nested in a local span stays under that span.
   */
  TraceContext parentForNewSpan() {
    TraceContext carried = context();
    if (!carried.isValid() || sameTrace(carried, TraceContext.current())) {
      return null;
    }
    return carried;
  }

  /**
   * Whether the span current now may become the one the sample carries: when the sample carries
   * nothing yet or the current span is in the sample's trace. A batch span in another trace only
   * links to the sample; it must not capture it.
   */
  boolean currentSpanBelongsToSample() {
    TraceContext carried = context();
    return !carried.isValid() || sameTrace(carried, TraceContext.current());
  }

  private static boolean sameTrace(TraceContext a, TraceContext b) {
    return a.isValid() && b.isValid() && a.traceId().equals(b.traceId());
  }
}
