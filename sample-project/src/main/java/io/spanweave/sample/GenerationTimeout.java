package io.spanweave.sample;

/** The controller stopped waiting for a generation that took longer than the timeout. */
public final class GenerationTimeout extends SampleFailure {

  public GenerationTimeout(String rolloutId, long timeoutMillis) {
    super("timeout", "generation of " + rolloutId + " took longer than " + timeoutMillis + " ms");
  }
}
