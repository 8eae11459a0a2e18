package io.spanweave.sample;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

/** The inference engine a worker calls (simulated here). */
public interface LanguageModel {

  /** What came out: a token count and why generation stopped; the text itself is never traced. */
  record Completion(int tokens, String finishReason) {}

  @Traced(stage = "inference", kind = Kind.MODEL, metrics = "numTokens=tokens")
  Completion complete(@TraceAttribute("sample.id") String sampleId,
                      @TraceAttribute("model.temperature") double temperature);
}
