package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The samples table as CSV and as JSON lines, the data an RL engineer takes to a notebook. */
class SamplesDownloadTest {
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
  void csvHasRunStepSampleStatusRewardFilterAndStageDurations() {
    ViewerHarness.Response r = viewer.call("/api/samples.csv?step=all&sort=id");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
    assertThat(r.headers().firstValue("Content-Disposition").orElse(""))
        .isEqualTo("attachment; filename=\"samples-all-runs-step-all.csv\"");
    List<String> lines = r.body().lines().toList();
    assertThat(lines).hasSize(5);
    List<String> header = Arrays.asList(lines.get(0).split(","));
    assertThat(header)
        .startsWith("run", "step", "sample", "status", "sample_status", "group", "task", "reward")
        .contains(
            "filtered",
            "filter_reason",
            "duration_ms",
            "stage_ms.agent",
            "stage_ms.generate",
            "stage_ms.judge");
    List<String> s2b = Arrays.asList(lines.get(4).split(",", -1));
    assertThat(s2b.get(header.indexOf("run"))).isEqualTo("run-1");
    assertThat(s2b.get(header.indexOf("sample"))).isEqualTo("s2-b");
    assertThat(s2b.get(header.indexOf("step"))).isEqualTo("2");
    assertThat(s2b.get(header.indexOf("status"))).isEqualTo("completed");
    assertThat(s2b.get(header.indexOf("reward"))).isEqualTo("0.1");
    assertThat(s2b.get(header.indexOf("filtered"))).isEqualTo("true");
    assertThat(s2b.get(header.indexOf("filter_reason"))).isEqualTo("low_reward");
    assertThat(s2b.get(header.indexOf("stage_ms.generate"))).isEqualTo("1015.0");
    assertThat(s2b.get(header.indexOf("stage_ms.tool"))).isEmpty();
    List<String> s2a = Arrays.asList(lines.get(3).split(",", -1));
    assertThat(s2a.get(header.indexOf("status"))).isEqualTo("error");
    assertThat(s2a.get(header.indexOf("error_type"))).isEqualTo("TimeoutError");
  }

  @Test
  void jsonLinesHoldOneSampleEachWithTheApisFields() throws Exception {
    ViewerHarness.Response r = viewer.call("/api/samples.jsonl?step=2&sort=reward&order=desc");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Disposition").orElse(""))
        .contains("samples-all-runs-step-2.jsonl");
    List<String> lines = r.body().lines().toList();
    assertThat(lines).hasSize(2);
    JsonNode first = OtlpFixture.JSON.readTree(lines.get(0));
    assertThat(first.get("id").asText()).isEqualTo("s2-b");
    assertThat(first.get("runId").asText()).isEqualTo("run-1");
    assertThat(first.get("reward").asDouble()).isEqualTo(0.1);
    assertThat(first.get("stageMs").get("judge").asDouble()).isEqualTo(250.0);
    assertThat(OtlpFixture.JSON.readTree(lines.get(1)).get("id").asText()).isEqualTo("s2-a");
  }

  @Test
  void downloadsTakeTheTablesFiltersAndRefuseBadOnes() {
    assertThat(viewer.call("/api/samples.csv?step=all&status=error").body().lines().count())
        .isEqualTo(2);
    ViewerHarness.Response bad = viewer.call("/api/samples.csv?limit=5");
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.json().get("error").asText()).contains("unknown parameter 'limit'");
  }
}
