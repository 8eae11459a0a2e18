package io.spanweave.viewer.json;

/**
 * Part of {@code /api/status}: where the spans come from.
 *
 * @param source {@code file}, or {@code zipkin} when the spans come from a Zipkin server
 * @param backendUrl that server's URL
 * @param backendSpans spans fetched from it so far
 * @param backendPolls queries made so far
 * @param backendError why the last query failed, null when it succeeded
 */
public record BackendStatus(
    String source, String backendUrl, long backendSpans, long backendPolls, String backendError) {

  /** Spans read from files only. */
  public static final BackendStatus FILES = new BackendStatus("file", null, 0, 0, null);
}
