package io.spanweave.runtime;

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
  TraceScope NOOP = () -> { };

  @Override
  void close();
}
