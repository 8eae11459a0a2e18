package io.spanweave.viewer;

import java.nio.file.Path;

/**
 * A small, fully known rollout run: two steps of two samples each, with call-chain paths, one
 * failing tool call, a filtered sample, rewards, plus one deep trace without rollout attributes.
 *
 * <pre>
 * step 1: s1-a (reward 0.5), s1-b (reward 0.7)            judge 100 ms / 300 ms
 * step 2: s2-a (tool TimeoutError, status error), s2-b (filtered, reward 0.1)
 * deep:   trace DEEP: root -> 3 children -> 2 grandchildren each
 * </pre>
 */
final class RolloutScenario {
  static final String DEEP_TRACE = "dddddddddddddddddddddddddddddddd";
  static final String DEEP_ROOT = "d000000000000001";

  private RolloutScenario() {}

  static String traceOf(String sample) {
    return switch (sample) {
      case "s1-a" -> "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";
      case "s1-b" -> "b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1";
      case "s2-a" -> "a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2";
      case "s2-b" -> "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2";
      default -> throw new IllegalArgumentException(sample);
    };
  }

  static void write(Path file) {
    OtlpFixture f = new OtlpFixture();
    sample(f, "s1-a", 1, 0, 0.5, 100, null, false);
    sample(f, "s1-b", 1, 100, 0.7, 300, null, false);
    sample(f, "s2-a", 2, 10_000, 0.0, 150, "TimeoutError", false);
    sample(f, "s2-b", 2, 10_100, 0.1, 250, null, true);
    f.appendTo(file, 3);
    deepTrace(f);
    f.appendTo(file, 1);
  }

  /** Span ids are derived from the trace id so every sample's ids are distinct and predictable. */
  static String spanId(String sample, int n) {
    return traceOf(sample).substring(0, 14) + "0" + n;
  }

  private static void sample(
      OtlpFixture f,
      String id,
      int step,
      long t,
      double reward,
      long judgeMs,
      String toolError,
      boolean filtered) {
    String trace = traceOf(id);
    String root = spanId(id, 1);
    String controller = spanId(id, 2);
    String worker = spanId(id, 3);
    String judger = spanId(id, 4);
    String tool = spanId(id, 5);
    Object[] common = {
      "rollout.id",
      id,
      "rollout.group.id",
      "g" + step,
      "rollout.step",
      (long) step,
      "rollout.task",
      "math"
    };
    f.span(trace, worker, controller, "worker.generate", t + 10, t + 1010)
        .attrs(common)
        .attrs(
            "spanweave.stage",
            "generate",
            "spanweave.kind",
            "MODEL",
            "rollout.span_name_path",
            "agent.run -> controller.generate -> worker.generate",
            "spanweave.metric.num_tokens",
            120L)
        .add();
    f.span(trace, controller, root, "controller.generate", t + 5, t + 1020)
        .attrs(common)
        .attrs(
            "spanweave.stage",
            "generate",
            "spanweave.kind",
            "SYSTEM",
            "rollout.span_name_path",
            "agent.run -> controller.generate")
        .add();
    if (toolError != null) {
      f.span(trace, tool, root, "tool.call", t + 1030, t + 1080)
          .attrs(common)
          .attrs("spanweave.stage", "tool", "spanweave.kind", "TOOL", "error.type", toolError)
          .error(toolError)
          .add();
    }
    f.span(trace, judger, root, "judger.run", t + 1100, t + 1100 + judgeMs)
        .attrs(common)
        .attrs(
            "spanweave.stage",
            "judge",
            "spanweave.kind",
            "REWARD",
            "rollout.span_name_path",
            "agent.run -> judger.run",
            "rollout.reward.score",
            reward)
        .add();
    OtlpFixture.SpanBuilder rootSpan =
        f.span(trace, root, null, "agent.run", t, t + 1500)
            .attrs(common)
            .attrs(
                "spanweave.stage",
                "agent",
                "spanweave.kind",
                "ROLLOUT",
                "rollout.span_name_path",
                "agent.run",
                "rollout.status",
                toolError != null ? "error" : "completed",
                "rollout.filtered",
                filtered)
            .event("sample.started", "attempt", 1L)
            .link(traceOf("s1-a"), spanId("s1-a", 1));
    if (filtered) {
      rootSpan.attrs("rollout.filter.reason", "low_reward");
    }
    rootSpan.add();
  }

  private static void deepTrace(OtlpFixture f) {
    f.span(DEEP_TRACE, DEEP_ROOT, null, "batch.prepare", 50_000, 51_000)
        .attrs("spanweave.kind", "DATASET")
        .add();
    for (int c = 1; c <= 3; c++) {
      String child = "d00000000000001" + c;
      f.span(DEEP_TRACE, child, DEEP_ROOT, "shard.load", 50_000 + c * 10, 50_000 + c * 10 + 300)
          .attrs("shard", "shard-" + c)
          .add();
      for (int g = 1; g <= 2; g++) {
        f.span(
                DEEP_TRACE,
                "d0000000000002" + c + g,
                child,
                "file.read",
                50_000 + c * 10 + g,
                50_000 + c * 10 + g + 100)
            .attrs("file.name", "part-" + c + "-" + g + ".parquet")
            .add();
      }
    }
  }
}
