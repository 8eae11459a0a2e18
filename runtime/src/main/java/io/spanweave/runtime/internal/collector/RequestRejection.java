package io.spanweave.runtime.internal.collector;

/**
 * Why the collector refuses a request: an HTTP status and a message for whoever reads the
 * exporter's log, saying what is wrong and what to do. Nothing is written for a refused request.
 */
final class RequestRejection extends Exception {

  private static final long serialVersionUID = 1L;

  private final int status;

  RequestRejection(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  int status() {
    return status;
  }
}
