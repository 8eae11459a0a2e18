package com.acme.rollout;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

public interface RolloutWorker {
  record GenerateResult(String text, int numTokens, Usage usage) {}

  record Usage(int inputTokens, int outputTokens) {}

  @Traced(stage = "generate", kind = Kind.MODEL, attributes = "model.family=qwen",
          metrics = {"numTokens", "gen_ai.usage.input_tokens=usage.inputTokens"})
  GenerateResult generate(@TraceAttribute("sample.id") String sampleId, @TraceAttribute int attempt, String prompt);
}
