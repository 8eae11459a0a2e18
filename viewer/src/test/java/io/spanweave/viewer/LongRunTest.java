package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.viewer.bench.SyntheticRun;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run written in parts (closed parts gzip, the live part plain) opened with room in memory for a
 * tenth of its spans: every answer is the one a viewer holding all spans gives for the same lines
 * in one plain file. Steps, timeline, runs and facets come from summaries; a step, sample or trace
 * outside the newest spans is loaded on demand; a second viewer finds the summaries in the cache.
 */
class LongRunTest {
  private static final int SPANS = 30_000;
  private static final int SAMPLES_PER_STEP = 128;
  private static final int IN_MEMORY = 3_000;

  @TempDir static Path dir;
  static Path run;
  static ViewerHarness reference;
  static ViewerHarness parts;

  @BeforeAll
  static void start() throws Exception {
    run = dir.resolve("run-1");
    SyntheticRun.Summary written =
        new SyntheticRun(
                SPANS,
                SAMPLES_PER_STEP,
                64,
                1 << 20,
                200 << 10,
                256 << 10,
                Deflater.DEFAULT_COMPRESSION,
                5)
            .write(run);
    assertThat(written.closedParts()).isGreaterThan(5);
    Path plain = dir.resolve("all.jsonl");
    concatenate(run.resolve("traces"), plain);
    reference = new ViewerHarness(plain);
    reference.awaitSpans(SPANS);
    parts = new ViewerHarness(options(run.resolve("traces").resolve("traces.jsonl")).build());
    awaitRead(parts);
  }

  static ViewerOptions.Builder options(Path path) {
    return ViewerOptions.builder(path)
        .port(0)
        .pollInterval(java.time.Duration.ofMillis(50))
        .maxSpansInMemory(IN_MEMORY)
        .segmentBytes(128 << 10);
  }

  static JsonNode awaitRead(ViewerHarness v) {
    return v.awaitStatus(
        s ->
            s.path("reading").path("partsDone").asInt()
                    == s.path("reading").path("partsTotal").asInt()
                && s.path("reading").path("partsTotal").asInt() > 0);
  }

  /** The closed parts decompressed in order, then the live part: the run as one plain file. */
  static void concatenate(Path traces, Path target) throws IOException {
    List<Path> closed;
    try (Stream<Path> files = Files.list(traces)) {
      closed =
          files
              .filter(p -> p.getFileName().toString().matches("traces-\\d{6}\\.jsonl\\.gz"))
              .sorted()
              .toList();
    }
    try (OutputStream out = Files.newOutputStream(target)) {
      for (Path part : closed) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(part))) {
          in.transferTo(out);
        }
      }
      Files.copy(traces.resolve("traces.jsonl"), out);
    }
  }

  /**
   * Equal as JSON, but numbers within a relative 1e-9 (sums added in another order) and tied top
   * error types in any order (the index orders ties by the order it first saw the strings).
   */
  static void assertSame(String path, JsonNode actual, JsonNode expected) {
    assertThat(normalized(actual)).as(path).isEqualTo(normalized(expected));
  }

  private static JsonNode normalized(JsonNode node) {
    if (node.isFloatingPointNumber()) {
      double v = node.asDouble();
      return com.fasterxml.jackson.databind.node.DoubleNode.valueOf(
          v == 0 ? 0 : Double.parseDouble(String.format("%.9e", v)));
    }
    if (node.isObject()) {
      com.fasterxml.jackson.databind.node.ObjectNode out = OtlpFixture.JSON.createObjectNode();
      node.fields().forEachRemaining(e -> out.set(e.getKey(), normalized(e.getValue())));
      if (out.has("topErrorTypes")) {
        List<JsonNode> types = new ArrayList<>();
        out.get("topErrorTypes").forEach(types::add);
        types.sort(
            java.util.Comparator.comparing((JsonNode t) -> -t.get("count").asInt())
                .thenComparing(t -> t.get("type").asText()));
        out.set("topErrorTypes", OtlpFixture.JSON.valueToTree(types));
      }
      return out;
    }
    if (node.isArray()) {
      com.fasterxml.jackson.databind.node.ArrayNode out = OtlpFixture.JSON.createArrayNode();
      node.forEach(e -> out.add(normalized(e)));
      return out;
    }
    return node;
  }

  @AfterAll
  static void stop() {
    if (parts != null) {
      parts.close();
    }
    if (reference != null) {
      reference.close();
    }
  }

  @Test
  void statusSaysWhatIsInMemoryAndHowFarTheReadingGot() {
    JsonNode reading = parts.get("/api/status").get("reading");
    assertThat(reading.get("everythingInMemory").asBoolean()).isFalse();
    // Half the budget holds the newest steps; the rest of it stays free when the run is far bigger.
    assertThat(reading.get("spansInMemory").asInt()).isBetween(IN_MEMORY / 2, IN_MEMORY * 3 / 4);
    assertThat(reading.get("spansSummarized").asLong()).isEqualTo(SPANS);
    assertThat(reading.get("storedBytesDone").asLong())
        .isEqualTo(reading.get("storedBytesTotal").asLong());
    assertThat(reading.get("skipped")).isEmpty();
    JsonNode inMemory = reading.get("stepsInMemory");
    int lastStep = (SPANS / 10 - 1) / SAMPLES_PER_STEP;
    assertThat(inMemory.get(1).asInt()).isEqualTo(lastStep);
    assertThat(inMemory.get(0).asInt()).isGreaterThan(0);
  }

  @Test
  void stepsTimelineRunsAndFacetsFromSummariesMatchAllSpansInMemory() {
    for (String path :
        List.of(
            "/api/steps",
            "/api/timeline",
            "/api/timeline?metric=num_tokens",
            "/api/runs",
            "/api/facets",
            "/api/steps?run=*")) {
      assertSame(path, parts.get(path), reference.get(path));
    }
  }

  @Test
  void anyStepLoadsOnDemandWithTheSameStagesAndSamples() {
    int lastStep = (SPANS / 10 - 1) / SAMPLES_PER_STEP;
    for (int step : new int[] {0, 1, 7, lastStep / 2, lastStep - 1, lastStep}) {
      for (String path :
          List.of(
              "/api/stages?step=" + step,
              "/api/samples?step=" + step + "&limit=1000",
              "/api/samples?step=" + step + "&sort=reward&order=desc&limit=7&offset=3",
              "/api/traces?step=" + step + "&limit=500")) {
        assertSame(path, parts.get(path), reference.get(path));
      }
    }
    for (String path : List.of("/api/stages", "/api/samples", "/api/stages?step=latest")) {
      assertSame(path, parts.get(path), reference.get(path));
    }
  }

  @Test
  void samplesTracesAndSpansOfOldStepsOpenWithTheirDetails() {
    JsonNode old = reference.get("/api/samples?step=2&limit=5").get("samples");
    for (JsonNode sample : old) {
      String id = sample.get("id").asText();
      String trace = sample.get("traceId").asText();
      for (String path :
          List.of(
              "/api/sample?id=" + id,
              "/api/waterfall?sample=" + id,
              "/api/trace?id=" + trace,
              "/api/waterfall?trace=" + trace,
              "/api/children?trace=" + trace + "&parent=root")) {
        assertSame(path, parts.get(path), reference.get(path));
      }
      JsonNode root = reference.get("/api/trace?id=" + trace).get("roots").get(0);
      String span = "/api/span?trace=" + trace + "&span=" + root.get("spanId").asText();
      JsonNode mine = parts.get(span);
      JsonNode theirs = reference.get(span);
      assertThat(mine.get("attributes")).isEqualTo(theirs.get("attributes"));
      assertThat(mine.get("events")).isEqualTo(theirs.get("events"));
      assertThat(mine.get("resource")).isEqualTo(theirs.get("resource"));
      assertThat(mine.get("source").get("file").asText()).matches(".*traces-\\d{6}\\.jsonl\\.gz");
    }
    assertThat(parts.call("/api/sample?id=no-such-sample").status()).isEqualTo(404);
    assertThat(parts.call("/api/trace?id=0123456789abcdef0123456789abcdef").status())
        .isEqualTo(404);
  }

  @Test
  void theStageTableOfAllStepsHasExactCountsAndPercentilesWithinOnePercent() {
    assertStageTableClose(
        parts.get("/api/stages?step=all").get("stages"),
        reference.get("/api/stages?step=all").get("stages"));
  }

  /**
   * The stage table from summaries against the one from every span: counts, errors, maxima and
   * error types exact, means within 0.002 ms, percentiles within 1% (the duration sketches').
   */
  static void assertStageTableClose(JsonNode mine, JsonNode theirs) {
    assertThat(mine).hasSameSizeAs(theirs);
    for (int k = 0; k < theirs.size(); k++) {
      JsonNode a = mine.get(k);
      JsonNode b = theirs.get(k);
      assertThat(a.get("stage")).isEqualTo(b.get("stage"));
      for (String exact : List.of("count", "errors", "maxMs", "topErrorTypes")) {
        assertThat(normalized(a).get(exact))
            .as(b.get("stage") + " " + exact)
            .isEqualTo(normalized(b).get(exact));
      }
      assertThat(a.get("meanMs").asDouble()).isCloseTo(b.get("meanMs").asDouble(), within(0.002));
      for (String percentile : List.of("p50Ms", "p95Ms")) {
        assertThat(a.get(percentile).asDouble())
            .as(b.get("stage") + " " + percentile)
            .isCloseTo(
                b.get(percentile).asDouble(), within(b.get(percentile).asDouble() * 0.01 + 0.001));
      }
    }
  }

  @Test
  void aRunThatFitsInMemoryIsAllInMemoryPastHalfTheBudget() throws Exception {
    Path small = dir.resolve("small");
    new SyntheticRun(
            4_000,
            SAMPLES_PER_STEP,
            64,
            128 << 10,
            64 << 10,
            64 << 10,
            Deflater.DEFAULT_COMPRESSION,
            6)
        .write(small);
    try (ViewerHarness v = new ViewerHarness(options(small).maxSpansInMemory(5_000).build())) {
      JsonNode reading = awaitRead(v).get("reading");
      assertThat(reading.get("everythingInMemory").asBoolean()).isTrue();
      assertThat(reading.get("spansInMemory").asInt()).isEqualTo(4_000);
    }
  }

  @Test
  void stepsAppendedWhileFollowingTakeTheRoomLeftInMemory() throws Exception {
    Path live = dir.resolve("live-run");
    new SyntheticRun(
            20_000,
            SAMPLES_PER_STEP,
            64,
            1 << 20,
            200 << 10,
            256 << 10,
            Deflater.DEFAULT_COMPRESSION,
            8)
        .write(live);
    try (ViewerHarness v = new ViewerHarness(options(live).maxSpansInMemory(2_000).build())) {
      JsonNode before = awaitRead(v).get("reading");
      int inMemory = before.get("spansInMemory").asInt();
      assertThat(inMemory).isLessThanOrEqualTo(1_500);
      int lastStep = (20_000 / 10 - 1) / SAMPLES_PER_STEP;
      // The run goes on: a new step, half of its samples so far, appended to the part being
      // written. The first pass kept the newest step (800 spans) in a budget of 2,000, so 1,200 are
      // left: a half step (640 spans) fits, a whole one (1,280) would not.
      io.spanweave.viewer.bench.SyntheticTraceFile more =
          new io.spanweave.viewer.bench.SyntheticTraceFile(
              9, io.spanweave.viewer.bench.SyntheticTraceFile.RUN_ID, SAMPLES_PER_STEP, 64);
      try (java.io.Writer w =
          Files.newBufferedWriter(
              live.resolve("traces").resolve("traces.jsonl"),
              java.nio.file.StandardOpenOption.APPEND)) {
        for (long sample = (lastStep + 1L) * SAMPLES_PER_STEP;
            sample < (lastStep + 1L) * SAMPLES_PER_STEP + SAMPLES_PER_STEP / 2;
            sample++) {
          more.writeSample(w, sample);
        }
        more.endLine(w);
      }
      JsonNode after =
          v.awaitStatus(
                  s ->
                      s.get("reading").get("spansInMemory").asInt()
                          == inMemory + SAMPLES_PER_STEP / 2 * 10)
              .get("reading");
      assertThat(after.get("stepsInMemory").get(1).asInt()).isEqualTo(lastStep + 1);
      assertThat(v.get("/api/samples?step=latest").get("total").asInt())
          .isEqualTo(SAMPLES_PER_STEP / 2);
      assertThat(v.get("/api/steps").get("latest").asInt()).isEqualTo(lastStep + 1);
    }
  }

  @Test
  void aSecondViewerTakesTheSummariesFromTheCache() throws Exception {
    Path cache = run.resolve("traces").resolve(".spanweave-viewer");
    List<Path> files;
    try (Stream<Path> list = Files.list(cache)) {
      files = new ArrayList<>(list.toList());
    }
    assertThat(files).isNotEmpty().allMatch(p -> p.getFileName().toString().endsWith(".summary"));
    try (ViewerHarness again = new ViewerHarness(options(run).build())) {
      awaitRead(again);
      for (String path :
          List.of(
              "/api/steps",
              "/api/timeline",
              "/api/runs",
              "/api/stages?step=3",
              "/api/samples?step=4&limit=1000",
              "/api/stages?step=all")) {
        assertSame(path, again.get(path), parts.get(path));
      }
    }
  }
}
