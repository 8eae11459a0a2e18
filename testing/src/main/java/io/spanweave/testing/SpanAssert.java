package io.spanweave.testing;

import io.spanweave.annotations.Kind;
import io.spanweave.conventions.SpanAttributes;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on one recorded span: its stage, kind, metrics, attributes, status and exception type,
 * events and previews, and where it sits among the test's other spans. A failure prints every span
 * the test recorded as a tree.
 */
public final class SpanAssert extends AbstractAssert<SpanAssert, RecordedSpan> {

  private final RecordedSpansAssert.Recorded recorded;

  SpanAssert(RecordedSpan span, RecordedSpansAssert.Recorded recorded) {
    super(span, SpanAssert.class);
    this.recorded = recorded;
  }

  /** The span itself, to read its ids or values. */
  public RecordedSpan span() {
    return actual;
  }

  public SpanAssert hasName(String name) {
    if (!actual.name().equals(name)) {
      fail("expected span " + describe() + " to be named '" + name + "'");
    }
    return this;
  }

  /** Its {@code spanweave.stage} is {@code stage}. */
  public SpanAssert hasStage(String stage) {
    if (!actual.stage().filter(stage::equals).isPresent()) {
      fail(
          "expected span "
              + describe()
              + " to have stage '"
              + stage
              + "' but it has "
              + actual.stage().orElse("none"));
    }
    return this;
  }

  /** Its {@code spanweave.kind} is {@code kind}. */
  public SpanAssert hasKind(Kind kind) {
    if (!actual.kind().filter(kind::equals).isPresent()) {
      fail(
          "expected span "
              + describe()
              + " to have kind "
              + kind
              + " but it has "
              + actual.kind().map(Kind::name).orElse("none"));
    }
    return this;
  }

  /** It recorded metric {@code name} ({@code spanweave.metric.<name>}) equal to {@code value}. */
  public SpanAssert hasMetric(String name, double value) {
    hasMetric(name);
    double actualValue = actual.metric(name).orElseThrow();
    if (Double.compare(actualValue, value) != 0) {
      fail(
          "expected span "
              + describe()
              + " to have metric "
              + name
              + " = "
              + value
              + " but it is "
              + actualValue);
    }
    return this;
  }

  /** It recorded metric {@code name}, whatever its value. */
  public SpanAssert hasMetric(String name) {
    if (actual.metric(name).isEmpty()) {
      fail(
          "expected span "
              + describe()
              + " to have metric "
              + name
              + " but its metrics are "
              + actual.metrics());
    }
    return this;
  }

  /**
   * Its attribute {@code key} is {@code value}; an {@code int} matches the {@code long}
   * OpenTelemetry stores, an enum its name, a {@code List} the array attribute.
   */
  public SpanAssert hasAttribute(String key, Object value) {
    Object expected = AttributeValues.normalize(value);
    Object actualValue = actual.attribute(key);
    if (!Objects.equals(actualValue, expected)) {
      fail(
          "expected span "
              + describe()
              + " to have "
              + key
              + " = "
              + value
              + " but "
              + (actualValue == null ? "it has no such attribute" : "it is " + actualValue)
              + "; its attributes are "
              + actual.attributes());
    }
    return this;
  }

  /** It has attribute {@code key}, whatever its value. */
  public SpanAssert hasAttribute(String key) {
    if (actual.attribute(key) == null) {
      fail(
          "expected span "
              + describe()
              + " to have attribute "
              + key
              + "; its attributes are "
              + actual.attributes());
    }
    return this;
  }

  /** It has no attribute {@code key}. */
  public SpanAssert doesNotHaveAttribute(String key) {
    if (actual.attribute(key) != null) {
      fail(
          "expected span "
              + describe()
              + " to have no attribute "
              + key
              + " but it is "
              + actual.attribute(key));
    }
    return this;
  }

  /** It did not fail: its status is not ERROR. */
  public SpanAssert isOk() {
    if (actual.status() == RecordedSpan.Status.ERROR) {
      fail(
          "expected span "
              + describe()
              + " to succeed but it failed"
              + actual.errorType().map(t -> " with " + t).orElse(""));
    }
    return this;
  }

  /** It failed: status ERROR. */
  public SpanAssert isError() {
    if (actual.status() != RecordedSpan.Status.ERROR) {
      fail("expected span " + describe() + " to have failed but its status is " + actual.status());
    }
    return this;
  }

  /** It failed with {@code type}: status ERROR and {@code error.type} its class name. */
  public SpanAssert failedWith(Class<? extends Throwable> type) {
    isError();
    if (!actual.errorType().filter(type.getName()::equals).isPresent()) {
      fail(
          "expected span "
              + describe()
              + " to have failed with "
              + type.getName()
              + " but "
              + SpanAttributes.ERROR_TYPE
              + " is "
              + actual.errorType().orElse("not set"));
    }
    return this;
  }

  /** It has an event named {@code name}. */
  public SpanAssert hasEvent(String name) {
    if (actual.events().stream().noneMatch(event -> event.name().equals(name))) {
      fail(
          "expected span "
              + describe()
              + " to have event '"
              + name
              + "' but its events are "
              + actual.events().stream().map(RecordedEvent::name).toList());
    }
    return this;
  }

  /** It has an event named {@code name} whose attribute {@code key} is {@code value}. */
  public SpanAssert hasEvent(String name, String key, Object value) {
    hasEvent(name);
    Object expected = AttributeValues.normalize(value);
    if (actual.events().stream()
        .noneMatch(
            event ->
                event.name().equals(name)
                    && Objects.equals(event.attributes().get(key), expected))) {
      fail(
          "expected span "
              + describe()
              + " to have event '"
              + name
              + "' with "
              + key
              + " = "
              + value
              + " but its '"
              + name
              + "' events have "
              + actual.events().stream()
                  .filter(e -> e.name().equals(name))
                  .map(RecordedEvent::attributes)
                  .toList());
    }
    return this;
  }

  /**
   * It recorded a preview named {@code name} ({@code Capture.PREVIEW}), such as {@code
   * input.prompt} or {@code output}.
   */
  public SpanAssert hasPreview(String name) {
    if (!actual.previews().containsKey(name)) {
      fail(
          "expected span "
              + describe()
              + " to have preview '"
              + name
              + "' but its previews are "
              + actual.previews().keySet());
    }
    return this;
  }

  /**
   * Its preview {@code name} was redacted: the preview event says so ({@code spanweave.redaction =
   * redacted}) and its text holds none of {@code secrets}.
   */
  public SpanAssert hasRedactedPreview(String name, String... secrets) {
    hasPreview(name);
    String text = actual.previews().get(name);
    for (String secret : secrets) {
      if (text.contains(secret)) {
        fail(
            "expected preview '"
                + name
                + "' of span "
                + describe()
                + " to be redacted but it holds a secret: "
                + text);
      }
    }
    boolean redacted =
        actual.events().stream()
            .anyMatch(
                event ->
                    event.name().equals(SpanAttributes.PREVIEW_EVENT)
                        && name.equals(event.attributes().get(SpanAttributes.PREVIEW_NAME))
                        && "redacted".equals(event.attributes().get(SpanAttributes.REDACTION)));
    if (!redacted) {
      fail(
          "expected preview '"
              + name
              + "' of span "
              + describe()
              + " to be marked redacted ("
              + SpanAttributes.REDACTION
              + ") but it is not: "
              + text);
    }
    return this;
  }

  /** It recorded no preview. */
  public SpanAssert hasNoPreview() {
    if (!actual.previews().isEmpty()) {
      fail(
          "expected span "
              + describe()
              + " to have no preview but it has "
              + actual.previews().keySet());
    }
    return this;
  }

  /** It has no parent: the first span of its trace. */
  public SpanAssert isRoot() {
    if (!actual.isRoot()) {
      RecordedSpan parent = recorded.byId(actual.parentSpanId());
      fail(
          "expected span "
              + describe()
              + " to be a root span but its parent is "
              + (parent == null
                  ? actual.parentSpanId() + " (not recorded by this test)"
                  : describe(parent)));
    }
    return this;
  }

  /** Its parent is {@code parent}. */
  public SpanAssert isChildOf(RecordedSpan parent) {
    if (!actual.parentSpanId().equals(parent.spanId())
        || !actual.traceId().equals(parent.traceId())) {
      fail("expected span " + describe() + " to be a child of " + describe(parent));
    }
    return this;
  }

  /** Its parent is the span of stage (or name) {@code stage}. */
  public SpanAssert hasParent(String stage) {
    RecordedSpan parent = recorded.byId(actual.parentSpanId());
    if (parent == null || !parent.stageOrName().equals(stage)) {
      fail(
          "expected span "
              + describe()
              + " to be a child of '"
              + stage
              + "' but its parent is "
              + (parent == null
                  ? (actual.isRoot() ? "none" : "not recorded by this test")
                  : describe(parent)));
    }
    return this;
  }

  /** It is below a span of stage (or name) {@code stage}: its parent, its parent's parent, … */
  public SpanAssert isUnder(String stage) {
    RecordedSpan ancestor = recorded.byId(actual.parentSpanId());
    while (ancestor != null && !ancestor.stageOrName().equals(stage)) {
      ancestor = recorded.byId(ancestor.parentSpanId());
    }
    if (ancestor == null) {
      fail("expected span " + describe() + " to be under '" + stage + "' but no ancestor is");
    }
    return this;
  }

  /**
   * It is in the same trace as the one span of stage (or name) {@code stage}, such as the sample's
   * root.
   */
  public SpanAssert isInTraceOf(String stage) {
    List<RecordedSpan> others =
        recorded.spans().stream().filter(span -> span.stageOrName().equals(stage)).toList();
    if (others.size() != 1) {
      fail(
          "expected one span '"
              + stage
              + "' to compare traces with but there are "
              + others.size());
    }
    return isInTraceOf(others.get(0));
  }

  /** It is in the same trace as {@code other}. */
  public SpanAssert isInTraceOf(RecordedSpan other) {
    if (!actual.traceId().equals(other.traceId())) {
      fail(
          "expected span "
              + describe()
              + " to be in the trace of "
              + describe(other)
              + " ("
              + other.traceId().substring(0, 8)
              + ") but it is in trace "
              + actual.traceId().substring(0, 8));
    }
    return this;
  }

  /** Assertions on its parent. */
  public SpanAssert parent() {
    RecordedSpan parent = recorded.byId(actual.parentSpanId());
    if (parent == null) {
      fail(
          "expected span "
              + describe()
              + " to have a recorded parent but it has "
              + (actual.isRoot() ? "none" : "one this test did not record"));
    }
    return new SpanAssert(parent, recorded);
  }

  /** Assertions on its one child of stage (or name) {@code stage}. */
  public SpanAssert child(String stage) {
    List<RecordedSpan> children =
        recorded.spans().stream()
            .filter(
                span ->
                    span.parentSpanId().equals(actual.spanId()) && span.stageOrName().equals(stage))
            .toList();
    if (children.size() != 1) {
      fail(
          "expected span "
              + describe()
              + " to have one child '"
              + stage
              + "' but it has "
              + children.size());
    }
    return new SpanAssert(children.get(0), recorded);
  }

  private String describe() {
    return describe(actual);
  }

  private static String describe(RecordedSpan span) {
    return "'" + SpanTree.line(span) + "'";
  }

  private void fail(String message) {
    failWithMessage("%s%nrecorded spans:%n%s", message, recorded.tree());
  }

  /** The attributes as a map, for {@code assertThat(span.attributes())} of your own. */
  public Map<String, Object> attributes() {
    return actual.attributes();
  }
}
