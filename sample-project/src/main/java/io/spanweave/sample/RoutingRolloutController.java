package io.spanweave.sample;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends a sample to the worker process when it has a free slot, else to a worker thread of this
 * process, and waits at most the generation timeout. The pipeline runs as many agent loops as there
 * are workers in both places, so a local worker is always free when the process is full.
 */
final class RoutingRolloutController implements RolloutController {

  private final RolloutWorker localWorker;
  private final ExecutorService generationPool;
  private final WorkerClient remoteWorker; // null without a worker process
  private final Semaphore remoteSlots;
  private final long timeoutMillis;

  RoutingRolloutController(
      RolloutWorker localWorker,
      ExecutorService generationPool,
      WorkerClient remoteWorker,
      int remoteSlots,
      long timeoutMillis) {
    this.localWorker = localWorker;
    this.generationPool = generationPool;
    this.remoteWorker = remoteWorker;
    this.remoteSlots = new Semaphore(remoteWorker == null ? 0 : remoteSlots);
    this.timeoutMillis = timeoutMillis;
  }

  @Override
  public SampleState generate(SampleState state) {
    if (remoteSlots.tryAcquire()) {
      try {
        return remoteWorker.generate(state); // the channel applies the timeout
      } finally {
        remoteSlots.release();
      }
    }
    return generateLocally(state);
  }

  private SampleState generateLocally(SampleState state) {
    // The worker thread gets a copy: after a timeout it may still be finishing while this sample
    // moves on.
    SampleState copy = state.copy();
    Future<SampleState> generation = generationPool.submit(() -> localWorker.generate(copy));
    try {
      return generation.get(timeoutMillis, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      generation.cancel(true);
      throw new GenerationTimeout(state.rolloutId(), timeoutMillis);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      throw new WorkerCrash("worker_error", state.rolloutId());
    } catch (InterruptedException e) {
      generation.cancel(true);
      Thread.currentThread().interrupt();
      throw new GenerationCancelled(state.rolloutId());
    }
  }
}
