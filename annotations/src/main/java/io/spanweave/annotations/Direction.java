package io.spanweave.annotations;

/**
 * Which side of a process or request boundary a {@link TraceBoundary} method is on.
 *
 * <pre>{@code
 * @TraceBoundary(Direction.OUTBOUND)   // the caller: injects the current context into headers
 * Reply call(Map<String, String> headers, Request request);
 *
 * @TraceBoundary(Direction.INBOUND)    // the callee: continues the caller's trace
 * Reply handle(Map<String, String> headers, Request request);
 * }</pre>
 */
public enum Direction {
  /**
   * Starts a CLIENT span and writes W3C {@code traceparent}, {@code tracestate} and {@code baggage}
   * into the carrier.
   */
  OUTBOUND,
  /** Reads the parent context from the carrier and starts a SERVER span under it. */
  INBOUND
}
