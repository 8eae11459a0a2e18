package io.spanweave.rollout;

import java.util.Map;

/**
 * The trace-only fields the preset keeps in {@link RolloutState#extraFields()} while a sample runs
 * through traced endpoints. All values are strings, so that any serializer carries them to another
 * process. The outermost endpoint removes them all when it returns; nothing else should touch them.
 */
public final class RolloutFields {

  /** Every preset field starts with this; user fields must not. */
  public static final String PREFIX = "spanweave.rollout.";

  /** The sample's call chain: endpoint names joined by {@value SampleCallChain#SEPARATOR}. */
  public static final String CALL_CHAIN = PREFIX + "call_chain";

  /**
   * How many endpoints of this sample are running now, across processes. It is how an endpoint
   * knows it is the outermost one: the depth it found was 0. A depth counter rather than a flag,
   * because an endpoint in a child process must not mistake itself for the outermost one just
   * because its process has no enclosing span.
   */
  public static final String ENDPOINT_DEPTH = PREFIX + "endpoint_depth";

  /**
   * Prefix of the W3C trace context fields ({@code traceparent}, {@code tracestate}, {@code
   * baggage}).
   */
  public static final String CARRIER_PREFIX = PREFIX + "carrier.";

  private RolloutFields() {}

  /** Whether {@code key} is one of the preset's fields. */
  public static boolean isInternal(String key) {
    return key != null && key.startsWith(PREFIX);
  }

  /** Removes every preset field from {@code state}; other extra fields stay. */
  public static void removeAll(RolloutState state) {
    Map<String, Object> fields = state.extraFields();
    if (fields != null) {
      fields.keySet().removeIf(RolloutFields::isInternal);
    }
  }
}
