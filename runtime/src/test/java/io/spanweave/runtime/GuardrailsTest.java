package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.conventions.GuardrailFields;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run-time guardrails on a real run: spans a worker posts to the driver's collector as
 * OTLP/JSON (in the field order of OpenTelemetry's JavaScript exporter: an event's attributes
 * before its name) and spans recorded in this process through OpenTelemetry's own API (a library
 * calling {@code Span.current()}) reach the run's files with their counts and without their
 * prompts, messages and secrets; a run can turn them off, and is warned.
 */
class GuardrailsTest {

  private static final String SECRET = "sk-guardRun9f8e7d6c5b4a39281706";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** A worker's OTLP/JSON request: a GenAI span with a prompt, messages, secrets and two events. */
  private static String workerRequest() {
    return """
        {"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"node-worker"}}]},
         "scopeSpans":[{"scope":{"name":"worker"},"spans":[{
          "traceId":"5b8efff798038103d269b633813fc60c","spanId":"eee19b7ec3c1b174","name":"chat tiny","kind":3,
          "startTimeUnixNano":"1700000000000000000","endTimeUnixNano":"1700000000500000000",
          "attributes":[
           {"key":"gen_ai.usage.input_tokens","value":{"intValue":"12"}},
           {"value":{"stringValue":"tell me SECRET"},"key":"gen_ai.prompt"},
           {"key":"gen_ai.input.messages","value":{"arrayValue":{"values":[{"stringValue":"SECRET"}]}}},
           {"key":"input","value":{"intValue":"3"}},
           {"key":"api_key","value":{"stringValue":"SECRET"}},
           {"key":"note","value":{"stringValue":"called with Bearer SECRET"}},
           {"key":"llm.request","value":{"kvlistValue":{"values":[
             {"key":"prompt","value":{"stringValue":"SECRET"}},{"key":"model","value":{"stringValue":"tiny"}}]}}}],
          "events":[
           {"attributes":[{"key":"gen_ai.prompt","value":{"stringValue":"SECRET"}}],"name":"gen_ai.content.prompt",
            "timeUnixNano":"1700000000100000000"},
           {"attributes":[{"key":"attempt","value":{"intValue":"2"}},{"key":"gen_ai.completion","value":{"stringValue":"SECRET"}}],
            "name":"retry","timeUnixNano":"1700000000200000000"}],
          "links":[{"traceId":"5b8efff798038103d269b633813fc60d","spanId":"eee19b7ec3c1b175",
            "attributes":[{"key":"authorization","value":{"stringValue":"Bearer SECRET"}}]}],
          "status":{}},
         {"traceId":"5b8efff798038103d269b633813fc60c","spanId":"eee19b7ec3c1b176","name":"previewed stage",
          "startTimeUnixNano":"1700000000000000000","endTimeUnixNano":"1700000000500000000",
          "attributes":[{"key":"spanweave.redaction","value":{"stringValue":"redacted"}}],
          "events":[{"attributes":[{"key":"exception.type","value":{"stringValue":"java.lang.IllegalStateException"}},
            {"key":"exception.message","value":{"stringValue":"refused api_key=[REDACTED]"}}],"name":"exception",
            "timeUnixNano":"1700000000100000000"}]}]}]}]}
        """
        .replace("SECRET", SECRET);
  }

  @Test
  void workersJsonAndThisProcesssOwnOpenTelemetrySpansLosePromptsAndSecretsAndKeepTheirCounts()
      throws Exception {
    Path traceFile;
    try (CapturedLog log = CapturedLog.start()) {
      try (TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).build())) {
        traceFile = runtime.traceFile();
        assertThat(post(runtime, workerRequest())).isEqualTo(200);
        Trace.run(
            "generate",
            () -> {
              Span span = Span.current(); // what an LLM library does with the span it runs in
              span.setAttribute(AttributeKey.longKey("gen_ai.usage.output_tokens"), 7L);
              span.setAttribute(
                  AttributeKey.stringKey("gen_ai.completion"), "the answer " + SECRET);
              span.setAttribute(
                  AttributeKey.stringKey("http.request.header.authorization"), SECRET);
              span.setAttribute(AttributeKey.stringKey("tool.note"), "key " + SECRET);
              span.addEvent(
                  "gen_ai.content.completion",
                  Attributes.of(AttributeKey.stringKey("gen_ai.completion"), SECRET));
              span.addEvent(
                  "checkpoint",
                  Attributes.of(
                      AttributeKey.stringKey("gen_ai.prompt"),
                      SECRET,
                      AttributeKey.longKey("step"),
                      4L));
            });
      }
      List<String> lines = TestRuns.runLines(traceFile);
      assertThat(String.join("\n", lines)).doesNotContain(SECRET).doesNotContain("guardRun");

      Map<String, JsonNode> spans = spansByName(lines);
      JsonNode worker = spans.get("chat tiny");
      assertThat(attributes(worker))
          .containsEntry("gen_ai.usage.input_tokens", "12")
          .containsEntry("input", "3")
          .containsEntry("api_key", "[REDACTED]")
          .containsEntry("note", "called with Bearer [REDACTED]")
          .doesNotContainKeys("gen_ai.prompt", "gen_ai.input.messages");
      assertThat(worker.toString())
          .contains("{\"key\":\"prompt\",\"value\":{\"stringValue\":\"[REDACTED]\"}}")
          .contains("{\"key\":\"model\",\"value\":{\"stringValue\":\"tiny\"}}");
      assertThat(names(worker.get("events"))).containsExactly("retry");
      assertThat(attributes(worker.get("events").get(0))).containsOnlyKeys("attempt");
      assertThat(attributes(worker.get("links").get(0)))
          .containsEntry("authorization", "[REDACTED]");
      assertThat(attributes(spans.get("previewed stage").get("events").get(0)))
          .as("a child's stage that asked for previews keeps its redacted exception message")
          .containsEntry("exception.message", "refused api_key=[REDACTED]");

      JsonNode own = spans.get("generate");
      assertThat(attributes(own))
          .containsEntry("gen_ai.usage.output_tokens", "7")
          .containsEntry("http.request.header.authorization", "[REDACTED]")
          .containsEntry("tool.note", "key sk-[REDACTED]")
          .doesNotContainKey("gen_ai.completion");
      assertThat(names(own.get("events"))).containsExactly("checkpoint");
      assertThat(attributes(own.get("events").get(0))).containsOnlyKeys("step");

      JsonNode report = JSON.readTree(traceFile.resolveSibling(GuardrailFields.FILE_NAME).toFile());
      assertThat(report.get(GuardrailFields.ENABLED).asBoolean()).isTrue();
      assertThat(report.get(GuardrailFields.DROPPED_ATTRIBUTES).get("gen_ai.prompt").asLong())
          .isEqualTo(2);
      assertThat(report.get(GuardrailFields.DROPPED_ATTRIBUTES).get("gen_ai.completion").asLong())
          .isEqualTo(2);
      assertThat(report.get(GuardrailFields.REDACTED_ATTRIBUTES).get("api_key").asLong())
          .isEqualTo(1);
      assertThat(report.get(GuardrailFields.REDACTED_ATTRIBUTES).get("tool.note").asLong())
          .isEqualTo(1);
      assertThat(report.get(GuardrailFields.DROPPED_EVENTS).get("gen_ai.content.prompt").asLong())
          .isEqualTo(1);
      assertThat(
              report.get(GuardrailFields.DROPPED_EVENTS).get("gen_ai.content.completion").asLong())
          .isEqualTo(1);
      assertThat(report.toString()).doesNotContain(SECRET);

      List<String> said = messages(log.records(), "guardrails took content out");
      assertThat(said).hasSize(1);
      assertThat(said.get(0)).contains("gen_ai.prompt").doesNotContain(SECRET);
    }
  }

  @Test
  void aStageThatAskedForPreviewsKeepsItsRedactedExceptionMessageAndALibrarysExceptionLosesIt()
      throws Exception {
    Path traceFile;
    try (TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).build())) {
      traceFile = runtime.traceFile();
      StageSpan previewed =
          io.spanweave.api.Stage.define(
                  "Scorer.score",
                  "score",
                  io.spanweave.annotations.Kind.REWARD,
                  io.spanweave.annotations.Capture.PREVIEW)
              .start();
      previewed.fail(new IllegalStateException("upstream refused api_key=abc123secret"));
      previewed.end();
      Trace.run(
          "library.call",
          () -> Span.current().recordException(new IllegalStateException("prompt was: " + SECRET)));
    }
    Map<String, JsonNode> spans = spansByName(TestRuns.runLines(traceFile));
    JsonNode exception = spans.get("Scorer.score").get("events").get(0);
    assertThat(exception.get("name").asText()).isEqualTo("exception");
    assertThat(attributes(exception))
        .containsEntry("exception.message", "\"upstream refused api_key=[REDACTED]\"");
    JsonNode libraryException = spans.get("library.call").get("events").get(0);
    assertThat(attributes(libraryException))
        .containsKey("exception.type")
        .doesNotContainKeys("exception.message", "exception.stacktrace");
    assertThat(String.join("\n", TestRuns.runLines(traceFile)))
        .doesNotContain(SECRET)
        .doesNotContain("abc123secret");
  }

  @Test
  void aRunThatTurnsThemOffIsWarnedAndWritesSpansAsTheyCame() throws Exception {
    Path traceFile;
    try (CapturedLog log = CapturedLog.start()) {
      try (TraceRuntime runtime =
          Tracing.configure(TestRuns.config(dir).guardrails(false).build())) {
        traceFile = runtime.traceFile();
        assertThat(post(runtime, workerRequest())).isEqualTo(200);
      }
      assertThat(String.join("\n", TestRuns.runLines(traceFile))).contains("tell me " + SECRET);
      assertThat(log.records())
          .anySatisfy(
              record -> {
                assertThat(record.getLevel()).isEqualTo(Level.WARNING);
                assertThat(record.getMessage())
                    .contains("spanweave guardrails OFF for run")
                    .contains("SPANWEAVE_GUARDRAILS=off");
              });
      JsonNode report = JSON.readTree(traceFile.resolveSibling(GuardrailFields.FILE_NAME).toFile());
      assertThat(report.get(GuardrailFields.ENABLED).asBoolean()).isFalse();
    }
  }

  @Test
  void theEnvironmentTurnsThemOff() {
    TraceConfig config = TraceConfig.fromEnvironment(Map.of(TraceEnvironment.GUARDRAILS, "off"));
    assertThat(config.guardrails()).isFalse();
    assertThat(TraceConfig.fromEnvironment(Map.of()).guardrails()).isTrue();
  }

  /**
   * Posts {@code body} to the run's collector as a worker started with the run's child environment
   * does.
   */
  private static int post(TraceRuntime runtime, String body) throws Exception {
    Map<String, String> env = runtime.childEnvironment();
    String header = env.get(TraceEnvironment.OTEL_EXPORTER_OTLP_HEADERS);
    String token =
        URLDecoder.decode(header.substring(header.indexOf('=') + 1), StandardCharsets.UTF_8);
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(runtime.collectorEndpoint().orElseThrow() + "/v1/traces"))
            .header("Content-Type", "application/json")
            .header("Authorization", token)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return HttpClient.newHttpClient()
        .send(request, HttpResponse.BodyHandlers.ofString())
        .statusCode();
  }

  private static Map<String, JsonNode> spansByName(List<String> lines) throws Exception {
    Map<String, JsonNode> spans = new LinkedHashMap<>();
    for (String line : lines) {
      for (JsonNode resource : JSON.readTree(line).get("resourceSpans")) {
        for (JsonNode scope : resource.get("scopeSpans")) {
          for (JsonNode span : scope.get("spans")) {
            spans.put(span.get("name").asText(), span);
          }
        }
      }
    }
    return spans;
  }

  /** Attribute keys and their scalar values as text, or the value's JSON otherwise. */
  private static Map<String, String> attributes(JsonNode holder) {
    Map<String, String> values = new LinkedHashMap<>();
    JsonNode attributes = holder.get("attributes");
    if (attributes == null) {
      return values;
    }
    for (JsonNode attribute : attributes) {
      JsonNode value = attribute.get("value");
      JsonNode scalar = value.has("stringValue") ? value.get("stringValue") : value.get("intValue");
      values.put(
          attribute.get("key").asText(), scalar == null ? value.toString() : scalar.asText());
    }
    return values;
  }

  private static List<String> names(JsonNode list) {
    List<String> names = new ArrayList<>();
    if (list != null) {
      list.forEach(node -> names.add(node.get("name").asText()));
    }
    return names;
  }

  private static List<String> messages(List<LogRecord> records, String part) {
    return records.stream()
        .map(LogRecord::getMessage)
        .filter(message -> message.contains(part))
        .toList();
  }
}
