package io.spanweave.testing.internal;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A span that ended, copied out of the SDK's {@link SpanData} into plain values, which outlive the
 * SDK. This package reads the SDK so that the public package does not have to, and names none of
 * the public package's types: that package makes its {@code RecordedSpan} of these values.
 *
 * @param parentSpanId the parent's span id, or empty for a root span
 * @param spanKind the SDK's span kind by name, such as {@code INTERNAL}
 * @param status the status code by name: {@code UNSET}, {@code OK} or {@code ERROR}
 */
public record EndedSpan(
    String name,
    String traceId,
    String spanId,
    String parentSpanId,
    String spanKind,
    long startEpochNanos,
    long endEpochNanos,
    Map<String, Object> attributes,
    Map<String, Object> resource,
    List<Event> events,
    List<Link> links,
    String status) {

  /** An event of the span. */
  public record Event(String name, long epochNanos, Map<String, Object> attributes) {}

  /** A link to another span, by its ids. */
  public record Link(String traceId, String spanId) {}

  static EndedSpan of(SpanData data) {
    List<Event> events = new ArrayList<>();
    for (EventData event : data.getEvents()) {
      events.add(new Event(event.getName(), event.getEpochNanos(), values(event.getAttributes())));
    }
    List<Link> links = new ArrayList<>();
    for (LinkData link : data.getLinks()) {
      links.add(new Link(link.getSpanContext().getTraceId(), link.getSpanContext().getSpanId()));
    }
    String parent = data.getParentSpanContext().isValid() ? data.getParentSpanId() : "";
    return new EndedSpan(
        data.getName(),
        data.getTraceId(),
        data.getSpanId(),
        parent,
        data.getKind().name(),
        data.getStartEpochNanos(),
        data.getEndEpochNanos(),
        values(data.getAttributes()),
        values(data.getResource().getAttributes()),
        events,
        links,
        data.getStatus().getStatusCode().name());
  }

  private static Map<String, Object> values(Attributes attributes) {
    Map<String, Object> values = new LinkedHashMap<>();
    attributes.forEach((AttributeKey<?> key, Object value) -> values.put(key.getKey(), value));
    return values;
  }
}
