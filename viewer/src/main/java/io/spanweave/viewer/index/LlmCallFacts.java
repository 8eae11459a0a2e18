package io.spanweave.viewer.index;

import io.spanweave.conventions.GenAiAttributes;
import io.spanweave.conventions.ViewerKeys;
import io.spanweave.conventions.ViewerKeys.Fact;
import java.util.List;

/**
 * What one span says about the LLM call it is, from OpenTelemetry's GenAI names ({@code
 * gen_ai.usage.input_tokens}, ...) or the older ones engines write ({@code
 * gen_ai.usage.prompt_tokens}, vLLM's {@code gen_ai.latency.time_to_first_token}).
 */
final class LlmCallFacts {
  String operation;
  String model;
  long inputTokens = -1;
  long outputTokens = -1;

  /** Nanoseconds to the first token, -1 when the span does not say. */
  long timeToFirstTokenNanos = -1;

  String finishReasons;

  void set(Fact fact, Object value) {
    switch (fact) {
      case LLM_OPERATION -> operation = ViewerKeys.stringOf(value);
      case LLM_MODEL -> model = ViewerKeys.stringOf(value);
      case LLM_INPUT_TOKENS -> inputTokens = count(value);
      case LLM_OUTPUT_TOKENS -> outputTokens = count(value);
      case LLM_FINISH_REASONS ->
          finishReasons =
              value instanceof List<?> list
                  ? String.join(",", list.stream().map(ViewerKeys::stringOf).toList())
                  : ViewerKeys.stringOf(value);
      case LLM_TIME_TO_FIRST_TOKEN -> {
        double seconds = ViewerKeys.number(value);
        timeToFirstTokenNanos =
            Double.isNaN(seconds) || seconds < 0 ? -1 : Math.round(seconds * 1e9);
      }
      default -> throw new IllegalArgumentException("not an LLM fact: " + fact);
    }
  }

  private static long count(Object value) {
    double v = ViewerKeys.number(value);
    return Double.isNaN(v) || v < 0 ? -1 : Math.round(v);
  }

  /**
   * Whether the span is a model call: it names an operation that is one, or, naming none, a model
   * or a token count. A tool's or an agent's span ({@code execute_tool}, {@code invoke_agent}) is
   * not, even when it sums the tokens of the calls under it.
   */
  boolean isModelCall() {
    if (operation != null) {
      return !GenAiAttributes.NOT_MODEL_CALLS.contains(operation);
    }
    return model != null || inputTokens >= 0 || outputTokens >= 0;
  }
}
