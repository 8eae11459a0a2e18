package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;

/** A viewer on a free port that polls fast, with helpers to call its API. */
final class ViewerHarness implements AutoCloseable {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  final RunningViewer viewer;

  ViewerHarness(Path traceFile) {
    this(ViewerOptions.builder(traceFile).port(0).pollInterval(Duration.ofMillis(50)).build());
  }

  ViewerHarness(ViewerOptions options) {
    this.viewer = TraceViewer.start(options);
  }

  record Response(int status, JsonNode json, String body, java.net.http.HttpHeaders headers) {}

  Response call(String pathAndQuery) {
    try {
      HttpResponse<String> r =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(viewer.url() + pathAndQuery.replaceFirst("^/", "")))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      JsonNode json = null;
      if (r.headers().firstValue("Content-Type").orElse("").startsWith("application/json")) {
        json = OtlpFixture.JSON.readTree(r.body());
      }
      return new Response(r.statusCode(), json, r.body(), r.headers());
    } catch (IOException e) {
      throw new AssertionError("request failed: " + pathAndQuery, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** GET an API path that must answer 200. */
  JsonNode get(String pathAndQuery) {
    Response r = call(pathAndQuery);
    assertThat(r.status()).as("status of %s: %s", pathAndQuery, r.body()).isEqualTo(200);
    return r.json();
  }

  /**
   * Polls {@code /api/status} until the condition holds (the ingest thread works in the
   * background).
   */
  JsonNode awaitStatus(Predicate<JsonNode> condition) {
    return await(
        "/api/status", status -> !status.path("loading").asBoolean(true) && condition.test(status));
  }

  /** Polls {@code pathAndQuery} until its answer satisfies the condition (at most 15 s). */
  JsonNode await(String pathAndQuery, Predicate<JsonNode> condition) {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    JsonNode answer = null;
    while (System.nanoTime() < deadline) {
      viewer.refresh();
      answer = get(pathAndQuery);
      if (condition.test(answer)) {
        return answer;
      }
      sleep(20);
    }
    throw new AssertionError(pathAndQuery + " never satisfied the condition; last: " + answer);
  }

  JsonNode awaitSpans(int count) {
    return awaitStatus(s -> s.path("spans").asInt() >= count);
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    viewer.close();
  }
}
