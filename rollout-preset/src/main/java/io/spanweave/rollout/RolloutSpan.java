package io.spanweave.rollout;

import java.util.List;
import java.util.Map;

/**
 * A finished span as the preset reads it back: from a run's {@code traces.jsonl} ({@link
 * TraceFileReader}) or from an offline {@link RolloutEmitter}. Attribute values are {@code String},
 * {@code Long}, {@code Double}, {@code Boolean} or a {@code List} of one of them.
 *
 * @param parentSpanId the parent's span id, or {@code ""} for a root span
 * @param resource the resource attributes, such as {@code service.name}, {@code spanweave.run.id},
 *     {@code process.pid}
 */
public record RolloutSpan(
    String name,
    String traceId,
    String spanId,
    String parentSpanId,
    long startEpochNanos,
    long endEpochNanos,
    Map<String, Object> attributes,
    Map<String, Object> resource,
    List<Link> links) {

  /** A link to another span, such as a batch span's link to each sample's trace. */
  public record Link(String traceId, String spanId) {}

  public RolloutSpan {
    parentSpanId = parentSpanId == null ? "" : parentSpanId;
    attributes = Map.copyOf(attributes);
    resource = Map.copyOf(resource);
    links = List.copyOf(links);
  }

  /** The attribute {@code key}, or {@code null}. */
  public Object attribute(String key) {
    return attributes.get(key);
  }

  /** The attribute {@code key} as text, or {@code null} when absent or not a string. */
  public String stringAttribute(String key) {
    Object value = attributes.get(key);
    return value instanceof String ? (String) value : null;
  }

  /** Whether this span has no parent. */
  public boolean isRoot() {
    return parentSpanId.isEmpty();
  }

  @Override
  public String toString() {
    return "RolloutSpan{"
        + name
        + ", trace="
        + traceId
        + ", span="
        + spanId
        + (isRoot() ? "" : ", parent=" + parentSpanId)
        + "}";
  }
}
