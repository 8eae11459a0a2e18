package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.viewer.index.OtlpLineParser;
import io.spanweave.viewer.index.ParsedSpan;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Variants of the OTLP JSON mapping the viewer meets in the wild, and XTuner's attribute names. */
class FormatCompatibilityTest {
  @TempDir Path dir;
  private final OtlpLineParser parser = new OtlpLineParser();

  private List<ParsedSpan> parse(String line) throws Exception {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    return parser.parse(bytes, 0, bytes.length, 0, 0);
  }

  @Test
  void snakeCaseKeysBase64IdsEnumNamesAndResourceAfterSpans() throws Exception {
    // Protobuf's generic JSON printer: snake_case is accepted by parsers, ids in base64, enum
    // names.
    String line =
        "{\"resource_spans\":[{\"scope_spans\":[{\"spans\":[{"
            + "\"trace_id\":\"AAECAwQFBgcICQoLDA0ODw==\",\"span_id\":\"AQIDBAUGBwg=\",\"parent_span_id\":\"\","
            + "\"name\":\"n\",\"kind\":\"SPAN_KIND_SERVER\",\"start_time_unix_nano\":1000,\"end_time_unix_nano\":\"3000\","
            + "\"attributes\":[{\"key\":\"i\",\"value\":{\"int_value\":7}},{\"key\":\"d\",\"value\":{\"double_value\":\"1.5\"}},"
            + "{\"key\":\"a\",\"value\":{\"array_value\":{\"values\":[{\"string_value\":\"x\"},{\"bool_value\":true}]}}},"
            + "{\"key\":\"kv\",\"value\":{\"kvlist_value\":{\"values\":[{\"key\":\"inner\",\"value\":{\"string_value\":\"y\"}}]}}}],"
            + "\"status\":{\"code\":\"STATUS_CODE_ERROR\",\"message\":\"m\"},\"unknownField\":{\"nested\":[1,2]}}]}],"
            + "\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"string_value\":\"svc\"}}]}}]}";
    ParsedSpan s = parse(line).get(0);
    assertThat(s.traceId).isEqualTo("000102030405060708090a0b0c0d0e0f");
    assertThat(s.spanId).isEqualTo("0102030405060708");
    assertThat(s.parentSpanId).isNull();
    assertThat(s.kind).isEqualTo(2);
    assertThat(s.startTimeUnixNano).isEqualTo(1000);
    assertThat(s.endTimeUnixNano).isEqualTo(3000);
    assertThat(s.attribute("i")).isEqualTo(7L);
    assertThat(s.attribute("d")).isEqualTo(1.5);
    assertThat(s.attribute("a")).isEqualTo(List.of("x", true));
    assertThat(s.attribute("kv")).isEqualTo(Map.of("inner", "y"));
    assertThat(s.statusCode).isEqualTo(2);
    assertThat(s.statusMessage).isEqualTo("m");
    assertThat(s.resourceAttribute("service.name")).isEqualTo("svc");
  }

  @Test
  void spansWithoutIdsAreLeftOutAndBrokenLinesAreRejected() throws Exception {
    assertThat(
            parse("{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"name\":\"no ids\"}]}]}]}"))
        .isEmpty();
    assertThat(parse("{}")).isEmpty();
    assertThatThrownBy(() -> parse("{\"resourceSpans\":["))
        .isInstanceOf(OtlpLineParser.MalformedLineException.class);
    assertThatThrownBy(() -> parse("{} {}"))
        .isInstanceOf(OtlpLineParser.MalformedLineException.class);
    assertThatThrownBy(() -> parse("\"text\""))
        .isInstanceOf(OtlpLineParser.MalformedLineException.class);
  }

  @Test
  void xtunerAttributeNamesShowTheSameRolloutViews() {
    Path file = dir.resolve("traces.jsonl");
    OtlpFixture f = new OtlpFixture().service("xtuner-rollout").runId("run.id", "20260708-073509");
    String trace = "abcdefabcdefabcdefabcdefabcdef01";
    f.span(trace, "0000000000000a01", null, "single_turn_agent_loop.run", 0, 2000)
        .attrs(
            "xtuner.rollout_id",
            "r-7",
            "xtuner.group_id",
            "grp-1",
            "xtuner.task_name",
            "gsm8k",
            "xtuner.status",
            "completed",
            "xtuner.train_step",
            12L,
            "xtuner.stage",
            "agent_loop",
            "xtuner.span_name_path",
            "single_turn_agent_loop.run")
        .add();
    f.span(trace, "0000000000000a02", "0000000000000a01", "judger.run", 1500, 1900)
        .attrs(
            "xtuner.rollout_id",
            "r-7",
            "xtuner.producer_future_step",
            12L,
            "stage.name",
            "judge",
            "xtuner.span_name_path",
            "single_turn_agent_loop.run -> judger.run")
        .add();
    f.appendTo(file, 2);
    try (ViewerHarness v =
        new ViewerHarness(
            ViewerOptions.builder(file)
                .port(0)
                .pollInterval(java.time.Duration.ofMillis(50))
                .runId("20260708-073509")
                .build())) {
      v.awaitSpans(2);
      assertThat(v.get("/api/steps").get("latest").asInt()).isEqualTo(12);
      var sample = v.get("/api/samples").get("samples").get(0);
      assertThat(sample.get("id").asText()).isEqualTo("r-7");
      assertThat(sample.get("group").asText()).isEqualTo("grp-1");
      assertThat(sample.get("rolloutStatus").asText()).isEqualTo("completed");
      assertThat(sample.get("stageMs").get("judge").asDouble()).isEqualTo(400.0);
      var stages = v.get("/api/stages").get("stages");
      assertThat(ApiTest.byField(stages, "stage", "agent_loop").get("count").asInt()).isEqualTo(1);
      var chain = v.get("/api/sample?id=r-7").get("chain").get("nodes").get(0);
      assertThat(chain.get("name").asText()).isEqualTo("single_turn_agent_loop.run");
      assertThat(chain.get("children").get(0).get("name").asText()).isEqualTo("judger.run");
      assertThat(v.get("/api/traces").get("traces").get(0).get("runId").asText())
          .isEqualTo("20260708-073509");
    }
  }

  @Test
  void aSharedFileIsFilteredByRunId() {
    Path file = dir.resolve("traces.jsonl");
    new OtlpFixture()
        .runId("spanweave.run.id", "run-a")
        .span("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", "00000000000000a1", null, "a.root", 0, 10)
        .attrs("rollout.id", "a", "rollout.step", 1L)
        .add()
        .appendTo(file, 1);
    new OtlpFixture()
        .runId("spanweave.run.id", "run-b")
        .span("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb1", "00000000000000b1", null, "b.root", 0, 10)
        .attrs("rollout.id", "b", "rollout.step", 5L)
        .add()
        .appendTo(file, 1);
    try (ViewerHarness v =
        new ViewerHarness(
            ViewerOptions.builder(file)
                .port(0)
                .pollInterval(java.time.Duration.ofMillis(50))
                .runId("run-a")
                .build())) {
      v.awaitSpans(2);
      assertThat(v.get("/api/traces").get("total").asInt()).isEqualTo(1);
      assertThat(v.get("/api/steps").get("latest").asInt()).isEqualTo(1);
      assertThat(v.get("/api/traces?run=run-b").get("traces").get(0).get("rootName").asText())
          .isEqualTo("b.root");
      assertThat(v.get("/api/traces?run=*").get("total").asInt()).isEqualTo(2);
      assertThat(v.get("/api/samples?run=*&step=all").get("total").asInt()).isEqualTo(2);
      assertThat(v.get("/api/facets").get("runs")).hasSize(2);
    }
  }
}
