package io.spanweave.bench.stage;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import java.util.concurrent.CompletableFuture;

/** The traced stages the per-call benchmarks compare; {@link TracedWorker} is generated. */
public interface Worker {

  /** One attribute, no metric. */
  @Traced(stage = "one", kind = Kind.ENV_STEP)
  long one(@TraceAttribute("sample.id") String sampleId);

  /** Four attributes of three types, no metric. */
  @Traced(stage = "four", kind = Kind.ROLLOUT)
  long four(
      @TraceAttribute("sample.id") String sampleId,
      @TraceAttribute("attempt") int attempt,
      @TraceAttribute("group.id") String groupId,
      @TraceAttribute("temperature") double temperature);

  /** The plain stage: two attributes, no metric. */
  @Traced(stage = "step", kind = Kind.ENV_STEP)
  long step(@TraceAttribute("sample.id") String sampleId, @TraceAttribute("attempt") int attempt);

  /** The same with three metrics read from the result. */
  @Traced(
      stage = "generate",
      kind = Kind.MODEL,
      metrics = {"numTokens", "score", "gen_ai.usage.input_tokens=usage.inputTokens"})
  Generation generate(
      @TraceAttribute("sample.id") String sampleId, @TraceAttribute("attempt") int attempt);

  /** The async stage: the span ends when the future completes. */
  @Traced(stage = "judge", kind = Kind.REWARD)
  CompletableFuture<Generation> judge(
      @TraceAttribute("sample.id") String sampleId, @TraceAttribute("attempt") int attempt);
}
