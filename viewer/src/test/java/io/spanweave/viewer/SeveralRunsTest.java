package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.viewer.bench.SyntheticRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One viewer over several runs: an output directory of run folders (each read as its parts, a run
 * folder that appears later included) or trace paths given one after another, as comparing two runs
 * needs. Each run keeps its own steps and samples.
 */
class SeveralRunsTest {
  @TempDir Path dir;

  private static void writeRun(Path folder, String runId, long seed) throws Exception {
    new SyntheticRun(
            4_000, 64, 32, 256 << 10, 64 << 10, 64 << 10, Deflater.DEFAULT_COMPRESSION, seed)
        .runId(runId)
        .write(folder);
  }

  private static List<String> runIds(ViewerHarness v) {
    List<String> ids = new ArrayList<>();
    v.get("/api/runs").get("runs").forEach(r -> ids.add(r.get("runId").asText()));
    ids.sort(null);
    return ids;
  }

  @Test
  void anOutputDirectoryOfRunFoldersShowsEveryRunIncludingOnesThatStartLater() throws Exception {
    Path output = dir.resolve("work_dirs");
    writeRun(output.resolve("run-a"), "run-a", 1);
    writeRun(output.resolve("run-b"), "run-b", 2);
    try (ViewerHarness v =
        new ViewerHarness(
            ViewerOptions.builder(output).port(0).pollInterval(Duration.ofMillis(50)).build())) {
      v.awaitStatus(s -> s.path("spans").asInt() >= 8_000);
      assertThat(runIds(v)).containsExactly("run-a", "run-b");
      for (String run : List.of("run-a", "run-b")) {
        JsonNode steps = v.get("/api/steps?run=" + run);
        assertThat(steps.get("latest").asInt()).isEqualTo(6);
        assertThat(steps.get("steps").get(0).get("samples").asInt()).isEqualTo(64);
      }
      writeRun(output.resolve("run-c"), "run-c", 3);
      v.awaitStatus(s -> s.path("spans").asInt() >= 12_000);
      assertThat(runIds(v)).containsExactly("run-a", "run-b", "run-c");
    }
  }

  @Test
  void tracePathsGivenOneAfterAnotherAreReadSideBySide() throws Exception {
    writeRun(dir.resolve("yesterday"), "run-yesterday", 4);
    writeRun(dir.resolve("today"), "run-today", 5);
    ViewerOptions options =
        ViewerOptions.parse(
            new String[] {
              "--trace-jsonl",
              dir.resolve("yesterday").toString(),
              "--trace-jsonl",
              dir.resolve("today").resolve("traces").resolve("traces.jsonl").toString(),
              "--port",
              "0",
              "--poll-interval-ms",
              "50"
            });
    assertThat(options.traceJsonls()).hasSize(2);
    try (ViewerHarness v = new ViewerHarness(options)) {
      v.awaitStatus(s -> s.path("spans").asInt() >= 8_000);
      assertThat(runIds(v)).containsExactly("run-today", "run-yesterday");
      assertThat(v.get("/api/samples?run=run-today&step=3").get("total").asInt()).isEqualTo(64);
      assertThat(v.get("/api/samples?run=run-yesterday&step=3").get("total").asInt()).isEqualTo(64);
    }
  }
}
