package io.spanweave.api;

import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.nio.channels.AsynchronousCloseException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Classifies a failure into the {@code spanweave.status} of its span. A future's wrappers ({@link
 * CompletionException}, {@link ExecutionException}) are looked through, so a cancelled or
 * interrupted task reads the same whether it is seen directly or through its future.
 */
final class FailureStatus {

  private FailureStatus() {}

  /** The failure the traced work actually had: {@code failure} without its future wrappers. */
  static Throwable cause(Throwable failure) {
    Throwable t = failure;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /**
   * {@link SpanStatus#CANCELLED} for a {@link CancellationException}; {@link
   * SpanStatus#INTERRUPTED} for an {@link InterruptedException}, a channel closed by an interrupt
   * or another thread ({@link AsynchronousCloseException}, including {@code
   * ClosedByInterruptException}), an interrupted blocking read or write ({@link
   * InterruptedIOException}, but not a socket timeout), or any failure while the current thread's
   * interrupt flag is set; {@link SpanStatus#ERROR} otherwise.
   */
  static SpanStatus of(Throwable failure) {
    Throwable cause = cause(failure);
    if (cause instanceof CancellationException) {
      return SpanStatus.CANCELLED;
    }
    if (cause instanceof InterruptedException
        || cause instanceof AsynchronousCloseException
        || (cause instanceof InterruptedIOException && !(cause instanceof SocketTimeoutException))
        || Thread.currentThread().isInterrupted()) {
      return SpanStatus.INTERRUPTED;
    }
    return SpanStatus.ERROR;
  }
}
