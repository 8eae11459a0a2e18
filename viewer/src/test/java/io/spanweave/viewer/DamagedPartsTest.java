package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.viewer.bench.SyntheticRun;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parts that cannot be read in full: cut short (the writer was killed while compressing), damaged,
 * in a format without a reader, deleted while the viewer runs. The viewer shows what is readable
 * and says, per part, what it skipped.
 */
class DamagedPartsTest {
  private static final int SAMPLES_PER_STEP = 64;
  private static final Pattern STEP =
      Pattern.compile("\"rollout\\.step\",\"value\":\\{\"intValue\":\"(\\d+)\"");

  @TempDir Path dir;

  private Path writeRun(int partBytes) throws Exception {
    Path run = dir.resolve("run");
    new SyntheticRun(
            20_000,
            SAMPLES_PER_STEP,
            32,
            partBytes,
            100 << 10,
            64 << 10,
            Deflater.DEFAULT_COMPRESSION,
            11)
        .write(run);
    return run.resolve("traces");
  }

  private static Path part(Path traces, int sequence) {
    return traces.resolve(String.format("traces-%06d.jsonl.gz", sequence));
  }

  private static byte[] decompressed(Path gz) throws IOException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
      return in.readAllBytes();
    }
  }

  private static TreeSet<Integer> steps(byte[] lines) {
    TreeSet<Integer> steps = new TreeSet<>();
    Matcher m = STEP.matcher(new String(lines, StandardCharsets.UTF_8));
    while (m.find()) {
      steps.add(Integer.parseInt(m.group(1)));
    }
    return steps;
  }

  @Test
  void whatIsReadableIsShownAndEveryPartNotReadInFullIsNamedWithTheReason() throws Exception {
    Path traces = writeRun(512 << 10);
    Map<Integer, TreeSet<Integer>> stepsOfPart = new HashMap<>();
    for (int k = 1; k <= 6; k++) {
      stepsOfPart.put(k, steps(decompressed(part(traces, k))));
    }
    // 2: cut short; 3: damaged in the middle; 4: a codec without a reader; 5: cut short, but its
    // plain copy is still there (the writer had not deleted it yet).
    byte[] two = Files.readAllBytes(part(traces, 2));
    Files.write(part(traces, 2), Arrays.copyOf(two, two.length * 6 / 10));
    byte[] three = Files.readAllBytes(part(traces, 3));
    for (int k = three.length / 2; k < three.length / 2 + 40; k++) {
      three[k] = (byte) ~three[k];
    }
    Files.write(part(traces, 3), three);
    Files.move(part(traces, 4), traces.resolve("traces-000004.jsonl.zst"));
    Files.write(traces.resolve("traces-000005.jsonl"), decompressed(part(traces, 5)));
    byte[] five = Files.readAllBytes(part(traces, 5));
    Files.write(part(traces, 5), Arrays.copyOf(five, five.length / 3));

    try (ViewerHarness v = new ViewerHarness(ViewerOptions.builder(traces).port(0).build())) {
      JsonNode status =
          v.awaitStatus(
              s ->
                  s.path("reading").path("partsDone").asInt() > 0
                      && s.path("reading").path("partsDone").asInt()
                          == s.path("reading").path("partsTotal").asInt());
      JsonNode skipped = status.get("reading").get("skipped");
      Map<String, String> problems = new HashMap<>();
      skipped.forEach(s -> problems.put(s.get("part").asText(), s.get("problem").asText()));
      assertThat(problems)
          .containsOnlyKeys(
              "traces-000002.jsonl.gz", "traces-000003.jsonl.gz", "traces-000004.jsonl.zst");
      assertThat(problems.get("traces-000002.jsonl.gz"))
          .contains(
              "is damaged",
              "ends in the middle",
              "bytes of lines before it were read, the rest skipped");
      assertThat(problems.get("traces-000003.jsonl.gz")).contains("is damaged");
      assertThat(problems.get("traces-000004.jsonl.zst")).contains("no reader for .zst parts");

      Map<Integer, Integer> samplesPerStep = new HashMap<>();
      v.get("/api/steps")
          .get("steps")
          .forEach(s -> samplesPerStep.put(s.get("step").asInt(), s.get("samples").asInt()));
      // Steps wholly in parts read in full (part 5 through its plain copy) are complete.
      TreeSet<Integer> whole = new TreeSet<>(stepsOfPart.get(1));
      whole.addAll(stepsOfPart.get(5));
      whole.addAll(stepsOfPart.get(6));
      for (int k : new int[] {2, 3, 4}) {
        whole.removeAll(stepsOfPart.get(k));
      }
      assertThat(whole).isNotEmpty();
      for (int step : whole) {
        assertThat(samplesPerStep.get(step)).as("step %d", step).isEqualTo(SAMPLES_PER_STEP);
      }
      // The first lines of the damaged parts are shown; steps only in the unreadable part are not.
      assertThat(samplesPerStep)
          .containsKey(stepsOfPart.get(2).first())
          .containsKey(stepsOfPart.get(3).first());
      TreeSet<Integer> onlyInFour = new TreeSet<>(stepsOfPart.get(4));
      for (int k : new int[] {3, 5}) {
        onlyInFour.removeAll(stepsOfPart.get(k));
      }
      assertThat(onlyInFour).isNotEmpty();
      assertThat(samplesPerStep.keySet()).doesNotContainAnyElementsOf(onlyInFour);
    }
  }

  @Test
  void aPartDeletedWhileTheViewerRunsKeepsItsSummaryAndSaysItsSpansAreGone() throws Exception {
    Path traces = writeRun(2 << 20);
    TreeSet<Integer> first = steps(decompressed(part(traces, 1)));
    first.removeAll(steps(decompressed(part(traces, 2))));
    assertThat(first).hasSizeGreaterThan(1);
    ViewerOptions options =
        ViewerOptions.builder(traces.resolve("traces.jsonl"))
            .port(0)
            .pollInterval(java.time.Duration.ofMillis(50))
            .maxSpansInMemory(2_000)
            .segmentBytes(64 << 10)
            .build();
    try (ViewerHarness v = new ViewerHarness(options)) {
      v.awaitStatus(
          s ->
              s.path("reading").path("partsDone").asInt() > 0
                  && s.path("reading").path("partsDone").asInt()
                      == s.path("reading").path("partsTotal").asInt());
      int loaded = first.first();
      int notLoaded = first.last();
      assertThat(v.get("/api/stages?step=" + loaded).get("stages")).isNotEmpty();

      Files.delete(part(traces, 1));
      JsonNode status = v.awaitStatus(s -> s.path("reading").path("skipped").size() > 0);
      assertThat(status.get("reading").get("skipped").get(0).get("part").asText())
          .isEqualTo("traces-000001.jsonl.gz");
      assertThat(status.get("reading").get("skipped").get(0).get("problem").asText())
          .contains("deleted while the viewer ran", "summary is kept");
      // The step list and the timeline still cover its steps; its spans, once let go, are gone.
      assertThat(v.get("/api/steps").get("steps").get(0).get("step").asInt()).isEqualTo(0);
      assertThat(v.get("/api/stages?step=" + loaded).get("stages"))
          .as("still held in memory")
          .isNotEmpty();
      assertThat(v.get("/api/stages?step=" + notLoaded).get("stages")).isEmpty();
      JsonNode after = v.get("/api/status").get("reading").get("skipped");
      assertThat(after.toString()).contains("traces-000001.jsonl.gz is gone");
    }
  }
}
