package io.spanweave.rollout;

import io.spanweave.conventions.GenAiAttributes;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One LLM request a black-box agent made to the inference endpoint, as the session serving it saw
 * it: when it arrived, when the response was sent back, and a few attributes worth keeping (model,
 * token counts, finish reason; never the prompt or the response). Name them with OpenTelemetry's
 * GenAI names ({@link GenAiAttributes}: {@code gen_ai.request.model}, {@code
 * gen_ai.usage.input_tokens}, {@code gen_ai.usage.output_tokens}, {@code
 * gen_ai.response.finish_reasons}), which LLM backends and the viewer read; {@link #withUsage}
 * does.
 */
public record LlmRequest(long startEpochNanos, long endEpochNanos, Map<String, ?> attributes) {

  public LlmRequest {
    attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
  }

  public LlmRequest(long startEpochNanos, long endEpochNanos) {
    this(startEpochNanos, endEpochNanos, Map.of());
  }

  /**
   * A request with its model and token counts under OpenTelemetry's GenAI names.
   *
   * @param model the model the request asked for ({@code gen_ai.request.model})
   * @param inputTokens {@code gen_ai.usage.input_tokens}
   * @param outputTokens {@code gen_ai.usage.output_tokens}
   */
  public static LlmRequest withUsage(
      long startEpochNanos, long endEpochNanos, String model, long inputTokens, long outputTokens) {
    Map<String, Object> attributes = new LinkedHashMap<>();
    if (model != null) {
      attributes.put(GenAiAttributes.REQUEST_MODEL, model);
    }
    attributes.put(GenAiAttributes.USAGE_INPUT_TOKENS, inputTokens);
    attributes.put(GenAiAttributes.USAGE_OUTPUT_TOKENS, outputTokens);
    return new LlmRequest(startEpochNanos, endEpochNanos, attributes);
  }
}
