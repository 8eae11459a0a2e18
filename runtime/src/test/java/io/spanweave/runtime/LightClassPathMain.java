package io.spanweave.runtime;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs in a child JVM whose class path has none of the runtime's optional dependencies (OTLP and
 * Zipkin exporters, protobuf), as an application with spanweave-runtime alone has it; prints what
 * {@link LightClassPathTest} checks, one {@code key=value} per line.
 */
public final class LightClassPathMain {

  private LightClassPathMain() {}

  public static void main(String[] args) throws Exception {
    Path output = Path.of(args[0]);

    // 1. The default: spans to the run's file, with the local collector running.
    try (TraceRuntime runtime =
        Tracing.configure(TraceConfig.builder().enabled(true).outputDir(output).build())) {
      try (TraceScope step = Trace.span("light.step")) {
        // one span
      }
      String header = runtime.childEnvironment().get("OTEL_EXPORTER_OTLP_HEADERS");
      String token =
          URLDecoder.decode(header.substring(header.indexOf('=') + 1), StandardCharsets.UTF_8);
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create(runtime.collectorEndpoint().orElseThrow() + "/v1/traces"))
                      .header("Content-Type", "application/x-protobuf")
                      .header("Authorization", token)
                      .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] {0x0a, 0x00}))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      System.out.println("collector.status=" + response.statusCode());
      System.out.println("collector.body=" + response.body());
      // OTLP/JSON, what the runtime's own children send, is received without protobuf.
      String json =
          "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":\"4bf92f3577b34da6a3ce929d0e0e4736\","
              + "\"spanId\":\"00f067aa0ba902b7\",\"name\":\"light.received\"}]}]}]}";
      HttpResponse<String> jsonResponse =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create(runtime.collectorEndpoint().orElseThrow() + "/v1/traces"))
                      .header("Content-Type", "application/json")
                      .header("Authorization", token)
                      .POST(HttpRequest.BodyPublishers.ofString(json))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      System.out.println("collector.json.status=" + jsonResponse.statusCode());
      runtime.flush();
      System.out.println("local.enabled=" + runtime.isEnabled());
      for (String line : Files.readAllLines(runtime.traceFile())) {
        // one span a line here: two pieces around one "spanId"
        System.out.println(
            (line.contains("light.received") ? "received.line=" : "local.spans=")
                + (line.contains("light.received")
                    ? line.contains("\"stringValue\":\"" + runtime.runId() + "\"")
                    : line.split("\"spanId\"", -1).length));
      }
    }

    // 2. OTLP and Zipkin asked for: tracing off with a warning, nothing thrown.
    try (TraceRuntime runtime =
        Tracing.configure(
            TraceConfig.builder()
                .enabled(true)
                .outputDir(output)
                .export(ExportTarget.otlp("http://127.0.0.1:9"))
                .build())) {
      System.out.println("otlp.enabled=" + runtime.isEnabled());
    }
    TraceConfig zipkin =
        TraceConfig.builder()
            .enabled(true)
            .outputDir(output)
            .export(ExportTarget.zipkin("http://127.0.0.1:9/api/v2/spans"))
            .build();
    try (TraceRuntime runtime = Tracing.configure(zipkin)) {
      System.out.println("zipkin.enabled=" + runtime.isEnabled());
    }
    // Only the first fault of a kind is logged (the OTLP one above): the Zipkin message, directly.
    try {
      CollectorExporters.create(zipkin, zipkin.export());
      System.out.println("zipkin.message=none");
    } catch (IllegalStateException e) {
      System.out.println("zipkin.message=" + e.getMessage());
    }

    // 3. Replay needs the protobuf encoding.
    Path file = Files.writeString(output.resolve("replay.jsonl"), "{\"resourceSpans\":[]}\n");
    System.out.println(
        "replay.exit=" + Replay.run(new String[] {file.toString(), "http://127.0.0.1:9"}));
  }
}
