package io.spanweave.bench.stage;

/** A model call's result: three metrics for the metrics stage. */
public record Generation(int numTokens, double score, Usage usage) {

  /** Token usage. */
  public record Usage(int inputTokens) {}
}
