package io.spanweave.rollout;

/**
 * Reads and writes {@link RolloutFields#ENDPOINT_DEPTH}, a decimal string so that any serializer
 * keeps it exact.
 */
final class EndpointDepth {

  private EndpointDepth() {}

  /**
   * The depth carried by {@code state}; 0 when absent or unreadable (then this is the outermost
   * endpoint).
   */
  static int of(RolloutState state) {
    Object value = state.extraFields().get(RolloutFields.ENDPOINT_DEPTH);
    if (value instanceof Number) {
      return ((Number) value).intValue(); // a serializer may have turned the string into a number
    }
    if (value instanceof String) {
      try {
        return Integer.parseInt((String) value);
      } catch (NumberFormatException e) {
        return 0;
      }
    }
    return 0;
  }

  static void set(RolloutState state, int depth) {
    state.extraFields().put(RolloutFields.ENDPOINT_DEPTH, Integer.toString(depth));
  }
}
