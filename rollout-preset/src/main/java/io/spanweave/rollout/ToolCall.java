package io.spanweave.rollout;

import java.util.Map;

/**
 * One tool call of an agent's trajectory, as the agent reported it after the run: which tool, and a
 * few attributes worth keeping (exit code, sizes; never the tool's input or output).
 */
public record ToolCall(String toolName, Map<String, ?> attributes) {

  public ToolCall {
    attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
  }

  public ToolCall(String toolName) {
    this(toolName, Map.of());
  }
}
