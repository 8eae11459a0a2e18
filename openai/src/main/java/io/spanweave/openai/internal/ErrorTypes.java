package io.spanweave.openai.internal;

import com.openai.errors.OpenAIServiceException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * The span's {@code error.type} for what the SDK threw: the HTTP status of an answer the service
 * refused ({@code "429"}, {@code "500"}), {@code "timeout"} when the call ran out of time, else the
 * exception's class. Never its message, which may quote the request.
 */
final class ErrorTypes {

  /**
   * How deep to look for a timeout among the causes (the SDK wraps OkHttp's exception once or
   * twice).
   */
  private static final int MAX_CAUSES = 8;

  private ErrorTypes() {}

  static String of(Throwable error) {
    if ((error instanceof CompletionException || error instanceof ExecutionException)
        && error.getCause() != null) {
      error = error.getCause(); // the asynchronous client's future wraps the SDK's exception
    }
    if (error instanceof OpenAIServiceException service) {
      return Integer.toString(service.statusCode());
    }
    Throwable cause = error;
    for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
      if (isTimeout(cause)) {
        return "timeout";
      }
    }
    return error.getClass().getName();
  }

  /**
   * OkHttp's read and connect timeouts are {@link SocketTimeoutException}s; its whole-call timeout
   * is an {@link InterruptedIOException} with the message {@code "timeout"} (an interrupted
   * thread's has another message and is not a timeout).
   */
  private static boolean isTimeout(Throwable error) {
    return error instanceof SocketTimeoutException
        || error instanceof TimeoutException
        || error instanceof InterruptedIOException && "timeout".equals(error.getMessage());
  }
}
