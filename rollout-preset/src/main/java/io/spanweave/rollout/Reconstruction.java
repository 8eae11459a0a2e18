package io.spanweave.rollout;

import io.spanweave.api.TraceContext;

/**
 * What {@link AgentTraceReconstructor} recorded.
 *
 * @param agentRun the {@code reconstructed_agent_run} span, to record more under it; a root
 *     (invalid) context when nothing was recorded
 * @param llmCalls how many {@code reconstructed_llm_call.N} spans
 * @param toolCalls how many {@code reconstructed_tool_call.N} spans
 * @param overlappingGaps gaps skipped because the next request started before the previous one
 *     ended (a parallel agent)
 */
public record Reconstruction(
    TraceContext agentRun, int llmCalls, int toolCalls, int overlappingGaps) {

  /** Nothing recorded: tracing or the rollout preset is off. */
  static Reconstruction none() {
    return new Reconstruction(TraceContext.root(), 0, 0, 0);
  }
}
