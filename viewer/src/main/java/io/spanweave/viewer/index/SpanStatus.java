package io.spanweave.viewer.index;

import io.spanweave.conventions.ViewerKeys;
import java.util.Locale;

/** How a span ended, from {@code spanweave.status} if present, else from the OTLP status code. */
public enum SpanStatus {
  OK,
  ERROR,
  CANCELLED,
  INTERRUPTED;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  static SpanStatus of(Object spanweaveStatus, int otlpCode) {
    if (spanweaveStatus instanceof String s) {
      switch (s.toLowerCase(Locale.ROOT)) {
        case "error", "failed", "failure", "exception" -> {
          return ERROR;
        }
        case "cancelled", "canceled", "aborted" -> {
          return CANCELLED;
        }
        case "interrupted", "timeout" -> {
          return INTERRUPTED;
        }
        case "ok", "success", "completed" -> {
          return otlpCode == 2 ? ERROR : OK;
        }
        default -> {}
      }
    }
    return otlpCode == 2 ? ERROR : OK;
  }

  /**
   * Whether a sample status ({@code rollout.status}, {@code xtuner.status}) means the sample
   * failed.
   */
  public static boolean isFailureWord(String rolloutStatus) {
    return ViewerKeys.isFailedSampleStatus(rolloutStatus);
  }
}
