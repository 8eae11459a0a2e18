package io.spanweave.viewer.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.viewer.bench.SyntheticTraceFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The per-step span lists hold exactly the spans whose effective step is that step. */
class StepSpansTest {
  private static final String TRACE = "5b8efff798038103d269b633813fc60c";

  @Test
  void eachStepListsTheSpansAScanFindsForIt() throws Exception {
    SpanIndex index = new SpanIndex();
    OtlpLineParser parser = new OtlpLineParser();
    StringWriter w = new StringWriter();
    new SyntheticTraceFile(5, "run-a").write(w, 6_000);
    String[] lines = w.toString().split("\n");
    for (int end = lines.length; end > 0; end -= 333) { // newest block first, as a file is opened
      int start = Math.max(0, end - 333);
      add(index, parser, String.join("\n", Arrays.asList(lines).subList(start, end)));
    }
    // A trace whose child (no step of its own) is read before the root that gives the trace its
    // step.
    add(index, parser, span("0000000000000002", "0000000000000001", "[]"));
    add(
        index,
        parser,
        span(
            "0000000000000001",
            "",
            "[{\"key\":\"rollout.step\",\"value\":{\"intValue\":\"9001\"}}]"));
    // And a span of a trace that never gets a step.
    add(
        index,
        parser,
        span("0000000000000003", "", "[]").replace(TRACE, "6b8efff798038103d269b633813fc60c"));

    Map<Integer, List<Integer>> scanned = new TreeMap<>();
    for (int i = 0; i < index.spanCount(); i++) {
      scanned.computeIfAbsent(index.effectiveStep(i), k -> new ArrayList<>()).add(i);
    }
    assertThat(scanned.get(9001)).hasSize(2);
    assertThat(scanned).containsKey(SpanIndex.NO_STEP);
    scanned.forEach(
        (step, rows) -> {
          int[] listed = index.spansOfStep(step);
          Arrays.sort(listed);
          if (step == SpanIndex.NO_STEP) {
            assertThat(listed).as("spans without a step are in no step's list").isEmpty();
          } else {
            assertThat(listed)
                .as("step " + step)
                .containsExactly(rows.stream().mapToInt(Integer::intValue).toArray());
          }
        });
  }

  private static void add(SpanIndex index, OtlpLineParser parser, String text) throws Exception {
    byte[] block = (text + "\n").getBytes(StandardCharsets.UTF_8);
    index.addAll(parser.parseBlock(block, block.length, 0, 0, new int[1]));
  }

  private static String span(String id, String parent, String attributes) {
    return "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":\""
        + TRACE
        + "\",\"spanId\":\""
        + id
        + "\",\"parentSpanId\":\""
        + parent
        + "\",\"name\":\"n\",\"startTimeUnixNano\":\"1\",\"endTimeUnixNano\":\"2\","
        + "\"attributes\":"
        + attributes
        + "}]}]}]}";
  }
}
