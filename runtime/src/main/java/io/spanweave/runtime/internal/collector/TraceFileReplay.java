package io.spanweave.runtime.internal.collector;

import io.spanweave.runfiles.internal.parts.PartReader;
import io.spanweave.runtime.internal.tls.PemTls;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.TraceRequestEncoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Sends a run's {@code traces.jsonl}, every part of it in order ({@link PartReader}), to an
 * OTLP/HTTP endpoint: each line, an OTLP/JSON {@code ExportTraceServiceRequest}, is encoded as
 * protobuf by the {@link TraceReceivers} encoder (spanweave-otlp) and posted gzip-compressed:
 * protobuf is the encoding every OTLP/HTTP receiver accepts, JSON is not. Ids and timestamps are
 * the file's, byte for byte, so that a backend that deduplicates by trace and span id does not
 * count a span twice when a file is sent again. Lines are sent in order, one request each; the
 * first refusal stops the replay and says which line of which part, so that it can be run again
 * once the cause is fixed.
 */
public final class TraceFileReplay {

  /**
   * What was sent: requests and spans, from how many parts of the run, and a sentence for each part
   * (or rest of one) that could not be read and so was not sent.
   */
  public record Result(long requests, long spans, int parts, List<String> skipped) {}

  private final HttpClient http;
  private final Duration timeout;

  /**
   * @param tls the TLS context for an {@code https} endpoint, or {@code null} for the JDK's default
   */
  public TraceFileReplay(Duration timeout, PemTls.Client tls) {
    this.http = PemTls.httpClient(tls, timeout);
    this.timeout = timeout;
  }

  /**
   * @param tracesUrl the full OTLP/HTTP traces URL, such as {@code http://collector:4318/v1/traces}
   * @param headers sent with every request, e.g. {@code Authorization}
   * @throws IOException when the file cannot be read, a line is not an OTLP request, or the
   *     endpoint refuses one or cannot be reached; the message names the line, never a header value
   */
  public Result replay(Path file, URI tracesUrl, Map<String, String> headers)
      throws IOException, InterruptedException {
    TraceRequestEncoder encoder = TraceReceivers.encoder();
    if (encoder == null) {
      throw new IOException(
          TraceReceivers.missing("Replaying " + file + " as OTLP/protobuf") + "; nothing was sent");
    }
    TraceLineWriter counter = new TraceLineWriter("");
    long[] sent = new long[2]; // requests, spans
    PartReader.Outcome outcome;
    try {
      outcome =
          PartReader.read(
              file,
              (part, lineNumber, line) -> {
                String where = "line " + lineNumber + " of " + part.path().getFileName();
                byte[] json = line.getBytes(StandardCharsets.UTF_8);
                byte[] protobuf;
                try {
                  counter.reset();
                  JsonTraceRequestReader.read(
                      json, 0, json.length, counter); // checks the line and counts its spans
                  protobuf = encoder.encode(json);
                } catch (InvalidTraceRequestException e) {
                  throw new IOException(
                      where
                          + " is not an OTLP/JSON trace request: "
                          + e.getMessage()
                          + "; nothing after the line before it was sent");
                }
                try {
                  send(protobuf, tracesUrl, headers, where);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  throw new java.io.InterruptedIOException(
                      "interrupted before " + where + " was sent");
                }
                sent[0]++;
                sent[1] += counter.spans();
              });
    } catch (java.io.InterruptedIOException e) {
      throw new InterruptedException(e.getMessage());
    }
    return new Result(sent[0], sent[1], outcome.parts(), outcome.skipped());
  }

  private void send(byte[] protobuf, URI tracesUrl, Map<String, String> headers, String where)
      throws IOException, InterruptedException {
    HttpRequest.Builder post =
        HttpRequest.newBuilder(tracesUrl)
            .timeout(timeout)
            .header("Content-Type", "application/x-protobuf")
            .header("Content-Encoding", "gzip")
            .POST(HttpRequest.BodyPublishers.ofByteArray(gzip(protobuf)));
    headers.forEach(post::header);
    HttpResponse<String> response;
    try {
      response = http.send(post.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IOException(
          "could not send "
              + where
              + " to "
              + printable(tracesUrl)
              + " ("
              + e.getClass().getSimpleName()
              + (e.getMessage() == null ? "" : ": " + e.getMessage())
              + "); lines before it "
              + "were sent, and sending the run again does not duplicate them in a backend that deduplicates by span id",
          e);
    }
    if (response.statusCode() / 100 != 2) {
      String body = response.body().strip();
      throw new IOException(
          printable(tracesUrl)
              + " refused "
              + where
              + " with HTTP "
              + response.statusCode()
              + (body.isEmpty()
                  ? ""
                  : ": " + (body.length() > 300 ? body.substring(0, 300) + "..." : body)));
    }
  }

  /** The URL without user-info or query, which may hold credentials. */
  public static String printable(URI url) {
    return url.getScheme()
        + "://"
        + url.getHost()
        + (url.getPort() < 0 ? "" : ":" + url.getPort())
        + (url.getRawPath() == null ? "" : url.getRawPath());
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(data.length / 4 + 64);
    try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
      zip.write(data);
    }
    return out.toByteArray();
  }
}
