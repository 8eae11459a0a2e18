package io.spanweave.sample;

/**
 * A sample that could not finish. {@link #kind()} is the short, fixed reason the pipeline records
 * as the sample's {@code errorType} (and so as {@code rollout.error}); the exception's type is what
 * the span records, so the viewer counts each kind of failure per stage.
 */
public abstract class SampleFailure extends RuntimeException {

  private final String kind;

  protected SampleFailure(String kind, String message) {
    super(message, null, false, false); // expected outcomes of a rollout: no stack trace to fill in
    this.kind = kind;
  }

  public String kind() {
    return kind;
  }
}
