package com.acme.rollout;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.util.Map;

public final class Loop {
  static final String STEP_SPAN = "rollout.step";

  public void step(int step, String prompt, RolloutWorker worker) {
    try (TraceScope scope = Trace.span(STEP_SPAN, Map.of("rollout.step", step, "prompt.length", prompt.length()))) {
      RolloutWorker.GenerateResult result = worker.generate("s-" + step, 0, prompt);
      Trace.event("infer.finished", Map.of("num_tokens", result.numTokens(), "prompt_tokens", 12));
      Trace.setAttribute("response.status_code", 200L);
    } catch (RuntimeException e) {
      Trace.setAttribute("error.type", e.getClass().getName());
      throw e;
    }
  }
}
