package io.spanweave.sample;

/** The inference engine failed on a sample, or the worker process serving it went away. */
public final class WorkerCrash extends SampleFailure {

  public WorkerCrash(String kind, String rolloutId) {
    super(kind, "worker failed on " + rolloutId + " (" + kind + ")");
  }
}
