package io.spanweave.sample;

/**
 * A generation was interrupted: its controller gave up on it (a timeout) or the run is stopping.
 */
public final class GenerationCancelled extends SampleFailure {

  public GenerationCancelled(String rolloutId) {
    super("cancelled", "generation of " + rolloutId + " was cancelled");
  }
}
