package io.spanweave.viewer.json;

import java.util.List;

/** {@code /api/span}: everything about one span, read back from its line in the file. */
public record SpanAnswer(
    String traceId,
    String spanId,
    String parentSpanId,
    String name,
    String stage,
    String status,
    int otlpStatusCode,
    String statusMessage,
    String spanKind,
    String startTimeUnixNano,
    String endTimeUnixNano,
    double durationMs,
    List<KeyValue> attributes,
    List<Event> events,
    List<Link> links,
    List<KeyValue> resource,
    Scope scope,
    Source source) {

  /** An attribute; the value is a string, number, boolean, list or map as OTLP carried it. */
  public record KeyValue(String key, Object value) {}

  public record Event(
      String name, String timeUnixNano, double offsetMs, List<KeyValue> attributes) {}

  public record Link(String traceId, String spanId, List<KeyValue> attributes) {}

  public record Scope(String name, String version) {}

  /** Where the span's line is: the file and the byte offset. */
  public record Source(String file, long offset) {}
}
