package io.spanweave.viewer.ingest;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The parts of Zipkin's query API (v2) the viewer asks: recent traces, traces by tag ({@code
 * annotationQuery=key=value}), and one trace by id. Answers are returned as the bytes Zipkin sent
 * (JSON), which the viewer's Zipkin line parser reads as they are.
 */
final class ZipkinApi {
  /** How far back a tag search looks: a step of a long run may be days old. */
  static final Duration SEARCH_LOOKBACK = Duration.ofDays(30);

  private final URI base;
  private final String serviceName;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final AtomicLong queries = new AtomicLong();

  /**
   * @param serviceName only this service's traces, or null for every service's
   */
  ZipkinApi(URI base, String serviceName) {
    this.base = URI.create(base.toString().replaceAll("/+$", ""));
    this.serviceName = serviceName;
  }

  URI base() {
    return base;
  }

  long queries() {
    return queries.get();
  }

  /**
   * {@code GET /api/v2/traces}: at most {@code limit} traces that ended in the {@code lookback}
   * before now, with a span tagged {@code key=value} when {@code key} is not null.
   */
  byte[] traces(String key, String value, Duration lookback, int limit)
      throws IOException, InterruptedException {
    StringBuilder query =
        new StringBuilder("/api/v2/traces?endTs=")
            .append(System.currentTimeMillis())
            .append("&lookback=")
            .append(lookback.toMillis())
            .append("&limit=")
            .append(limit);
    if (serviceName != null) {
      query.append("&serviceName=").append(encode(serviceName));
    }
    if (key != null) {
      query.append("&annotationQuery=").append(encode(key + "=" + value));
    }
    return get(query.toString(), false);
  }

  /** {@code GET /api/v2/trace/{id}}: the trace's spans, or null when Zipkin has none. */
  byte[] trace(String traceHex) throws IOException, InterruptedException {
    // A 64-bit id, padded to 128 bits when read, is Zipkin's own in its 16-character form.
    String id = traceHex.startsWith("0000000000000000") ? traceHex.substring(16) : traceHex;
    return get("/api/v2/trace/" + id, true);
  }

  private byte[] get(String pathAndQuery, boolean notFoundIsNull)
      throws IOException, InterruptedException {
    queries.incrementAndGet();
    HttpResponse<byte[]> answer =
        http.send(
            HttpRequest.newBuilder(URI.create(base + pathAndQuery))
                .timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json")
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    if (answer.statusCode() == 404 && notFoundIsNull) {
      return null;
    }
    if (answer.statusCode() != 200) {
      String body = new String(answer.body(), StandardCharsets.UTF_8);
      throw new IOException(
          "GET "
              + pathAndQuery.replaceAll("\\?.*", "")
              + " answered "
              + answer.statusCode()
              + " "
              + body.substring(0, Math.min(200, body.length())));
    }
    return answer.body();
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
