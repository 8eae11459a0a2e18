package io.spanweave.bench.stage;

import java.util.concurrent.CompletableFuture;

/**
 * The stage bodies: the same in every case, and allocation-free so that -prof gc sees only tracing.
 */
public final class WorkerImpl implements Worker {

  /** What {@link #generate} returns. */
  public static final Generation GENERATION = new Generation(128, 0.75, new Generation.Usage(512));

  private static final CompletableFuture<Generation> DONE =
      CompletableFuture.completedFuture(GENERATION);

  @Override
  public long one(String sampleId) {
    return sampleId.length();
  }

  @Override
  public long four(String sampleId, int attempt, String groupId, double temperature) {
    return sampleId.length() + attempt + groupId.length() + (long) temperature;
  }

  @Override
  public long step(String sampleId, int attempt) {
    return sampleId.length() + attempt;
  }

  @Override
  public Generation generate(String sampleId, int attempt) {
    return GENERATION;
  }

  @Override
  public CompletableFuture<Generation> judge(String sampleId, int attempt) {
    return DONE;
  }
}
