package io.spanweave.viewer.index;

/**
 * One row per span that is an LLM call ({@link LlmCallFacts}): the model, the tokens in and out and
 * the time to first token, for the per-step LLM figures. Sparse: most spans are not LLM calls.
 */
final class LlmTable {
  final IntColumn span = new IntColumn(64);
  final IntColumn model = new IntColumn(64);
  final IntColumn operation = new IntColumn(64);
  final IntColumn finishReasons = new IntColumn(64);
  final LongColumn inputTokens = new LongColumn(64);
  final LongColumn outputTokens = new LongColumn(64);
  final LongColumn timeToFirstTokenNanos = new LongColumn(64);

  void add(
      int spanRow, int modelString, int operationString, int finishString, LlmCallFacts facts) {
    span.add(spanRow);
    model.add(modelString);
    operation.add(operationString);
    finishReasons.add(finishString);
    inputTokens.add(facts.inputTokens);
    outputTokens.add(facts.outputTokens);
    timeToFirstTokenNanos.add(facts.timeToFirstTokenNanos);
  }

  int count() {
    return span.size();
  }
}
