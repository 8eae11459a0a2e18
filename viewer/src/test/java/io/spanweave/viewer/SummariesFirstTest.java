package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.viewer.bench.SyntheticRun;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A viewer opening a run whose closed parts have summary files (the runtime writes one as it closes
 * each part; a viewer that read the run wrote the same ones) knows every step from them before it
 * reads a line: the steps, the timeline and the stage table of all steps are complete while it is
 * still at the first blocks of the part being written.
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
                // The part being written is longer than the first blocks the viewer reads of it
                // before it waits for the first view, so the test can ask while it waits.
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
    int liveFrom = firstStepOf(traces);
    assertThat(liveFrom).isGreaterThan(SPANS / 10 / SAMPLES_PER_STEP / 2);
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
    // The viewer reads the first blocks of the part being written, then waits (up to a second)
    // for the first view to be answered. Seen while it waits (fewer lines read than the run has,
    // asked after the answers), the answers over every step must be whole already. A machine too
    // slow to ask within that second makes the attempt inconclusive; it is tried again.
    for (int attempt = 0; attempt < 5; attempt++) {
      try (ViewerHarness again = new ViewerHarness(options(traces).build())) {
        JsonNode status = again.get("/api/status");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (status.get("reading").get("summariesTaken").asInt() < closedParts
            && System.nanoTime() < deadline) {
          Thread.sleep(2);
          status = again.get("/api/status");
        }
        // The steps in the closed parts: those of the part being written are known as far as it
        // has been read.
        JsonNode[] answers = new JsonNode[2];
        for (int k = 0; k < answers.length; k++) {
          answers[k] = again.get(allSteps.get(k));
        }
        JsonNode after = again.get("/api/status");
        if (after.get("lines").asLong() >= lines) {
          continue; // read to the end before the answers were asked: inconclusive
        }
        assertThat(after.get("reading").get("summariesTaken").asInt()).isEqualTo(closedParts);
        assertThat(after.get("reading").get("everythingInMemory").asBoolean()).isFalse();
        for (int k = 0; k < answers.length; k++) {
          LongRunTest.assertSame(
              allSteps.get(k), before(answers[k], liveFrom), before(expected[k], liveFrom));
          assertThat(answers[k].toString()).contains("{\"step\":" + (liveFrom - 1) + ",");
        }
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
        return;
      }
    }
    fail("the viewer read every line before the answers could be asked, five times in a row");
  }

  /** The lowest step named on the first line of a trace file. */
  private static int firstStepOf(Path traceFile) throws Exception {
    String first;
    try (java.io.BufferedReader in = java.nio.file.Files.newBufferedReader(traceFile)) {
      first = in.readLine();
    }
    int lowest = Integer.MAX_VALUE;
    for (JsonNode attribute : OtlpFixture.JSON.readTree(first).findValues("attributes")) {
      for (JsonNode a : attribute) {
        if (a.path("key").asText().equals("rollout.step")) {
          lowest = Math.min(lowest, a.path("value").path("intValue").asInt());
        }
      }
    }
    return lowest;
  }

  /** The answer without the entries of steps from {@code step} on (any array of steps). */
  private static JsonNode before(JsonNode node, int step) {
    if (node.isArray()) {
      com.fasterxml.jackson.databind.node.ArrayNode out = OtlpFixture.JSON.createArrayNode();
      for (JsonNode e : node) {
        if (!(e.has("step") && e.get("step").isInt() && e.get("step").asInt() >= step)) {
          out.add(before(e, step));
        }
      }
      return out;
    }
    if (node.isObject()) {
      com.fasterxml.jackson.databind.node.ObjectNode out = OtlpFixture.JSON.createObjectNode();
      node.fields().forEachRemaining(e -> out.set(e.getKey(), before(e.getValue(), step)));
      out.remove("latest");
      return out;
    }
    return node;
  }
}
