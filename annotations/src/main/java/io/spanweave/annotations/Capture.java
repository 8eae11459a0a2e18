package io.spanweave.annotations;

/**
 * Whether a traced stage records previews of its inputs and output.
 *
 * <pre>{@code
 * @Traced(stage = "tool", kind = Kind.TOOL, capture = Capture.PREVIEW)
 * ToolResult call(String toolName, Map<String, Object> arguments);
 * }</pre>
 */
public enum Capture {
  /** The default: names, kind, status, timing, attributes and metrics, but no previews. */
  OFF,
  /**
   * Bounded, redacted previews of the arguments (by parameter name) and of the result, recorded as
   * span events and never as attributes. For debugging only; keep payloads out of production.
   */
  PREVIEW
}
