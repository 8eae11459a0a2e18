package io.spanweave.viewer.formats;

/** A line that is not what its format says a line is. */
public final class FormatException extends Exception {
  public FormatException(String message) {
    super(message);
  }
}
