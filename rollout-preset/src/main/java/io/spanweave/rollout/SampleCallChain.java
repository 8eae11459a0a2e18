package io.spanweave.rollout;

/**
 * The sample's call chain: every endpoint the sample has passed through, in order, in whichever
 * thread or process it ran. Unlike the local span stack it keeps endpoints that have already
 * returned, so that a judge running after a remote generation records {@code agent.run ->
 * controller.generate -> worker.generate -> judger.run} although the worker span lives in another
 * process and the controller span has ended.
 */
final class SampleCallChain {

  static final String SEPARATOR = " -> ";

  private SampleCallChain() {}

  /** Appends {@code endpoint} to the chain carried by {@code state} and returns the whole path. */
  static String append(RolloutState state, String endpoint) {
    String path = appended(state, endpoint);
    state.extraFields().put(RolloutFields.CALL_CHAIN, path);
    return path;
  }

  /**
   * The path {@link #append} would give, without changing the state: what a span records before it
   * starts.
   */
  static String appended(RolloutState state, String endpoint) {
    String chain = path(state);
    return chain.isEmpty() ? endpoint : chain + SEPARATOR + endpoint;
  }

  /** The chain carried by {@code state}, or {@code ""}. */
  static String path(RolloutState state) {
    Object chain = state.extraFields().get(RolloutFields.CALL_CHAIN);
    return chain instanceof String ? (String) chain : "";
  }
}
