package io.spanweave.viewer.query;

/** A trace, span or sample that is not in the index; the HTTP layer answers 404. */
public final class NotFoundException extends RuntimeException {
  public NotFoundException(String message) {
    super(message, null, false, false);
  }
}
