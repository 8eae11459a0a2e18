package io.spanweave.testing;

import io.spanweave.testing.internal.EndedSpan;
import java.util.List;

/** Makes the {@link RecordedSpan} of a span the internal package copied out of the SDK. */
final class RecordedSpans {

  private RecordedSpans() {}

  static RecordedSpan of(EndedSpan span) {
    List<RecordedEvent> events =
        span.events().stream()
            .map(event -> new RecordedEvent(event.name(), event.epochNanos(), event.attributes()))
            .toList();
    List<RecordedSpan.Link> links =
        span.links().stream()
            .map(link -> new RecordedSpan.Link(link.traceId(), link.spanId()))
            .toList();
    RecordedSpan.Status status =
        switch (span.status()) {
          case "OK" -> RecordedSpan.Status.OK;
          case "ERROR" -> RecordedSpan.Status.ERROR;
          default -> RecordedSpan.Status.UNSET;
        };
    return new RecordedSpan(
        span.name(),
        span.traceId(),
        span.spanId(),
        span.parentSpanId(),
        span.spanKind(),
        span.startEpochNanos(),
        span.endEpochNanos(),
        span.attributes(),
        span.resource(),
        events,
        links,
        status);
  }
}
