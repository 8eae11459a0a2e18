package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.viewer.bench.SyntheticRun;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A viewer opening a run whose closed parts have summary files (the runtime writes one as it closes
 * each part; a viewer that read the run wrote the same ones) takes every one of them, even when the
 * run fits in memory, right after the part being written: the steps, the timeline and the stage
 * table of all steps are whole from then on, while the closed parts' spans go into the index.
 */
class SummariesFirstTest {
  private static final int SPANS = 30_000;
  private static final int SAMPLES_PER_STEP = 128;

  @TempDir Path dir;

  private Path writeRun() throws Exception {
    Path run = dir.resolve("run-1");
    SyntheticRun.Summary written =
        new SyntheticRun(
                SPANS,
                SAMPLES_PER_STEP,
                64,
                1 << 20,
                1 << 20,
                256 << 10,
                Deflater.DEFAULT_COMPRESSION,
                7)
            .write(run);
    assertThat(written.closedParts()).isGreaterThan(3);
    return run.resolve("traces").resolve("traces.jsonl");
  }

  private static ViewerOptions.Builder options(Path traceFile) {
    return ViewerOptions.builder(traceFile)
        .port(0)
        .pollInterval(java.time.Duration.ofMillis(50))
        .segmentBytes(128 << 10);
  }

  @Test
  void everyStepIsKnownFromTheSummaryFilesBeforeALineIsRead() throws Exception {
    Path traces = writeRun();
    List<String> allSteps = List.of("/api/steps", "/api/timeline", "/api/stages?step=all");
    JsonNode[] expected = new JsonNode[allSteps.size()];
    long lines;
    int closedParts;
    try (ViewerHarness first = new ViewerHarness(options(traces).build())) {
      JsonNode status = LongRunTest.awaitRead(first);
      lines = status.get("lines").asLong();
      closedParts = status.get("reading").get("partsTotal").asInt() - 1;
      assertThat(status.get("reading").get("summariesBuilt").asInt()).isEqualTo(closedParts);
      assertThat(status.get("reading").get("summariesTaken").asInt()).isZero();
      for (int k = 0; k < allSteps.size(); k++) {
        expected[k] = first.get(allSteps.get(k));
      }
    }
    // The run fits in memory, yet the second viewer takes every closed part's summary from its
    // file (it summarises none again), and once it has, the answers over every step are whole:
    // from the summaries while the closed parts' spans are still going into the index.
    try (ViewerHarness again = new ViewerHarness(options(traces).build())) {
      JsonNode status = again.get("/api/status");
      long deadline = System.nanoTime() + 15_000_000_000L;
      while (status.get("reading").get("summariesTaken").asInt() < closedParts
          && System.nanoTime() < deadline) {
        Thread.sleep(2);
        status = again.get("/api/status");
      }
      assertThat(status.get("reading").get("summariesTaken").asInt()).isEqualTo(closedParts);
      LongRunTest.assertSame("/api/steps", again.get("/api/steps"), expected[0]);
      LongRunTest.assertSame("/api/timeline", again.get("/api/timeline"), expected[1]);
      // Percentiles from the summaries' duration sketches: within 1% while they answer.
      LongRunTest.assertStageTableClose(
          again.get("/api/stages?step=all").get("stages"), expected[2].get("stages"));
      // Once read, every span is in memory again (the run fits) and nothing was summarised
      // twice.
      JsonNode read = LongRunTest.awaitRead(again);
      assertThat(read.get("reading").get("everythingInMemory").asBoolean()).isTrue();
      assertThat(read.get("reading").get("spansSummarized").asLong()).isEqualTo(SPANS);
      assertThat(read.get("reading").get("summariesBuilt").asInt()).isZero();
      assertThat(read.get("spans").asLong()).isEqualTo(SPANS);
      for (int k = 0; k < allSteps.size(); k++) {
        LongRunTest.assertSame(allSteps.get(k), again.get(allSteps.get(k)), expected[k]);
      }
    }
  }
}
