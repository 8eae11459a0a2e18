package io.spanweave.runtime.spi;

/**
 * A received trace request that cannot be written: not the encoding it claims, or holding what
 * OpenTelemetry calls invalid (an id of the wrong length or all zeros). Its message says what is
 * wrong, naming the field, and goes back to the sender (HTTP 400, gRPC {@code INVALID_ARGUMENT});
 * nothing of the request is written.
 */
public final class InvalidTraceRequestException extends Exception {

  private static final long serialVersionUID = 1L;

  /**
   * @param message what is wrong with the request, for its sender; never a credential
   */
  public InvalidTraceRequestException(String message) {
    super(message, null, false, false);
  }
}
