package io.spanweave.viewer.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Spans from a Zipkin server instead of a file written by the run: polls Zipkin's query API ({@code
 * GET /api/v2/traces} over a look-back window) and appends each trace's spans not seen before as
 * one line of Zipkin JSON to the viewer's trace file, which the ingest loop reads like any other
 * (lines in Zipkin's format are told apart per line). Going through the file keeps one ingest path,
 * lets the inspector re-read a span's line for its details, and leaves a file that opens again
 * later without the server.
 */
public final class ZipkinSource extends BackendSource {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI api;
  private final String serviceName;
  private final Duration lookback;
  private final int limit;
  private final Path traceFile;
  private final Runnable onNewSpans;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** (trace id, span id, shared) of the spans written so far: a span is written once. */
  private final Set<String> written = new HashSet<>();

  private final AtomicLong spans = new AtomicLong();

  /**
   * @param api the server's base URL, e.g. {@code http://127.0.0.1:9411}
   * @param serviceName only this service's traces, or null for all
   * @param onNewSpans called after new lines were appended (wakes the ingest loop)
   */
  public ZipkinSource(
      URI api,
      String serviceName,
      Duration lookback,
      int limit,
      Path traceFile,
      Duration interval,
      Runnable onNewSpans) {
    super("spanweave-viewer-zipkin", interval);
    this.api = api;
    this.serviceName = serviceName;
    this.lookback = lookback;
    this.limit = limit;
    this.traceFile = traceFile;
    this.onNewSpans = onNewSpans;
  }

  /** Spans fetched and written so far. */
  @Override
  public long spans() {
    return spans.get();
  }

  @Override
  public URI api() {
    return api;
  }

  @Override
  protected boolean pollOnce() throws IOException, InterruptedException {
    if (query() > 0) {
      onNewSpans.run();
    }
    return false;
  }

  /** One query; returns how many new spans were written. */
  int query() throws IOException, InterruptedException {
    long now = System.currentTimeMillis();
    StringBuilder query =
        new StringBuilder("/api/v2/traces?endTs=")
            .append(now)
            .append("&lookback=")
            .append(lookback.toMillis())
            .append("&limit=")
            .append(limit);
    if (serviceName != null) {
      query.append("&serviceName=").append(URLEncoder.encode(serviceName, StandardCharsets.UTF_8));
    }
    String base = api.toString().replaceAll("/+$", "");
    HttpResponse<byte[]> answer =
        http.send(
            HttpRequest.newBuilder(URI.create(base + query))
                .timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json")
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    if (answer.statusCode() != 200) {
      String body = new String(answer.body(), StandardCharsets.UTF_8);
      throw new IOException(
          "GET "
              + query
              + " answered "
              + answer.statusCode()
              + " "
              + body.substring(0, Math.min(200, body.length())));
    }
    JsonNode traces = JSON.readTree(answer.body());
    if (traces == null || !traces.isArray()) {
      throw new IOException("GET /api/v2/traces did not answer a JSON array");
    }
    StringBuilder lines = new StringBuilder();
    java.util.List<String> keys = new java.util.ArrayList<>();
    int fresh = 0;
    for (JsonNode trace : traces) {
      ArrayNode line = JSON.createArrayNode();
      for (JsonNode span : trace) {
        String key =
            span.path("traceId").asText()
                + "/"
                + span.path("id").asText()
                + "/"
                + span.path("shared").asBoolean(false)
                + "/"
                + span.path("localEndpoint").path("serviceName").asText();
        if (!written.contains(key) && !keys.contains(key)) {
          line.add(span);
          keys.add(key);
        }
      }
      if (!line.isEmpty()) {
        lines.append(JSON.writeValueAsString(line)).append('\n');
        fresh += line.size();
      }
    }
    if (fresh > 0) {
      append(lines.toString());
      written.addAll(keys); // only once written: a failed write is tried again at the next poll
      spans.addAndGet(fresh);
    }
    return fresh;
  }

  /** Appends whole lines in one write, so the follower never sees half a line for long. */
  private void append(String text) throws IOException {
    Path parent = traceFile.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    try (FileChannel out =
        FileChannel.open(
            traceFile,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.APPEND)) {
      ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
      while (bytes.hasRemaining()) {
        out.write(bytes);
      }
    }
  }
}
