package io.spanweave.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions over a group of recorded spans: all of a test's, or those of one stage. Narrow the
 * group with {@link #stage}, {@link #named} or {@link #withAttribute}, then check how many ran and
 * look at one with {@link #ranOnce()}. A failure prints every span the test recorded as a tree.
 *
 * <pre>{@code
 * spans.assertThat().stage("judge").ranOnce()
 *     .hasMetric("reward", 1.0)
 *     .isInTraceOf("sample");
 * spans.assertThat().stage("generate").ran(4);
 * spans.assertThat().hasOneTracePer("sample.id");
 * }</pre>
 */
public final class RecordedSpansAssert
    extends AbstractAssert<RecordedSpansAssert, List<RecordedSpan>> {

  /** Everything the test recorded, for failure messages and for relations between spans. */
  record Recorded(List<RecordedSpan> spans, List<String> stillOpen) {

    String tree() {
      return SpanTree.render(spans, stillOpen);
    }

    RecordedSpan byId(String spanId) {
      for (RecordedSpan span : spans) {
        if (span.spanId().equals(spanId)) {
          return span;
        }
      }
      return null;
    }
  }

  private final Recorded recorded;
  private final String group;

  RecordedSpansAssert(List<RecordedSpan> spans, Recorded recorded) {
    this(spans, recorded, "recorded spans");
  }

  private RecordedSpansAssert(List<RecordedSpan> spans, Recorded recorded, String group) {
    super(List.copyOf(spans), RecordedSpansAssert.class);
    this.recorded = recorded;
    this.group = group;
  }

  /**
   * The spans of stage {@code stage}: those whose {@code spanweave.stage} is it, or, without one,
   * whose name is it.
   */
  public RecordedSpansAssert stage(String stage) {
    Objects.requireNonNull(stage, "stage");
    return narrowed(span -> span.stageOrName().equals(stage), "stage '" + stage + "'");
  }

  /** The spans named {@code name}. */
  public RecordedSpansAssert named(String name) {
    Objects.requireNonNull(name, "name");
    return narrowed(span -> span.name().equals(name), "spans named '" + name + "'");
  }

  /**
   * The spans whose attribute {@code key} is {@code value} (compared as {@link
   * SpanAssert#hasAttribute} does).
   */
  public RecordedSpansAssert withAttribute(String key, Object value) {
    Object expected = AttributeValues.normalize(value);
    return narrowed(
        span -> Objects.equals(span.attribute(key), expected),
        group + " with " + key + "=" + value);
  }

  private RecordedSpansAssert narrowed(Predicate<RecordedSpan> filter, String description) {
    isNotNull();
    return new RecordedSpansAssert(actual.stream().filter(filter).toList(), recorded, description)
        .withRepresentation(info.representation());
  }

  /** Exactly one span is in the group; assertions on it follow. */
  public SpanAssert ranOnce() {
    ran(1);
    return new SpanAssert(actual.get(0), recorded);
  }

  /** Exactly {@code times} spans are in the group. */
  public RecordedSpansAssert ran(int times) {
    isNotNull();
    if (actual.size() != times) {
      fail(
          "expected "
              + group
              + " to have run "
              + times
              + (times == 1 ? " time" : " times")
              + " but it ran "
              + actual.size());
    }
    return this;
  }

  /** No span is in the group. */
  public RecordedSpansAssert didNotRun() {
    return ran(0);
  }

  /** Runs {@code assertions} on every span of the group. */
  public RecordedSpansAssert each(Consumer<SpanAssert> assertions) {
    isNotNull();
    for (RecordedSpan span : actual) {
      assertions.accept(new SpanAssert(span, recorded));
    }
    return this;
  }

  /** The spans of the group belong to exactly {@code count} traces. */
  public RecordedSpansAssert hasTraceCount(int count) {
    isNotNull();
    long traces = actual.stream().map(RecordedSpan::traceId).distinct().count();
    if (traces != count) {
      fail("expected " + group + " to belong to " + count + " traces but they belong to " + traces);
    }
    return this;
  }

  /**
   * One trace per value of {@code attributeKey} (such as {@code sample.id} or {@code rollout.id}):
   * the spans of the group that carry the same value share one trace, and spans with different
   * values are in different traces.
   */
  public RecordedSpansAssert hasOneTracePer(String attributeKey) {
    isNotNull();
    Map<Object, String> traceOfValue = new HashMap<>();
    Map<String, Object> valueOfTrace = new HashMap<>();
    List<String> problems = new ArrayList<>();
    for (RecordedSpan span : actual) {
      Object value = span.attribute(attributeKey);
      if (value == null) {
        continue;
      }
      String trace = traceOfValue.putIfAbsent(value, span.traceId());
      if (trace != null && !trace.equals(span.traceId())) {
        problems.add(
            attributeKey
                + "="
                + value
                + " is in two traces, "
                + trace.substring(0, 8)
                + " and "
                + span.traceId().substring(0, 8)
                + " (span "
                + span.name()
                + ")");
      }
      Object other = valueOfTrace.putIfAbsent(span.traceId(), value);
      if (other != null && !other.equals(value)) {
        problems.add(
            "trace "
                + span.traceId().substring(0, 8)
                + " holds "
                + attributeKey
                + "="
                + other
                + " and "
                + attributeKey
                + "="
                + value);
      }
    }
    if (traceOfValue.isEmpty()) {
      problems.add("no span of " + group + " has the attribute " + attributeKey);
    }
    if (!problems.isEmpty()) {
      fail("expected one trace per " + attributeKey + " but " + String.join("; ", problems));
    }
    return this;
  }

  /** The spans of the group, for assertions of your own. */
  public List<RecordedSpan> spans() {
    return actual;
  }

  private void fail(String message) {
    failWithMessage("%s%nrecorded spans:%n%s", message, recorded.tree());
  }
}
