package io.spanweave.runtime.internal.export;

import io.spanweave.runtime.internal.tls.PemTls;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * Sends a worker's live records to the driver's collector ({@code POST /v1/spanweave/live}, the
 * same server and bearer token its spans go to), which appends them to the driver's {@code
 * live.jsonl}: so the viewer on the driver shows work in flight on every host, not only on its own,
 * without a shared volume.
 *
 * <p>One request per batch of the live worker, with the JDK's {@link HttpClient}: the live worker
 * is the only caller, so a slow or unreachable collector holds up that worker and its bounded
 * queue, never a traced thread (a full queue drops records and counts them). Timeouts are short:
 * live records are about now, and one that cannot be delivered in seconds has lost its point.
 */
public final class LiveRecordSender implements LiveRecordSink {

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

  /** The media type the collector's live endpoint takes: one JSON record per line. */
  static final String MEDIA_TYPE = "application/x-ndjson";

  private final URI endpoint;
  private final Map<String, String> headers;
  private final HttpClient client;

  /**
   * @param endpoint the collector's live URL, such as {@code
   *     http://10.1.2.3:41873/v1/spanweave/live}
   * @param headers sent with every request: the run's {@code Authorization} header
   * @param tls the TLS context for an {@code https} endpoint, or {@code null} for the JDK's default
   */
  public LiveRecordSender(URI endpoint, Map<String, String> headers, PemTls.Client tls) {
    this.endpoint = endpoint;
    this.headers = Map.copyOf(headers);
    this.client = PemTls.httpClient(tls, CONNECT_TIMEOUT);
  }

  @Override
  public void append(byte[] lines, int length) throws IOException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(endpoint)
            .timeout(REQUEST_TIMEOUT)
            .header("Content-Type", MEDIA_TYPE)
            .POST(HttpRequest.BodyPublishers.ofByteArray(lines, 0, length));
    headers.forEach(request::header);
    HttpResponse<String> response;
    try {
      response =
          client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while sending live records to " + endpoint, e);
    }
    if (response.statusCode() != 200) {
      // The collector's message says what to do; it never echoes the token.
      throw new IOException(
          "the collector at "
              + endpoint
              + " answered "
              + response.statusCode()
              + ": "
              + response.body().strip());
    }
  }

  @Override
  public String describe() {
    return endpoint.toString();
  }
}
