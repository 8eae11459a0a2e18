package io.spanweave.testing;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Copies the SDK's {@link SpanData} into a {@link RecordedSpan}, which outlives the SDK. */
final class RecordedSpans {

  private RecordedSpans() {
  }

  static RecordedSpan of(SpanData data) {
    List<RecordedEvent> events = new ArrayList<>();
    for (EventData event : data.getEvents()) {
      events.add(new RecordedEvent(event.getName(), event.getEpochNanos(), values(event.getAttributes())));
    }
    List<RecordedSpan.Link> links = new ArrayList<>();
    for (LinkData link : data.getLinks()) {
      links.add(new RecordedSpan.Link(link.getSpanContext().getTraceId(), link.getSpanContext().getSpanId()));
    }
    String parent = data.getParentSpanContext().isValid() ? data.getParentSpanId() : "";
    RecordedSpan.Status status = switch (data.getStatus().getStatusCode()) {
      case OK -> RecordedSpan.Status.OK;
      case ERROR -> RecordedSpan.Status.ERROR;
      default -> RecordedSpan.Status.UNSET;
    };
    return new RecordedSpan(data.getName(), data.getTraceId(), data.getSpanId(), parent, data.getKind().name(),
        data.getStartEpochNanos(), data.getEndEpochNanos(), values(data.getAttributes()),
        values(data.getResource().getAttributes()), events, links, status);
  }

  private static Map<String, Object> values(Attributes attributes) {
    Map<String, Object> values = new LinkedHashMap<>();
    attributes.forEach((AttributeKey<?> key, Object value) -> values.put(key.getKey(), value));
    return values;
  }
}
