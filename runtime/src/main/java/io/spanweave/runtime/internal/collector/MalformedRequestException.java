package io.spanweave.runtime.internal.collector;

/**
 * A request body the collector cannot decode; its message says what is wrong and is sent back to
 * the exporter with status 400.
 */
final class MalformedRequestException extends Exception {

  private static final long serialVersionUID = 1L;

  MalformedRequestException(String message) {
    super(message, null, false, false);
  }
}
