package io.spanweave.viewer.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runfiles.internal.summary.RunKey;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runfiles.internal.summary.StepStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What summaries count a chunk's spans under: the step and run of their trace when they name none,
 * the sample of their parent when they name none (a failed tool call under a sample's endpoint
 * fails the sample), and timed-out samples.
 */
class SpanSummariesTest {
  private static ParsedSpan span(
      String trace,
      String id,
      String parent,
      long start,
      long end,
      boolean error,
      Object... attributes) {
    ParsedSpan s = new ParsedSpan();
    s.traceId = trace;
    s.spanId = id;
    s.parentSpanId = parent;
    s.name = "span." + id;
    s.startTimeUnixNano = start;
    s.endTimeUnixNano = end;
    s.statusCode = error ? 2 : 0;
    for (int k = 0; k + 1 < attributes.length; k += 2) {
      s.attributes.add(new Attribute((String) attributes[k], attributes[k + 1]));
    }
    s.resource = List.of(new Attribute("service.name", "driver"));
    return s;
  }

  @Test
  void spansNamingNoSampleStepOrRunCountUnderTheirParentsAndTraces() {
    String t1 = "0123456789abcdef0123456789abcdef";
    String t2 = "fedcba9876543210fedcba9876543210";
    List<ParsedSpan> spans = new ArrayList<>();
    // Children end (and are written) before their parents.
    spans.add(
        span(
            t1,
            "00000000000000a2",
            "00000000000000a1",
            10,
            20,
            true,
            "spanweave.stage",
            "tool",
            "error.type",
            "ToolError"));
    spans.add(
        span(
            t1,
            "00000000000000a1",
            null,
            0,
            100,
            false,
            "rollout.id",
            "s-1",
            "rollout.step",
            3L,
            "spanweave.run.id",
            "run-a",
            "spanweave.stage",
            "agent"));
    spans.add(
        span(
            t2,
            "00000000000000b2",
            "00000000000000b1",
            10,
            20,
            true,
            "spanweave.stage",
            "judge",
            "error.type",
            "JudgeTimeoutError"));
    spans.add(
        span(
            t2,
            "00000000000000b1",
            null,
            0,
            100,
            false,
            "rollout.id",
            "s-2",
            "rollout.step",
            3L,
            "spanweave.run.id",
            "run-a",
            "spanweave.stage",
            "agent"));
    Map<Integer, SegmentSummary> out = SpanSummaries.of(spans, 1 << 20);
    StepStats step = cell(out.get(0), new RunKey("driver", "run-a"), 3);
    assertThat(step.spans()).isEqualTo(4);
    assertThat(step.samples()).isEqualTo(2);
    assertThat(step.errorSamples())
        .as("the failed tool and judge spans fail their samples")
        .isEqualTo(2);
    assertThat(step.timeoutSamples()).isEqualTo(1);
    assertThat(step.stages().get("tool").errors()).isEqualTo(1);
    assertThat(out.get(0).mightHoldSample(SpanSummaries.sampleHash("run-a", "s-1"))).isTrue();
  }

  private static StepStats cell(SegmentSummary segment, RunKey run, int step) {
    StepStats[] found = new StepStats[1];
    segment.forEachCell(
        (r, s, stats) -> {
          if (r.equals(run) && s == step) {
            found[0] = stats;
          }
        });
    assertThat(found[0]).as("a cell for %s step %d", run, step).isNotNull();
    return found[0];
  }
}
