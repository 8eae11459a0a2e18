package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON API over a fixture file in the exact OTLP JSON lines format. */
class ApiTest {
  @TempDir static Path dir;
  static ViewerHarness viewer;

  @BeforeAll
  static void start() {
    Path file = dir.resolve("traces.jsonl");
    RolloutScenario.write(file);
    viewer = new ViewerHarness(file);
    viewer.awaitSpans(27);
  }

  @AfterAll
  static void stop() {
    viewer.close();
  }

  @Test
  void statusCountsSpansTracesAndSamples() {
    JsonNode s = viewer.get("/api/status");
    assertThat(s.get("spans").asInt()).isEqualTo(4 * 4 + 1 + 10);
    assertThat(s.get("traces").asInt()).isEqualTo(5);
    assertThat(s.get("samples").asInt()).isEqualTo(4);
    assertThat(s.get("malformedLines").asInt()).isZero();
  }

  @Test
  void stepsListEachStepWithCountsAndLatest() {
    JsonNode s = viewer.get("/api/steps");
    assertThat(s.get("latest").asInt()).isEqualTo(2);
    assertThat(s.get("steps")).hasSize(2);
    assertThat(s.get("steps").get(1).get("errorTraces").asInt()).isEqualTo(1);
    assertThat(s.get("tracesWithoutStep").asInt()).isEqualTo(1);
  }

  @Test
  void stageStatisticsForOneStep() {
    JsonNode stages = viewer.get("/api/stages?step=1").get("stages");
    JsonNode judge = byField(stages, "stage", "judge");
    assertThat(judge.get("count").asInt()).isEqualTo(2);
    assertThat(judge.get("meanMs").asDouble()).isEqualTo(200.0);
    assertThat(judge.get("p50Ms").asDouble()).isEqualTo(100.0);
    assertThat(judge.get("p95Ms").asDouble()).isEqualTo(300.0);
    assertThat(judge.get("maxMs").asDouble()).isEqualTo(300.0);
    assertThat(byField(stages, "stage", "generate").get("count").asInt()).isEqualTo(4);
  }

  @Test
  void latestStepIsTheDefaultAndCarriesErrorTypes() {
    JsonNode result = viewer.get("/api/stages");
    assertThat(result.get("step").asInt()).isEqualTo(2);
    JsonNode tool = byField(result.get("stages"), "stage", "tool");
    assertThat(tool.get("errors").asInt()).isEqualTo(1);
    assertThat(tool.get("topErrorTypes").get(0).get("type").asText()).isEqualTo("TimeoutError");
    assertThat(tool.get("topErrorTypes").get(0).get("count").asInt()).isEqualTo(1);
  }

  @Test
  void allStepsIncludeSpansWithoutStepUnderTheirName() {
    JsonNode stages = viewer.get("/api/stages?step=all").get("stages");
    assertThat(byField(stages, "stage", "judge").get("count").asInt()).isEqualTo(4);
    // No stage attribute: grouped by span name.
    assertThat(byField(stages, "stage", "file.read").get("count").asInt()).isEqualTo(6);
  }

  @Test
  void samplesOfAStepWithStatusRewardFilterAndPerStageDurations() {
    JsonNode result = viewer.get("/api/samples?step=2&sort=id");
    assertThat(result.get("total").asInt()).isEqualTo(2);
    JsonNode a = result.get("samples").get(0);
    JsonNode b = result.get("samples").get(1);
    assertThat(a.get("id").asText()).isEqualTo("s2-a");
    assertThat(a.get("status").asText()).isEqualTo("error");
    assertThat(a.get("traceId").asText()).isEqualTo(RolloutScenario.traceOf("s2-a"));
    assertThat(a.get("group").asText()).isEqualTo("g2");
    assertThat(a.get("step").asInt()).isEqualTo(2);
    assertThat(b.get("status").asText()).isEqualTo("completed");
    assertThat(b.get("filtered").asBoolean()).isTrue();
    assertThat(b.get("filterReason").asText()).isEqualTo("low_reward");
    assertThat(b.get("reward").asDouble()).isEqualTo(0.1);
    // generate: controller 5..1020 contains worker 10..1010, so the stage took 1015 ms, not 2015.
    assertThat(b.get("stageMs").get("generate").asDouble()).isEqualTo(1015.0);
    assertThat(b.get("stageMs").get("judge").asDouble()).isEqualTo(250.0);
    assertThat(result.get("stages")).extracting(JsonNode::asText).startsWith("agent", "generate");
  }

  @Test
  void samplesSortByRewardAndByStageAndFilterByStatus() {
    JsonNode byReward = viewer.get("/api/samples?step=all&sort=reward&order=desc").get("samples");
    assertThat(ids(byReward)).containsExactly("s1-b", "s1-a", "s2-b", "s2-a");
    JsonNode byJudge =
        viewer.get("/api/samples?step=all&sort=stage:judge&order=asc").get("samples");
    assertThat(ids(byJudge)).containsExactly("s1-a", "s2-a", "s2-b", "s1-b");
    JsonNode errors = viewer.get("/api/samples?step=all&status=error").get("samples");
    assertThat(ids(errors)).containsExactly("s2-a");
    JsonNode page = viewer.get("/api/samples?step=all&sort=id&limit=2&offset=2");
    assertThat(ids(page.get("samples"))).containsExactly("s2-a", "s2-b");
    assertThat(page.get("total").asInt()).isEqualTo(4);
  }

  @Test
  void callChainMergesSpanNamePathsIntoATreeWithDurationAndStatus() {
    JsonNode sample = viewer.get("/api/sample?id=s2-a");
    assertThat(sample.get("chain").get("source").asText()).isEqualTo("span_name_path");
    JsonNode nodes = sample.get("chain").get("nodes");
    assertThat(nodes).hasSize(1);
    JsonNode root = nodes.get(0);
    assertThat(root.get("name").asText()).isEqualTo("agent.run");
    assertThat(root.get("durationMs").asDouble()).isEqualTo(1500.0);
    assertThat(root.get("status").asText()).isEqualTo("ok");
    List<String> children = new ArrayList<>();
    root.get("children").forEach(c -> children.add(c.get("name").asText()));
    assertThat(children).containsExactly("controller.generate", "judger.run");
    JsonNode controller = root.get("children").get(0);
    assertThat(controller.get("children").get(0).get("name").asText()).isEqualTo("worker.generate");
    assertThat(controller.get("children").get(0).get("durationMs").asDouble()).isEqualTo(1000.0);
    assertThat(controller.get("children").get(0).get("spanId").asText())
        .isEqualTo(RolloutScenario.spanId("s2-a", 3));
  }

  @Test
  void unknownSampleIs404() {
    ViewerHarness.Response r = viewer.call("/api/sample?id=nope");
    assertThat(r.status()).isEqualTo(404);
    assertThat(r.json().get("error").asText()).contains("nope");
  }

  @Test
  void tracesFilterByStatusKindAndSearchTerms() {
    assertThat(viewer.get("/api/traces").get("total").asInt()).isEqualTo(5);
    JsonNode errors = viewer.get("/api/traces?status=error").get("traces");
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).get("traceId").asText()).isEqualTo(RolloutScenario.traceOf("s2-a"));
    assertThat(viewer.get("/api/traces?kind=DATASET").get("traces").get(0).get("traceId").asText())
        .isEqualTo(RolloutScenario.DEEP_TRACE);
    // Terms match names, attribute values and ids; every term must match.
    assertThat(viewer.get("/api/traces?q=parquet").get("total").asInt()).isEqualTo(1);
    assertThat(viewer.get("/api/traces?q=judger+s1-b").get("total").asInt()).isEqualTo(1);
    assertThat(viewer.get("/api/traces?q=JUDGER").get("total").asInt()).isEqualTo(4);
    assertThat(viewer.get("/api/traces?q=b2b2b2b2").get("total").asInt()).isEqualTo(1);
    assertThat(
            viewer.get("/api/traces?q=" + RolloutScenario.spanId("s1-a", 4)).get("total").asInt())
        .isEqualTo(1);
    assertThat(viewer.get("/api/traces?q=judger+nothing-like-this").get("total").asInt()).isZero();
    assertThat(viewer.get("/api/traces?q=a+b+c+d+e+f+g+h").get("terms")).hasSize(8);
  }

  @Test
  void nineSearchTermsAreRejected() {
    ViewerHarness.Response r = viewer.call("/api/traces?q=a+b+c+d+e+f+g+h+i");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.json().get("error").asText()).contains("at most 8");
  }

  @Test
  void spanTreeLoadsOneLevelAtATime() {
    JsonNode trace = viewer.get("/api/trace?id=" + RolloutScenario.DEEP_TRACE);
    assertThat(trace.get("spans").asInt()).isEqualTo(10);
    assertThat(trace.get("roots")).hasSize(1);
    JsonNode root = trace.get("roots").get(0);
    assertThat(root.get("childCount").asInt()).isEqualTo(3);
    JsonNode children =
        viewer
            .get(
                "/api/children?trace="
                    + RolloutScenario.DEEP_TRACE
                    + "&parent="
                    + RolloutScenario.DEEP_ROOT)
            .get("children");
    assertThat(children).hasSize(3);
    assertThat(children.get(0).get("childCount").asInt()).isEqualTo(2);
    assertThat(children.get(0).has("children")).isFalse();
    JsonNode grandchildren =
        viewer
            .get(
                "/api/children?trace="
                    + RolloutScenario.DEEP_TRACE
                    + "&parent="
                    + children.get(0).get("spanId").asText())
            .get("children");
    assertThat(grandchildren).hasSize(2);
    assertThat(grandchildren.get(0).get("name").asText()).isEqualTo("file.read");
  }

  @Test
  void spanInspectorReadsEveryDetailBackFromTheFile() {
    String trace = RolloutScenario.traceOf("s2-a");
    JsonNode root =
        viewer.get("/api/span?trace=" + trace + "&span=" + RolloutScenario.spanId("s2-a", 1));
    assertThat(root.get("name").asText()).isEqualTo("agent.run");
    assertThat(root.get("durationMs").asDouble()).isEqualTo(1500.0);
    assertThat(byField(root.get("attributes"), "key", "rollout.filtered").get("value").asBoolean())
        .isFalse();
    assertThat(byField(root.get("attributes"), "key", "rollout.step").get("value").asLong())
        .isEqualTo(2);
    assertThat(root.get("events").get(0).get("name").asText()).isEqualTo("sample.started");
    assertThat(root.get("links").get(0).get("traceId").asText())
        .isEqualTo(RolloutScenario.traceOf("s1-a"));
    assertThat(byField(root.get("resource"), "key", "service.name").get("value").asText())
        .isEqualTo("svc");
    JsonNode tool =
        viewer.get("/api/span?trace=" + trace + "&span=" + RolloutScenario.spanId("s2-a", 5));
    assertThat(tool.get("status").asText()).isEqualTo("error");
    assertThat(tool.get("events").get(0).get("name").asText()).isEqualTo("exception");
  }

  @Test
  void timelineLinesUpRewardWithTraceCountsAndErrorsPerStep() {
    JsonNode t = viewer.get("/api/timeline");
    assertThat(t.get("metric").asText()).isEqualTo("reward");
    assertThat(t.get("metrics")).extracting(JsonNode::asText).contains("reward", "num_tokens");
    JsonNode step1 = t.get("points").get(0);
    assertThat(step1.get("step").asInt()).isEqualTo(1);
    assertThat(step1.get("metricMean").asDouble())
        .isEqualTo(0.6, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(t.get("points").get(1).get("errorTraces").asInt()).isEqualTo(1);
    JsonNode tokens = viewer.get("/api/timeline?metric=num_tokens");
    assertThat(tokens.get("points").get(0).get("metricMean").asDouble()).isEqualTo(120.0);
  }

  @Test
  void pageAndStaticFilesAreServedWithAContentSecurityPolicy() {
    ViewerHarness.Response page = viewer.call("/");
    assertThat(page.status()).isEqualTo(200);
    // One script of its own: the entry module, which imports the others from the viewer.
    assertThat(page.body()).contains("<script type=\"module\" src=\"/app.js\"></script>");
    assertThat(page.headers().firstValue("Content-Security-Policy").orElse(""))
        .contains("script-src 'self'");
    for (String module :
        List.of(
            "/app.js",
            "/shared.js",
            "/rollout.js",
            "/traces.js",
            "/runs.js",
            "/waterfall.js",
            "/attempts.js",
            "/compare.js")) {
      ViewerHarness.Response js = viewer.call(module);
      assertThat(js.status()).as(module).isEqualTo(200);
      assertThat(js.headers().firstValue("Content-Type").orElse(""))
          .as(module)
          .startsWith("text/javascript");
      assertThat(js.headers().firstValue("Content-Security-Policy").orElse(""))
          .as(module)
          .contains("script-src 'self'");
    }
    assertThat(viewer.call("/app.css").status()).isEqualTo(200);
    assertThat(viewer.call("/etc/passwd").status()).isEqualTo(404);
  }

  static JsonNode byField(JsonNode array, String field, String value) {
    for (JsonNode n : array) {
      if (value.equals(n.path(field).asText())) {
        return n;
      }
    }
    throw new AssertionError("no element with " + field + "=" + value + " in " + array);
  }

  static List<String> ids(JsonNode samples) {
    List<String> ids = new ArrayList<>();
    samples.forEach(s -> ids.add(s.get("id").asText()));
    return ids;
  }
}
