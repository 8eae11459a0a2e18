package io.spanweave.viewer.query;

/** A query the API cannot answer as asked; the HTTP layer turns it into a 400 with the message. */
public final class BadRequestException extends RuntimeException {
  public BadRequestException(String message) {
    super(message, null, false, false);
  }
}
