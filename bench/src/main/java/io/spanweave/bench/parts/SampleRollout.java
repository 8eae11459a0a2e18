package io.spanweave.bench.parts;

import io.spanweave.annotations.Kind;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * Records one rollout sample through the runtime as the sample pipeline does: ten spans (the agent
 * loop, controller and worker generate, the inference engine, two environment steps with a tool
 * call each, the judger and the reward scorer) with the rollout attributes the preset writes, the
 * same shape as the viewer's synthetic trace file but written by the runtime's own exporter.
 */
final class SampleRollout {

  static final int SPANS_PER_SAMPLE = 10;

  private final Random random = new Random(42);

  void record(int step, int sample) {
    int group = sample / 8;
    String sampleId = "s" + step + "-g" + group + "-" + (sample % 8);
    String task = new String[] {"math", "code", "search-qa", "tool-use"}[group % 4];
    Map<String, Object> base = new LinkedHashMap<>();
    base.put("rollout.id", sampleId);
    base.put("rollout.group.id", "s" + step + "-g" + group);
    base.put("rollout.session.id", "sess-" + Long.toHexString(random.nextLong() & 0xffffffffL));
    base.put("rollout.task", task);
    base.put("rollout.step", (long) step);
    boolean fails = random.nextDouble() < 0.02;
    double reward = fails ? 0 : Math.round(random.nextDouble() * 1000) / 1000.0;
    String root = "single_turn_agent_loop.run";
    try (TraceScope agent =
        Trace.span(Kind.ROLLOUT, root, with(base, "rollout.span_name_path", root))) {
      String controllerPath = root + " -> rollout.controller.generate";
      long tokens = 200 + random.nextInt(1800);
      try (TraceScope controller =
          Trace.span(
              Kind.SYSTEM,
              "rollout.controller.generate",
              with(base, "rollout.span_name_path", controllerPath))) {
        try (TraceScope worker =
            Trace.span(
                Kind.MODEL,
                "rollout.worker.generate",
                with(
                    base,
                    "rollout.span_name_path",
                    controllerPath + " -> rollout.worker.generate"))) {
          try (TraceScope engine = Trace.span(Kind.MODEL, "infer.engine.generate", base)) {
            Trace.metric("num_tokens", tokens);
          }
          Trace.metric("num_tokens", tokens);
        }
      }
      for (int k = 0; k < 2; k++) {
        try (TraceScope env = Trace.span(Kind.ENV_STEP, "env.step", base)) {
          try (TraceScope tool =
              Trace.span(
                  Kind.TOOL,
                  "tool.call",
                  with(base, "tool.name", k == 0 ? "python" : "web_search"))) {
            if (fails && k == 1) {
              Trace.setAttribute(
                  "error.type", random.nextBoolean() ? "TimeoutError" : "ConnectionResetError");
            }
          }
        }
      }
      try (TraceScope judger =
          Trace.span(
              Kind.REWARD,
              "judger.run",
              with(base, "rollout.span_name_path", root + " -> judger.run"))) {
        try (TraceScope score =
            Trace.span(Kind.REWARD, fails ? "reward.skip" : "reward.score", base)) {
          if (!fails) {
            Trace.metric("score", reward);
          }
        }
        Trace.setAttribute("rollout.reward.score", reward);
      }
      Trace.setAttribute("rollout.status", fails ? "error" : "completed");
    }
  }

  private static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
    Map<String, Object> attributes = new LinkedHashMap<>(base);
    attributes.put(key, value);
    return attributes;
  }
}
