package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace file that mixes formats line by line: Jaeger's JSON as its query API answers it ({@code
 * src/test/resources/jaeger/traces.jsonl}: 64- and 128-bit ids, typed tags, a process per trace,
 * CHILD_OF and FOLLOWS_FROM references, logs), a Zipkin API v2 trace as OpenTelemetry's Zipkin
 * exporter shapes it, and an OTLP line. Each reads into the same rollout view.
 */
class BackendFormatsTest {
  static final String JAEGER_FAILED_TRACE = "5cf92f3577b34da6a3ce929d0e0e4737";
  static final String ZIPKIN_TRACE = "0000000000000000463ac35c9f6413ad";
  static final String OTLP_TRACE = "d1d1d1d1d1d1d1d1d1d1d1d1d1d1d1d1";

  @TempDir static Path dir;
  static ViewerHarness viewer;

  @BeforeAll
  static void start() throws IOException {
    Path file = dir.resolve("traces.jsonl");
    try (InputStream jaeger =
        BackendFormatsTest.class.getResourceAsStream("/jaeger/traces.jsonl")) {
      Files.write(file, jaeger.readAllBytes());
    }
    // Zipkin: 64-bit trace id, microseconds, tags as strings, an array attribute as JSON text,
    // an event as OpenTelemetry's exporter writes it ("name":{attributes}), a failed child.
    OtlpFixture.append(
        file,
        "[{\"traceId\":\"463ac35c9f6413ad\",\"id\":\"00000000000000e1\",\"kind\":\"SERVER\","
            + "\"name\":\"agent.run\",\"timestamp\":1767225700000000,\"duration\":800000,"
            + "\"localEndpoint\":{\"serviceName\":\"rollout-worker\",\"ipv4\":\"10.0.0.7\"},"
            + "\"tags\":{\"rollout.id\":\"z-1\",\"rollout.step\":\"4\",\"spanweave.run.id\":\"run-zipkin\","
            + "\"spanweave.stage\":\"agent\",\"otel.scope.name\":\"io.spanweave\"}},"
            + "{\"traceId\":\"463ac35c9f6413ad\",\"parentId\":\"00000000000000e1\",\"id\":\"00000000000000e2\","
            + "\"name\":\"judger.run\",\"timestamp\":1767225700400000,\"duration\":300000,"
            + "\"localEndpoint\":{\"serviceName\":\"rollout-worker\"},"
            + "\"annotations\":[{\"timestamp\":1767225700500000,\"value\":\"\\\"exception\\\":{\\\"exception.type\\\":\\\"ValueError\\\"}\"}],"
            + "\"tags\":{\"spanweave.stage\":\"judge\",\"rollout.reward.score\":\"0.5\",\"spanweave.run.id\":\"run-zipkin\","
            + "\"rollout.span_name_path\":\"[\\\"agent.run\\\",\\\"judger.run\\\"]\","
            + "\"otel.status_code\":\"ERROR\",\"error\":\"bad answer\"}}]\n");
    new OtlpFixture()
        .runId("spanweave.run.id", "run-otlp")
        .span(OTLP_TRACE, "d00000000000000a", null, "otlp.root", 0, 10)
        .attrs("rollout.id", "o-1")
        .add()
        .appendTo(file, 1);
    viewer = new ViewerHarness(file);
    viewer.awaitSpans(9 + 2 + 1);
  }

  @AfterAll
  static void stop() {
    viewer.close();
  }

  @Test
  void everyLineIsReadInItsOwnFormat() {
    JsonNode status = viewer.get("/api/status");
    assertThat(status.get("spans").asInt()).isEqualTo(9 + 2 + 1);
    assertThat(status.get("traces").asInt()).isEqualTo(3 + 1 + 1);
    assertThat(status.get("malformedLines").asInt()).isZero();
    assertThat(status.get("invalidSpans").asInt()).isZero();
    List<String> runs = new ArrayList<>();
    viewer.get("/api/runs").get("runs").forEach(r -> runs.add(r.get("runId").asText()));
    assertThat(runs).containsExactlyInAnyOrder("run-jaeger", "run-zipkin", "run-otlp");
  }

  @Test
  void jaegersTracesShowTheirStepSamplesStagesRewardsAndErrors() {
    JsonNode steps = viewer.get("/api/steps?run=run-jaeger");
    assertThat(steps.get("latest").asInt()).isEqualTo(3);
    JsonNode samples = viewer.get("/api/samples?run=run-jaeger&step=3&sort=id").get("samples");
    assertThat(samples).extracting(s -> s.get("id").asText()).containsExactly("s-1", "s-2", "s-3");
    assertThat(samples).extracting(s -> s.get("reward").asDouble()).containsExactly(1.0, 0.25, 1.0);
    assertThat(samples.get(1).get("status").asText()).isEqualTo("error");
    assertThat(samples.get(0).get("group").asText()).isEqualTo("g-1");
    assertThat(samples.get(0).get("stageMs").get("generate").asDouble()).isEqualTo(500.0);
    // The 64-bit trace id is padded to OTLP's 128 bits.
    assertThat(samples.get(2).get("traceId").asText())
        .isEqualTo("000000000000000000f067aa0ba902b7");
    JsonNode stages = viewer.get("/api/stages?run=run-jaeger&step=3").get("stages");
    List<String> names = new ArrayList<>();
    stages.forEach(s -> names.add(s.get("stage").asText()));
    assertThat(names).contains("agent", "generate", "judge");
    JsonNode judge = null;
    for (JsonNode s : stages) {
      if (s.get("stage").asText().equals("judge")) {
        judge = s;
      }
    }
    assertThat(judge.get("errors").asInt()).isEqualTo(1);
    assertThat(judge.get("topErrorTypes").get(0).get("type").asText()).isEqualTo("TimeoutError");
    // The call chain comes from the span name paths, written as arrays in JSON text.
    JsonNode chain = viewer.get("/api/sample?run=run-jaeger&id=s-2").get("chain");
    assertThat(chain.get("source").asText()).isEqualTo("span_name_path");
    assertThat(chain.get("nodes").get(0).get("name").asText()).isEqualTo("agent.run");
    assertThat(chain.get("nodes").get(0).get("children"))
        .extracting(n -> n.get("name").asText())
        .containsExactly("rollout.generate", "judger.run");
  }

  @Test
  void aJaegerSpansDetailsComeBackFromItsLine() {
    JsonNode w = viewer.get("/api/waterfall?trace=" + JAEGER_FAILED_TRACE);
    assertThat(w.get("spans"))
        .extracting(s -> s.get("name").asText() + "@" + s.get("depth").asInt())
        .containsExactly("agent.run@0", "rollout.generate@1", "judger.run@1");
    String judge = w.get("spans").get(2).get("spanId").asText();
    JsonNode span = viewer.get("/api/span?trace=" + JAEGER_FAILED_TRACE + "&span=" + judge);
    assertThat(span.get("status").asText()).isEqualTo("error");
    assertThat(span.get("otlpStatusCode").asInt()).isEqualTo(2);
    assertThat(span.get("statusMessage").asText()).isEqualTo("judge timed out");
    assertThat(span.get("scope").get("name").asText()).isEqualTo("io.spanweave");
    assertThat(span.get("events").get(0).get("name").asText()).isEqualTo("exception");
    assertThat(span.get("links").get(0).get("spanId").asText()).isEqualTo("000000000000beef");
    assertThat(span.get("resource").toString()).contains("rollout-driver", "node-3", "run-jaeger");
    // Tags that are OTLP fields do not show again as attributes.
    assertThat(span.get("attributes").toString())
        .doesNotContain("otel.status_code", "otel.library.name", "span.kind");
    String generate = w.get("spans").get(1).get("spanId").asText();
    JsonNode gen = viewer.get("/api/span?trace=" + JAEGER_FAILED_TRACE + "&span=" + generate);
    assertThat(gen.get("spanKind").asText()).isEqualTo("client");
    assertThat(gen.get("events").get(0).get("name").asText()).isEqualTo("spanweave.preview");
    assertThat(gen.get("events").get(0).get("attributes").toString()).contains("The answer is 4.");
    assertThat(gen.get("attributes").toString()).contains("\"value\":128");
  }

  @Test
  void aZipkinTraceShowsItsSampleStagesAndError() {
    JsonNode samples = viewer.get("/api/samples?run=run-zipkin&step=4").get("samples");
    assertThat(samples).hasSize(1);
    assertThat(samples.get(0).get("id").asText()).isEqualTo("z-1");
    assertThat(samples.get(0).get("reward").asDouble()).isEqualTo(0.5);
    assertThat(samples.get(0).get("status").asText()).isEqualTo("error");
    JsonNode chain = viewer.get("/api/sample?run=run-zipkin&id=z-1").get("chain").get("nodes");
    assertThat(chain.get(0).get("children").get(0).get("name").asText()).isEqualTo("judger.run");
    assertThat(chain.get(0).get("children").get(0).get("errorType").asText())
        .isEqualTo("ValueError");
    JsonNode judge = viewer.get("/api/span?trace=" + ZIPKIN_TRACE + "&span=00000000000000e2");
    assertThat(judge.get("statusMessage").asText()).isEqualTo("bad answer");
    assertThat(judge.get("durationMs").asDouble()).isEqualTo(300.0);
    assertThat(judge.get("resource").toString()).contains("rollout-worker");
    JsonNode root = viewer.get("/api/span?trace=" + ZIPKIN_TRACE + "&span=00000000000000e1");
    assertThat(root.get("spanKind").asText()).isEqualTo("server");
  }

  @Test
  void theOtlpLineBesideThemIsReadAsBefore() {
    JsonNode sample = viewer.get("/api/sample?run=run-otlp&id=o-1");
    assertThat(sample.get("traceId").asText()).isEqualTo(OTLP_TRACE);
  }
}
