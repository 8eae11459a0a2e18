package io.spanweave.polyglot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import io.spanweave.viewer.RunningViewer;
import io.spanweave.viewer.TraceViewer;
import io.spanweave.viewer.ViewerOptions;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workers that know nothing of spanweave join a Java driver's run: OpenTelemetry's own Node.js SDK
 * and OTLP exporters (src/test/node), started with the driver's {@code childEnvironment()}, a
 * {@code traceparent} from {@code Trace.inject}, and only their protocol switched, export over
 * OTLP/HTTP JSON, OTLP/HTTP protobuf and OTLP/gRPC into the driver's collector; one writes an LLM
 * call as an inference engine does, under the driver's sample span. The run's file holds each span
 * once, in place, with its types, statuses, events and the run id; the viewer, filtered to the
 * driver's run and service as the runtime starts it, shows the mixed traces whole and reads the
 * engine's GenAI attributes.
 *
 * <p>Without Node.js, or without its packages ({@code npm ci} in src/test/node, which {@code
 * .ci/run} does), this test fails saying so: it never passes unchecked. {@code
 * -Dspanweave.polyglot.skip=true} skips it explicitly (reported as skipped).
 */
class NodeWorkersTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path NODE_DIR =
      Path.of(System.getProperty("spanweave.node.dir", "src/test/node"));
  private static final List<String> PROTOCOLS = List.of("http/json", "http/protobuf", "grpc");

  @TempDir Path dir;

  @BeforeAll
  static void nodeAndItsPackagesAreInstalled() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeFalse(
        Boolean.getBoolean("spanweave.polyglot.skip"),
        "skipped on request (-Dspanweave.polyglot.skip=true): the Node.js workers were not run");
    String version;
    try {
      Process node = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
      version = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      assertThat(node.waitFor(30, TimeUnit.SECONDS)).isTrue();
    } catch (IOException e) {
      throw new AssertionError(
          "Node.js (node) is not on the PATH: these tests run OpenTelemetry's Node.js SDK. "
              + "Install Node.js 18 or newer, or skip them explicitly with -Dspanweave.polyglot.skip=true",
          e);
    }
    assertThat(version).as("node --version").startsWith("v");
    assertThat(NODE_DIR.resolve("node_modules/@opentelemetry/sdk-trace-node/package.json"))
        .as("the Node.js packages: run 'npm ci' in polyglot-tests/src/test/node (.ci/run does)")
        .exists();
  }

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  /**
   * Runs {@code node worker.mjs mode traceparent} with the driver's child environment and {@code
   * extra}.
   */
  private static String node(
      Map<String, String> childEnvironment,
      Map<String, String> extra,
      String mode,
      String traceparent,
      Path dir,
      String... arguments)
      throws Exception {
    List<String> command = new ArrayList<>(List.of("node", "worker.mjs", mode, traceparent));
    command.addAll(List.of(arguments));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(NODE_DIR.toFile())
            .redirectError(Files.createTempFile(dir, "node", ".stderr").toFile());
    // Nothing of this JVM's own OpenTelemetry settings: the worker gets what the driver gives it.
    builder
        .environment()
        .keySet()
        .removeIf(name -> name.startsWith("OTEL_") || name.startsWith("SPANWEAVE_"));
    builder.environment().putAll(childEnvironment);
    builder.environment().putAll(extra);
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("node finished").isTrue();
    String err = Files.readString(builder.redirectError().file().toPath());
    assertThat(process.exitValue()).as("node's exit; stdout %s stderr %s", out, err).isZero();
    return out + err;
  }

  private static List<JsonNode> lines(Path file) throws IOException {
    List<JsonNode> requests = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      if (!line.isBlank()) {
        requests.add(JSON.readTree(line));
      }
    }
    return requests;
  }

  /** Every span of the file with the resource it came with: {@code [resource, span]}. */
  private static List<JsonNode[]> spans(List<JsonNode> requests) {
    List<JsonNode[]> spans = new ArrayList<>();
    for (JsonNode request : requests) {
      for (JsonNode resourceSpans : request.path("resourceSpans")) {
        for (JsonNode scopeSpans : resourceSpans.path("scopeSpans")) {
          for (JsonNode span : scopeSpans.path("spans")) {
            spans.add(new JsonNode[] {resourceSpans.path("resource"), span});
          }
        }
      }
    }
    return spans;
  }

  private static JsonNode attribute(JsonNode owner, String key) {
    for (JsonNode attribute : owner.path("attributes")) {
      if (attribute.path("key").asText().equals(key)) {
        return attribute.path("value");
      }
    }
    throw new AssertionError("no attribute " + key + " in " + owner);
  }

  private static JsonNode[] only(List<JsonNode[]> spans, String name, String protocol) {
    List<JsonNode[]> named =
        spans.stream()
            .filter(s -> s[1].path("name").asText().equals(name))
            .filter(
                s ->
                    protocol == null
                        || attribute(s[1], "worker.protocol")
                            .path("stringValue")
                            .asText()
                            .equals(protocol))
            .toList();
    assertThat(named).as("spans %s (%s), each exactly once", name, protocol).hasSize(1);
    return named.get(0);
  }

  @Test
  void nodeWorkersJoinTheRunOverEveryProtocolAndAnEnginesLlmCallIsReadThroughTheGenAiNames()
      throws Exception {
    TraceRuntime driver =
        Tracing.configure(
            TraceConfig.builder()
                .enabled(true)
                .serviceName("driver")
                .outputDir(dir.resolve("runs"))
                .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
                .build());
    assertThat(driver.childEnvironment())
        .as("a worker knows only the standard variables it is given")
        .containsKeys(
            "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
            "OTEL_RESOURCE_ATTRIBUTES",
            "OTEL_EXPORTER_OTLP_HEADERS");

    Map<String, String[]> dispatched = new LinkedHashMap<>(); // protocol -> trace id, span id
    for (String protocol : PROTOCOLS) {
      try (TraceScope dispatch = Trace.span("dispatch " + protocol)) {
        String traceparent = Trace.inject(new HashMap<>()).get("traceparent");
        dispatched.put(
            protocol,
            new String[] {TraceContext.current().traceId(), TraceContext.current().spanId()});
        // The one change a worker makes: its protocol. Endpoint, token and run id are the driver's.
        String output =
            node(
                driver.childEnvironment(),
                Map.of("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", protocol),
                "work",
                traceparent,
                dir);
        assertThat(output).contains("exported over " + protocol);
      }
    }
    String[] sample;
    try (TraceScope agent =
        Trace.span(
            "agent.run",
            Map.of("sample.id", "s-1", "rollout.step", 1L, "spanweave.stage", "agent"))) {
      sample = new String[] {TraceContext.current().traceId(), TraceContext.current().spanId()};
      // An engine with its own service name and vLLM's default protocol, gRPC.
      node(
          driver.childEnvironment(),
          Map.of("OTEL_SERVICE_NAME", "vllm-engine", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "grpc"),
          "engine",
          Trace.inject(new HashMap<>()).get("traceparent"),
          dir);
    }
    driver.close();
    Path traces = driver.traceFile();

    List<JsonNode[]> spans = spans(lines(traces));
    assertThat(spans.stream().map(s -> s[1].path("spanId").asText()).distinct().count())
        .as("each span once")
        .isEqualTo(spans.size());
    assertThat(spans)
        .as("3 dispatches, the sample, 3 x 2 worker spans, the engine's call")
        .hasSize(11);
    for (JsonNode[] span : spans) {
      assertThat(attribute(span[0], "spanweave.run.id").path("stringValue").asText())
          .as("the run id of %s", span[1].path("name"))
          .isEqualTo(driver.runId());
    }
    for (String protocol : PROTOCOLS) {
      JsonNode[] work = only(spans, "node.work", protocol);
      assertThat(work[1].path("traceId").asText()).isEqualTo(dispatched.get(protocol)[0]);
      assertThat(work[1].path("parentSpanId").asText()).isEqualTo(dispatched.get(protocol)[1]);
      assertThat(attribute(work[0], "service.name").path("stringValue").asText())
          .isEqualTo("driver");
      assertThat(attribute(work[0], "telemetry.sdk.language").path("stringValue").asText())
          .isEqualTo("nodejs");
      assertThat(work[1].path("kind").asInt()).isEqualTo(2);
      assertThat(attribute(work[1], "worker.count").path("intValue").asText()).isEqualTo("42");
      assertThat(attribute(work[1], "worker.ratio").path("doubleValue").asDouble()).isEqualTo(0.5);
      assertThat(attribute(work[1], "worker.ok").path("boolValue").asBoolean()).isTrue();
      assertThat(
              attribute(work[1], "worker.tags")
                  .path("arrayValue")
                  .path("values")
                  .findValuesAsText("stringValue"))
          .containsExactly("a", "b");
      assertThat(work[1].path("status").path("code").asInt()).isEqualTo(1);
      assertThat(work[1].path("events"))
          .singleElement()
          .satisfies(
              event -> {
                assertThat(event.path("name").asText()).isEqualTo("node.event");
                assertThat(attribute(event, "batch.size").path("intValue").asText()).isEqualTo("3");
              });
      List<JsonNode[]> steps =
          spans.stream()
              .filter(
                  s ->
                      s[1].path("name").asText().equals("node.step")
                          && s[1].path("parentSpanId")
                              .asText()
                              .equals(work[1].path("spanId").asText()))
              .toList();
      assertThat(steps)
          .as("node.step under %s's node.work", protocol)
          .singleElement()
          .satisfies(
              step -> {
                assertThat(step[1].path("status").path("code").asInt()).isEqualTo(2);
                assertThat(step[1].path("status").path("message").asText())
                    .isEqualTo("tool timed out");
              });
    }
    JsonNode[] engine = only(spans, "chat llama-3-8b", null);
    assertThat(engine[1].path("traceId").asText()).isEqualTo(sample[0]);
    assertThat(engine[1].path("parentSpanId").asText()).isEqualTo(sample[1]);
    assertThat(attribute(engine[0], "service.name").path("stringValue").asText())
        .isEqualTo("vllm-engine");
    assertThat(attribute(engine[1], "gen_ai.operation.name").path("stringValue").asText())
        .isEqualTo("chat");
    assertThat(attribute(engine[1], "gen_ai.request.model").path("stringValue").asText())
        .isEqualTo("llama-3-8b");
    assertThat(attribute(engine[1], "gen_ai.usage.input_tokens").path("intValue").asText())
        .isEqualTo("120");
    assertThat(attribute(engine[1], "gen_ai.usage.output_tokens").path("intValue").asText())
        .isEqualTo("36");
    assertThat(attribute(engine[1], "gen_ai.usage.prompt_tokens").path("intValue").asText())
        .isEqualTo("120");
    assertThat(attribute(engine[1], "gen_ai.usage.completion_tokens").path("intValue").asText())
        .isEqualTo("36");
    assertThat(
            attribute(engine[1], "gen_ai.response.finish_reasons")
                .path("arrayValue")
                .path("values")
                .findValuesAsText("stringValue"))
        .containsExactly("stop");
    assertThat(
            attribute(engine[1], "gen_ai.latency.time_to_first_token")
                .path("doubleValue")
                .asDouble())
        .isEqualTo(0.042);

    assertTheViewerShowsTheMixedTracesUnderTheDriversRun(
        traces, driver.runId(), dispatched, sample);
  }

  /**
   * Filtered to the driver's run and service, as the runtime starts it: the traces the workers took
   * part in show whole, with the workers' spans in place, and the engine's call counts for the
   * step.
   */
  private static void assertTheViewerShowsTheMixedTracesUnderTheDriversRun(
      Path traces, String runId, Map<String, String[]> dispatched, String[] sample)
      throws Exception {
    try (RunningViewer viewer =
        TraceViewer.start(
            ViewerOptions.builder(traces)
                .port(0)
                .pollInterval(Duration.ofMillis(50))
                .runId(runId)
                .service("driver")
                .build())) {
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (viewer.spanCount() < 11 && System.nanoTime() < deadline) {
        viewer.refresh();
        Thread.sleep(50);
      }
      JsonNode tracesOfRun = get(viewer, "/api/traces");
      Map<String, Integer> spansPerTrace = new HashMap<>();
      tracesOfRun
          .path("traces")
          .forEach(t -> spansPerTrace.put(t.path("traceId").asText(), t.path("spans").asInt()));
      for (String protocol : PROTOCOLS) {
        assertThat(spansPerTrace)
            .as("the %s trace, whole", protocol)
            .containsEntry(dispatched.get(protocol)[0], 3);
        List<String> rows = new ArrayList<>();
        get(viewer, "/api/waterfall?trace=" + dispatched.get(protocol)[0])
            .path("spans")
            .forEach(s -> rows.add(s.path("depth").asInt() + ":" + s.path("name").asText()));
        assertThat(rows)
            .as("the %s waterfall", protocol)
            .containsExactly("0:dispatch " + protocol, "1:node.work", "2:node.step");
      }
      assertThat(spansPerTrace)
          .as("the sample's trace, the engine's call in it")
          .containsEntry(sample[0], 2);
      JsonNode llm = get(viewer, "/api/llm?step=1").path("total");
      assertThat(llm.path("calls").asInt()).as("LLM calls of step 1: %s", llm).isEqualTo(1);
      assertThat(llm.path("inputTokens").asLong()).isEqualTo(120);
      assertThat(llm.path("outputTokens").asLong()).isEqualTo(36);
      assertThat(llm.path("ttftCalls").asInt()).isEqualTo(1);
      assertThat(llm.path("ttftP50Ms").asDouble()).isEqualTo(42.0);
    }
  }

  private static JsonNode get(RunningViewer viewer, String path) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(viewer.url() + path.substring(1))).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as("%s: %s", path, response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  /**
   * A Node worker with an LLM library's content switches on sends, over each protocol, a prompt,
   * system instructions, input and output messages, a completion, an API key and a bearer token,
   * each holding a seed made for this run; none of it reaches any file of the run (every file under
   * the run's folder, decompressed), while the span, its model and its token counts do.
   */
  @Test
  void noPromptMessageOrKeyAWorkerSendsReachesTheRunsFiles() throws Exception {
    // Small parts, so that some are closed and compressed and the search below reads them
    // decompressed.
    TraceRuntime driver =
        Tracing.configure(
            TraceConfig.builder()
                .enabled(true)
                .serviceName("driver")
                .outputDir(dir.resolve("runs"))
                .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
                .runFiles(
                    files ->
                        files.withPartMaxBytes(
                            io.spanweave.runtime.RunFileSettings.MIN_PART_MAX_BYTES))
                .build());
    String seed =
        "Seed" + java.util.UUID.randomUUID().toString().replace("-", "").substring(0, 20) + "Q7";
    for (String protocol : PROTOCOLS) {
      try (TraceScope call = Trace.span("generate " + protocol)) {
        String output =
            node(
                driver.childEnvironment(),
                Map.of("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", protocol),
                "content",
                Trace.inject(new HashMap<>()).get("traceparent"),
                dir,
                seed);
        assertThat(output).contains("exported over " + protocol);
      }
    }
    driver.close();

    List<JsonNode> requests = new ArrayList<>();
    io.spanweave.runtime.RunParts.Outcome read =
        io.spanweave.runtime.RunParts.forEachLine(
            driver.traceFile(), (part, number, line) -> requests.add(JSON.readTree(line)));
    assertThat(read.skipped()).isEmpty();
    List<JsonNode[]> spans = spans(requests);
    List<JsonNode[]> calls =
        spans.stream().filter(s -> s[1].path("name").asText().equals("chat tiny-model")).toList();
    assertThat(calls).as("the worker's call over each protocol, kept").hasSize(3);
    for (JsonNode[] call : calls) {
      assertThat(attribute(call[1], "gen_ai.request.model").path("stringValue").asText())
          .isEqualTo("tiny-model");
      assertThat(attribute(call[1], "gen_ai.usage.input_tokens").path("intValue").asText())
          .isEqualTo("21");
      assertThat(attribute(call[1], "gen_ai.usage.output_tokens").path("intValue").asText())
          .isEqualTo("8");
      assertThat(attribute(call[1], "llm.api_key").path("stringValue").asText())
          .isEqualTo("[REDACTED]");
      List<String> keys = call[1].path("attributes").findValuesAsText("key");
      assertThat(keys)
          .doesNotContain(
              "gen_ai.prompt",
              "gen_ai.system_instructions",
              "gen_ai.input.messages",
              "gen_ai.output.messages",
              "gen_ai.completion");
      assertThat(call[1].path("events").findValuesAsText("name")).containsExactly("retry");
    }

    List<Path> files;
    try (java.util.stream.Stream<Path> walk = Files.walk(driver.runDir())) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    assertThat(files)
        .as("the run's files, closed parts among them")
        .anySatisfy(file -> assertThat(file.getFileName().toString()).endsWith(".gz"));
    for (Path file : files) {
      byte[] bytes = Files.readAllBytes(file);
      if (file.getFileName().toString().endsWith(".gz")) {
        try (java.io.InputStream in =
            new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(bytes))) {
          bytes = in.readAllBytes();
        }
      }
      assertThat(new String(bytes, StandardCharsets.UTF_8)).as("%s", file).doesNotContain(seed);
    }
    JsonNode report = JSON.readTree(driver.traceFile().resolveSibling("guardrails.json").toFile());
    assertThat(report.path("droppedAttributes").path("gen_ai.prompt").asLong()).isEqualTo(3);
    assertThat(report.path("droppedEvents").path("gen_ai.content.prompt").asLong()).isEqualTo(3);
    assertThat(report.path("redactedAttributes").path("llm.api_key").asLong()).isEqualTo(3);
  }
}
