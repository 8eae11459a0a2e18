package io.spanweave.sample;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

/** The inference engine a worker calls (simulated here). */
public interface LanguageModel {

  /** What came out: a token count and why generation stopped; the text itself is never traced. */
  record Completion(int tokens, String finishReason) {}

  /**
   * The request span carries OpenTelemetry's GenAI names, which LLM backends and the viewer read.
   */
  @Traced(
      stage = "inference",
      kind = Kind.MODEL,
      attributes = {"gen_ai.operation.name=chat", "gen_ai.request.model=simulated-lm"},
      metrics = {"numTokens=tokens", "gen_ai.usage.output_tokens=tokens"})
  Completion complete(
      @TraceAttribute("sample.id") String sampleId,
      @TraceAttribute("model.temperature") double temperature);
}
