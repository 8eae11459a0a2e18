package io.spanweave.testing;

import io.spanweave.conventions.SpanAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The recorded spans as a short tree, one trace after another, for failure messages:
 *
 * <pre>
 * trace 4bf92f35
 *   sample.run [kind=rollout]
 *     Judge.judge [stage=judge, kind=reward] reward=1.0
 *     Judge.retry [stage=retry] ERROR java.lang.IllegalStateException
 * </pre>
 */
final class SpanTree {

  private static final int MAX_LINES = 200;

  private SpanTree() {}

  static String render(List<RecordedSpan> spans, List<String> stillOpen) {
    if (spans.isEmpty() && stillOpen.isEmpty()) {
      return "  (no spans were recorded: is the code under test traced, and did it run on a thread that carries "
          + "the test's context?)";
    }
    Map<String, List<RecordedSpan>> byTrace = new LinkedHashMap<>();
    spans.stream()
        .sorted(Comparator.comparingLong(RecordedSpan::startEpochNanos))
        .forEach(span -> byTrace.computeIfAbsent(span.traceId(), t -> new ArrayList<>()).add(span));
    List<String> lines = new ArrayList<>();
    for (Map.Entry<String, List<RecordedSpan>> trace : byTrace.entrySet()) {
      lines.add("  trace " + trace.getKey().substring(0, 8));
      Set<String> ids =
          trace.getValue().stream().map(RecordedSpan::spanId).collect(Collectors.toSet());
      for (RecordedSpan span : trace.getValue()) {
        if (!ids.contains(span.parentSpanId())) { // a root, or a span whose parent was not recorded
          addSubtree(span, trace.getValue(), 2, lines);
        }
      }
    }
    if (!stillOpen.isEmpty()) {
      lines.add("  still open (not ended when asserted): " + String.join(", ", stillOpen));
    }
    if (lines.size() > MAX_LINES) {
      int more = lines.size() - MAX_LINES;
      lines = new ArrayList<>(lines.subList(0, MAX_LINES));
      lines.add("  … " + more + " more lines");
    }
    return String.join(System.lineSeparator(), lines);
  }

  private static void addSubtree(
      RecordedSpan span, List<RecordedSpan> trace, int depth, List<String> lines) {
    lines.add("  ".repeat(depth) + line(span));
    for (RecordedSpan child : trace) {
      if (child.parentSpanId().equals(span.spanId())) {
        addSubtree(child, trace, depth + 1, lines);
      }
    }
  }

  static String line(RecordedSpan span) {
    StringBuilder line = new StringBuilder(span.name());
    List<String> tags = new ArrayList<>();
    span.stage()
        .filter(stage -> !stage.equals(span.name()))
        .ifPresent(stage -> tags.add("stage=" + stage));
    Object kind = span.attribute(SpanAttributes.KIND);
    if (kind != null) {
      tags.add("kind=" + kind);
    }
    if (!tags.isEmpty()) {
      line.append(" [").append(String.join(", ", tags)).append(']');
    }
    span.metrics()
        .forEach((name, value) -> line.append(' ').append(name).append('=').append(value));
    if (span.status() == RecordedSpan.Status.ERROR) {
      line.append(" ERROR");
      span.errorType().ifPresent(type -> line.append(' ').append(type));
    }
    return line.toString();
  }
}
