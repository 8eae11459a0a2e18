package io.spanweave.rollout;

import java.util.Map;

/**
 * One LLM request a black-box agent made to the inference endpoint, as the session serving it saw
 * it: when it arrived, when the response was sent back, and a few attributes worth keeping
 * (model, token counts, finish reason; never the prompt or the response).
 */
public record LlmRequest(long startEpochNanos, long endEpochNanos, Map<String, ?> attributes) {

  public LlmRequest {
    attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
  }

  public LlmRequest(long startEpochNanos, long endEpochNanos) {
    this(startEpochNanos, endEpochNanos, Map.of());
  }
}
