package io.spanweave.viewer;

/** A command line the viewer cannot run with; the message says what to change. */
public final class UsageException extends Exception {
  public UsageException(String message) {
    super(message);
  }
}
