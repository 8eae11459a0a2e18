package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code traces.jsonl} written the way XTuner's trace layer writes it (its collector's file
 * exporter: camelCase, hex ids, int64 as strings, {@code run.id} on the resource, {@code xtuner.*}
 * and outcome attributes, span name paths as arrays of names): the viewer shows its steps, samples,
 * rewards, errors, call chains and filter decisions.
 *
 * <p>The fixture ({@code src/test/resources/xtuner/traces.jsonl}), one line per exported batch:
 *
 * <pre>
 * step 3 (producer_future_step; train_step 2):
 *   101 g-1 gsm8k completed reward.score 1.0 pass, filter.decision keep, train.included
 *   102 g-1 gsm8k completed reward.score 0.0 fail, drop (all_same_reward / zero_advantage); path as "a -> b"
 *   103 g-2 math  aborted   xtuner.error_type AbortedError on the judger
 * step 4 (producer_future_step; train_step 3):
 *   201 g-3 math  completed reward_score 0.5, oversample.source partial_rollout; xtuner.logical_path only
 *   202 g-3 math  timed_out xtuner.error_type TimeoutError
 * </pre>
 */
class XtunerFilesTest {
  static final String RUN = "20260708-073509-409337-5a14f69c";

  @TempDir static Path dir;
  static ViewerHarness viewer;

  @BeforeAll
  static void start() throws IOException {
    Path file = dir.resolve("traces.jsonl");
    try (InputStream in = XtunerFilesTest.class.getResourceAsStream("/xtuner/traces.jsonl")) {
      Files.copy(in, file);
    }
    // As XTuner's restart command starts it: by service and run id.
    viewer =
        new ViewerHarness(
            ViewerOptions.builder(file)
                .port(0)
                .pollInterval(Duration.ofMillis(50))
                .service("xtuner-rollout")
                .runId(RUN)
                .build());
    viewer.awaitSpans(20);
  }

  @AfterAll
  static void stop() {
    viewer.close();
  }

  @Test
  void stepsComeFromTheProducerFutureStep() {
    JsonNode steps = viewer.get("/api/steps");
    assertThat(steps.get("steps")).extracting(s -> s.get("step").asInt()).containsExactly(3, 4);
    assertThat(steps.get("latest").asInt()).isEqualTo(4);
    assertThat(steps.get("steps").get(0).get("samples").asInt()).isEqualTo(3);
    assertThat(steps.get("tracesWithoutStep").asInt()).isZero();
  }

  @Test
  void samplesShowTheirRewardsFilterDecisionsAndTraining() {
    JsonNode samples = viewer.get("/api/samples?step=3&sort=id").get("samples");
    assertThat(ApiTest.ids(samples)).containsExactly("101", "102", "103");
    JsonNode kept = samples.get(0);
    assertThat(kept.get("runId").asText()).isEqualTo(RUN);
    assertThat(kept.get("group").asText()).isEqualTo("g-1");
    assertThat(kept.get("task").asText()).isEqualTo("gsm8k");
    assertThat(kept.get("step").asInt()).isEqualTo(3);
    assertThat(kept.get("status").asText()).isEqualTo("completed");
    assertThat(kept.get("reward").asDouble()).isEqualTo(1.0);
    assertThat(kept.get("rewardPass").asBoolean()).isTrue();
    assertThat(kept.get("filterDecision").asText()).isEqualTo("keep");
    assertThat(kept.get("trainIncluded").asBoolean()).isTrue();
    assertThat(kept.get("stageMs").get("judge").asDouble()).isEqualTo(300.0);

    JsonNode dropped = samples.get(1);
    assertThat(dropped.get("reward").asDouble()).isZero();
    assertThat(dropped.get("rewardPass").asBoolean()).isFalse();
    assertThat(dropped.get("filterDecision").asText()).isEqualTo("drop");
    assertThat(dropped.get("filterReason").asText()).isEqualTo("all_same_reward");
    assertThat(dropped.get("dropReason").asText()).isEqualTo("zero_advantage");
    assertThat(dropped.get("trainIncluded").asBoolean()).isFalse();

    JsonNode step4 = viewer.get("/api/samples?step=4&sort=id").get("samples");
    assertThat(step4.get(0).get("reward").asDouble()).isEqualTo(0.5);
    assertThat(step4.get(0).get("oversampleSource").asText()).isEqualTo("partial_rollout");
  }

  @Test
  void abortedAndTimedOutSamplesAreErrorsWithTheirErrorTypeAndMessage() {
    JsonNode aborted = viewer.get("/api/samples?step=3&sort=id").get("samples").get(2);
    assertThat(aborted.get("status").asText()).isEqualTo("error");
    assertThat(aborted.get("rolloutStatus").asText()).isEqualTo("aborted");
    assertThat(aborted.get("errorType").asText()).isEqualTo("AbortedError");
    assertThat(aborted.get("errorMessage").asText()).isEqualTo("rollout aborted by controller");
    JsonNode timedOut = viewer.get("/api/samples?step=4&sort=id").get("samples").get(1);
    assertThat(timedOut.get("status").asText()).isEqualTo("error");
    assertThat(timedOut.get("rolloutStatus").asText()).isEqualTo("timed_out");
    assertThat(timedOut.get("errorType").asText()).isEqualTo("TimeoutError");
    assertThat(ApiTest.ids(viewer.get("/api/samples?step=all&status=error&sort=id").get("samples")))
        .containsExactly("103", "202");

    // xtuner.status fails the span too: the judge stage counts the failure with its type.
    JsonNode judge =
        ApiTest.byField(viewer.get("/api/stages?step=3").get("stages"), "stage", "judge");
    assertThat(judge.get("errors").asInt()).isEqualTo(1);
    assertThat(judge.get("topErrorTypes").get(0).get("type").asText()).isEqualTo("AbortedError");
    assertThat(
            ApiTest.byField(viewer.get("/api/stages?step=3").get("stages"), "stage", "generate")
                .get("count")
                .asInt())
        .isEqualTo(6);
  }

  @Test
  void callChainsComeFromArrayPathsStringPathsAndLogicalPaths() {
    for (String id : List.of("101", "102", "201")) {
      JsonNode chain = viewer.get("/api/sample?id=" + id).get("chain");
      assertThat(chain.get("source").asText()).as(id).isEqualTo("span_name_path");
      JsonNode root = chain.get("nodes").get(0);
      assertThat(chain.get("nodes")).as(id).hasSize(1);
      assertThat(root.get("name").asText()).isEqualTo("single_turn_agent_loop.run");
      List<String> children = new ArrayList<>();
      root.get("children").forEach(c -> children.add(c.get("name").asText()));
      assertThat(children).as(id).containsExactly("rollout.controller.generate", "judger.run");
      assertThat(root.get("children").get(0).get("children").get(0).get("name").asText())
          .isEqualTo("rollout.worker.generate");
    }
    JsonNode aborted = viewer.get("/api/sample?id=103").get("chain").get("nodes").get(0);
    assertThat(
            ApiTest.byField(aborted.get("children"), "name", "judger.run").get("status").asText())
        .isEqualTo("error");
  }

  @Test
  void theRewardIsTheTimelinesDefaultMetric() {
    JsonNode timeline = viewer.get("/api/timeline");
    assertThat(timeline.get("metric").asText()).isEqualTo("reward");
    assertThat(timeline.get("points").get(0).get("step").asInt()).isEqualTo(3);
    assertThat(timeline.get("points").get(0).get("metricMean").asDouble()).isEqualTo(0.5);
    assertThat(timeline.get("points").get(1).get("metricMean").asDouble()).isEqualTo(0.5);
  }
}
