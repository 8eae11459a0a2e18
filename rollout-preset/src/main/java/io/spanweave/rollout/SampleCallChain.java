package io.spanweave.rollout;

import java.util.Map;

/**
 * The sample's call chain: every endpoint the sample has passed through, in order, in whichever
 * thread or process it ran. Unlike the local span stack it keeps endpoints that have already
 * returned, so that a judge running after a remote generation records
 * {@code agent.run -> controller.generate -> worker.generate -> judger.run} although the worker
 * span lives in another process and the controller span has ended.
 */
final class SampleCallChain {

  static final String SEPARATOR = " -> ";

  private SampleCallChain() {
  }

  /** Appends {@code endpoint} to the chain carried by {@code state} and returns the whole path. */
  static String append(RolloutState state, String endpoint) {
    Map<String, Object> fields = state.extraFields();
    Object chain = fields.get(RolloutFields.CALL_CHAIN);
    String path = chain instanceof String && !((String) chain).isEmpty() ? chain + SEPARATOR + endpoint : endpoint;
    fields.put(RolloutFields.CALL_CHAIN, path);
    return path;
  }

  /** The chain carried by {@code state}, or {@code ""}. */
  static String path(RolloutState state) {
    Object chain = state.extraFields().get(RolloutFields.CALL_CHAIN);
    return chain instanceof String ? (String) chain : "";
  }
}
