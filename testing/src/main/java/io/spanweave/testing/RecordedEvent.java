package io.spanweave.testing;

import java.util.Map;

/**
 * An event recorded on a span: {@code Trace.event(...)}, a preview ({@code spanweave.preview}) or
 * the exception event of a failed stage.
 *
 * @param name the event's name
 * @param epochNanos when it happened, in nanoseconds since the epoch
 * @param attributes its attributes; values are {@code String}, {@code Long}, {@code Double}, {@code
 *     Boolean} or a {@code List} of one of them, as OpenTelemetry stores them
 */
public record RecordedEvent(String name, long epochNanos, Map<String, Object> attributes) {

  public RecordedEvent {
    attributes = Map.copyOf(attributes);
  }
}
