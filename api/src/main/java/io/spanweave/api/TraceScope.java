package io.spanweave.api;

/**
 * An open span or an attached context, closed by try-with-resources. Closing ends the span (or
 * detaches the context) and restores what was current before. Closing twice does nothing.
 *
 * <pre>{@code
 * try (TraceScope scope = Trace.span("agent.run", Map.of("task", taskName))) {
 *   runAgent();
 * }
 * }</pre>
 */
public interface TraceScope extends AutoCloseable {

  /** A scope that does nothing, returned whenever tracing is off. */
  TraceScope NOOP = () -> {};

  @Override
  void close();

  /**
   * Records a bounded, redacted preview of {@code value} on this scope's span, when it was opened
   * with {@code Capture.PREVIEW} and previews are switched on; see {@link StageSpan#preview}. Does
   * nothing otherwise.
   */
  default void preview(String name, Object value) {}

  /** {@code preview("output", value)}. */
  default void previewOutput(Object value) {
    preview("output", value);
  }
}
