package io.spanweave.viewer.json;

import java.util.List;

/**
 * {@code /api/llm}: the LLM calls (spans with OpenTelemetry's GenAI names) of the steps asked for,
 * in total and per model, and per step over every step of the run.
 *
 * @param step the step shown: a number for {@code latest}, else the selector as given ("all", "3")
 * @param total the calls of the steps asked for
 * @param models the calls of the steps asked for, per model, most calls first
 * @param steps every step with LLM calls, in order
 */
public record LlmAnswer(
    Object step, LlmFigures total, List<LlmFigures> models, List<LlmFigures> steps) {

  /**
   * Figures of a set of LLM calls. Token sums count the calls that say their tokens; latency is the
   * span's duration; time to first token is over the calls that carry it ({@code ttftCalls}).
   *
   * @param step the step of a per-step row, else null
   * @param model the model of a per-model row ("" for calls that name none), else null
   */
  public record LlmFigures(
      Integer step,
      String model,
      int calls,
      int errors,
      long inputTokens,
      long outputTokens,
      Double latencyMeanMs,
      Double latencyP50Ms,
      Double latencyP95Ms,
      Double latencyMaxMs,
      int ttftCalls,
      Double ttftP50Ms,
      Double ttftP95Ms) {}
}
