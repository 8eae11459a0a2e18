package io.spanweave.api;

/**
 * How a span ended, recorded as {@code spanweave.status}; every value but {@link #OK} also sets the
 * ERROR status.
 */
public enum SpanStatus {
  /** Finished normally. */
  OK("ok"),
  /** Failed. */
  ERROR("error"),
  /** Cancelled before it finished. */
  CANCELLED("cancelled"),
  /** Its thread was interrupted. */
  INTERRUPTED("interrupted");

  private final String attributeValue;

  SpanStatus(String attributeValue) {
    this.attributeValue = attributeValue;
  }

  /** The value of {@code spanweave.status}, lower case. */
  public String attributeValue() {
    return attributeValue;
  }
}
