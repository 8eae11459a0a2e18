package io.spanweave.runtime.internal.export;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.runtime.internal.tls.PemTls;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

/**
 * The runtime's own OTLP/HTTP exporter: each batch as one OTLP/JSON request ({@code
 * application/json}), encoded by {@link OtlpJsonSpanEncoder}, the encoder of the run's file,
 * gzip-compressed, and posted with the JDK's {@link HttpClient}. It is what a run's own children
 * use to reach the driver's local collector, so that {@code spanweave-runtime} alone is enough for
 * them: no OTLP exporter, no protobuf, no HTTP library.
 *
 * <p>It retries as OpenTelemetry's OTLP exporters do, so that a collector that restarts briefly
 * loses nothing: a refused or dropped connection and the statuses OTLP calls retryable (429, 502,
 * 503, 504) are tried again after a pause that grows by {@link RetryPolicy#getBackoffMultiplier()}
 * from {@link RetryPolicy#getInitialBackoff()} up to {@link RetryPolicy#getMaxBackoff()}, with
 * jitter, for at most {@link RetryPolicy#getMaxAttempts()} attempts, all within the export timeout.
 * Any other status fails the batch at once with the collector's message, which the batch processor
 * counts and {@link ReportingSpanExporter} reports once.
 *
 * <p>Requests are sent asynchronously on the client's daemon threads; the caller (the batch
 * processor's worker) waits on the result, bounded by its export timeout.
 */
public final class OtlpHttpJsonSpanExporter implements SpanExporter {

  private final URI tracesUrl;
  private final Map<String, String> headers;
  private final boolean gzip;
  private final Duration timeout;
  private final RetryPolicy retry;
  private final HttpClient http;
  private final OtlpJsonSpanEncoder encoder = new OtlpJsonSpanEncoder(null);
  private volatile boolean shutdown;

  /**
   * @param tracesUrl the full URL, such as {@code http://10.1.2.3:41873/v1/traces}
   * @param headers sent with every request, such as the run's {@code Authorization}
   * @param gzip whether bodies are gzip-compressed
   * @param timeout the longest time one export takes, retries included
   * @param retry how often and after which pauses a failed request is tried again
   * @param tls the TLS context for an {@code https} URL, or {@code null} for the JDK's default
   */
  public OtlpHttpJsonSpanExporter(
      URI tracesUrl,
      Map<String, String> headers,
      boolean gzip,
      Duration timeout,
      RetryPolicy retry,
      PemTls.Client tls) {
    this.tracesUrl = tracesUrl;
    this.headers = Map.copyOf(headers);
    this.gzip = gzip;
    this.timeout = timeout;
    this.retry = retry;
    // HTTP/1.1: the JDK client would otherwise offer an upgrade to HTTP/2 with every first request.
    this.http = PemTls.httpClient(tls, timeout);
  }

  @Override
  public CompletableResultCode export(Collection<SpanData> spans) {
    if (shutdown) {
      return CompletableResultCode.ofFailure();
    }
    if (spans.isEmpty()) {
      return CompletableResultCode.ofSuccess();
    }
    byte[] body;
    try {
      body = body(spans);
    } catch (IOException | RuntimeException e) {
      return CompletableResultCode.ofExceptionalFailure(e);
    }
    CompletableResultCode result = new CompletableResultCode();
    long deadline = System.nanoTime() + timeout.toNanos();
    attempt(body, 1, retry.getInitialBackoff().toNanos(), deadline, result);
    return result;
  }

  /**
   * The batch as OTLP/JSON, compressed when asked: a copy, since the encoder's buffer is reused by
   * the next batch.
   */
  private synchronized byte[] body(Collection<SpanData> spans) throws IOException {
    JsonBuffer json = encoder.encode(spans);
    if (!gzip) {
      return java.util.Arrays.copyOf(json.array(), json.size());
    }
    ByteArrayOutputStream compressed = new ByteArrayOutputStream(json.size() / 4 + 64);
    try (GZIPOutputStream zip = new GZIPOutputStream(compressed, 8192)) {
      zip.write(json.array(), 0, json.size());
    }
    return compressed.toByteArray();
  }

  private void attempt(
      byte[] body, int attempt, long backoffNanos, long deadline, CompletableResultCode result) {
    long left = deadline - System.nanoTime();
    if (left <= 0) {
      result.failExceptionally(
          new HttpTimeoutException(
              "no answer within the export timeout of " + timeout.toMillis() + " ms"));
      return;
    }
    HttpRequest.Builder request =
        HttpRequest.newBuilder(tracesUrl)
            .timeout(Duration.ofNanos(left))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (gzip) {
      request.header("Content-Encoding", "gzip");
    }
    headers.forEach(request::header);
    CompletableFuture<HttpResponse<String>> sent;
    try {
      sent =
          http.sendAsync(
              request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      result.failExceptionally(e);
      return;
    }
    sent.whenComplete(
        (response, failure) -> {
          Throwable cause =
              failure instanceof CompletionException && failure.getCause() != null
                  ? failure.getCause()
                  : failure;
          if (response != null && response.statusCode() / 100 == 2) {
            result.succeed();
          } else if (attempt < retry.getMaxAttempts() && retryable(response, cause) && !shutdown) {
            long pause = jittered(backoffNanos);
            if (System.nanoTime() + pause >= deadline) {
              result.failExceptionally(failure(response, cause));
              return;
            }
            long next =
                Math.min(
                    (long) (backoffNanos * retry.getBackoffMultiplier()),
                    retry.getMaxBackoff().toNanos());
            CompletableFuture.delayedExecutor(pause, TimeUnit.NANOSECONDS)
                .execute(() -> attempt(body, attempt + 1, next, deadline, result));
          } else {
            result.failExceptionally(failure(response, cause));
          }
        });
  }

  /**
   * What OTLP calls retryable: the collector is not there (yet, again), a kept-alive connection it
   * closed, or a status that asks to come back later.
   */
  private static boolean retryable(HttpResponse<String> response, Throwable cause) {
    if (response != null) {
      int status = response.statusCode();
      return status == 429 || status == 502 || status == 503 || status == 504;
    }
    return cause instanceof ConnectException
        || cause instanceof HttpConnectTimeoutException
        || (cause instanceof IOException && !(cause instanceof HttpTimeoutException));
  }

  /**
   * The pause, between half and all of {@code backoffNanos}, so that many senders do not come back
   * at once.
   */
  private static long jittered(long backoffNanos) {
    return backoffNanos / 2 + ThreadLocalRandom.current().nextLong(Math.max(1, backoffNanos / 2));
  }

  private Throwable failure(HttpResponse<String> response, Throwable cause) {
    if (response == null) {
      return cause;
    }
    String body = response.body() == null ? "" : response.body().strip();
    return new IOException(
        "HTTP "
            + response.statusCode()
            + " from "
            + tracesUrl.getScheme()
            + "://"
            + tracesUrl.getHost()
            + ":"
            + tracesUrl.getPort()
            + tracesUrl.getRawPath()
            + (body.isEmpty()
                ? ""
                : ": " + (body.length() > 300 ? body.substring(0, 300) + "..." : body)));
  }

  @Override
  public CompletableResultCode flush() {
    return CompletableResultCode.ofSuccess(); // every export completes its own result
  }

  @Override
  public CompletableResultCode shutdown() {
    shutdown =
        true; // exports under way finish or fail on their own deadline; none starts a retry after
    // this
    return CompletableResultCode.ofSuccess();
  }

  @Override
  public String toString() {
    return "OtlpHttpJsonSpanExporter{"
        + tracesUrl.getScheme()
        + "://"
        + tracesUrl.getHost()
        + ":"
        + tracesUrl.getPort()
        + tracesUrl.getRawPath()
        + "}";
  }
}
