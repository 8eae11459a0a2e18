package io.spanweave.testing;

import io.spanweave.annotations.Kind;
import io.spanweave.conventions.SpanAttributes;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A span that ended while a {@link SpanRecorder} recorded, as plain values: what a test asserts. It
 * names no OpenTelemetry SDK type, so test code that reads it needs only spanweave-testing.
 *
 * @param name the span's name, such as {@code Judge.judge}
 * @param traceId the W3C trace id, 32 lower-case hex digits
 * @param spanId the span id, 16 lower-case hex digits
 * @param parentSpanId the parent's span id, or {@code ""} for a root span
 * @param spanKind {@code INTERNAL}, {@code SERVER}, {@code CLIENT}, {@code PRODUCER} or {@code
 *     CONSUMER}
 * @param attributes the span's attributes; values are {@code String}, {@code Long}, {@code Double},
 *     {@code Boolean} or a {@code List} of one of them, as OpenTelemetry stores them
 * @param resource the resource attributes: {@code service.name}, {@code spanweave.run.id}, {@code
 *     process.pid}, …
 * @param events the span's events, in order
 * @param links the spans this span links to (a batch call links every sample it served)
 * @param status the OpenTelemetry status code
 */
public record RecordedSpan(
    String name,
    String traceId,
    String spanId,
    String parentSpanId,
    String spanKind,
    long startEpochNanos,
    long endEpochNanos,
    Map<String, Object> attributes,
    Map<String, Object> resource,
    List<RecordedEvent> events,
    List<Link> links,
    Status status) {

  /** The status code OpenTelemetry gives a span: a failed stage ends with {@link #ERROR}. */
  public enum Status {
    UNSET,
    OK,
    ERROR
  }

  /** A link to another span, by its ids. */
  public record Link(String traceId, String spanId) {}

  public RecordedSpan {
    attributes = Map.copyOf(attributes);
    resource = Map.copyOf(resource);
    events = List.copyOf(events);
    links = List.copyOf(links);
  }

  /** Whether the span has no parent: the first span of its trace. */
  public boolean isRoot() {
    return parentSpanId.isEmpty();
  }

  /** The stage ({@code spanweave.stage}); empty for spans that are not stages. */
  public Optional<String> stage() {
    return Optional.ofNullable(attributes.get(SpanAttributes.STAGE)).map(Object::toString);
  }

  /** The stage, else the span's name: how the viewer groups spans. */
  public String stageOrName() {
    return stage().orElse(name);
  }

  /** The {@link Kind} ({@code spanweave.kind}); empty when none was given. */
  public Optional<Kind> kind() {
    Object kind = attributes.get(SpanAttributes.KIND);
    if (kind == null) {
      return Optional.empty();
    }
    for (Kind candidate : Kind.values()) {
      if (candidate.attributeValue().equals(kind)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /**
   * The value of metric {@code name} ({@code spanweave.metric.<name>}) as a double; booleans are 1
   * or 0.
   */
  public Optional<Double> metric(String name) {
    Object value = attributes.get(SpanAttributes.METRIC_PREFIX + name);
    if (value instanceof Number number) {
      return Optional.of(number.doubleValue());
    }
    if (value instanceof Boolean bool) {
      return Optional.of(bool ? 1.0 : 0.0);
    }
    return Optional.empty();
  }

  /** Every metric of the span, by name (without the {@code spanweave.metric.} prefix). */
  public Map<String, Object> metrics() {
    Map<String, Object> metrics = new java.util.TreeMap<>();
    attributes.forEach(
        (key, value) -> {
          if (key.startsWith(SpanAttributes.METRIC_PREFIX)) {
            metrics.put(key.substring(SpanAttributes.METRIC_PREFIX.length()), value);
          }
        });
    return metrics;
  }

  /** The attribute {@code key}, or {@code null}. */
  public Object attribute(String key) {
    return attributes.get(key);
  }

  /** The exception type a failed stage recorded ({@code error.type}): the class's binary name. */
  public Optional<String> errorType() {
    return Optional.ofNullable(attributes.get(SpanAttributes.ERROR_TYPE)).map(Object::toString);
  }

  /**
   * The previews the stage recorded ({@code Capture.PREVIEW}): the redacted text by preview name.
   */
  public Map<String, String> previews() {
    Map<String, String> previews = new java.util.LinkedHashMap<>();
    for (RecordedEvent event : events) {
      if (event.name().equals(SpanAttributes.PREVIEW_EVENT)) {
        previews.put(
            String.valueOf(event.attributes().get(SpanAttributes.PREVIEW_NAME)),
            String.valueOf(event.attributes().get(SpanAttributes.PREVIEW_TEXT)));
      }
    }
    return previews;
  }
}
