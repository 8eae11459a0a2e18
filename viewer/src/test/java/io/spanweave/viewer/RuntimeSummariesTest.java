package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runfiles.internal.facts.PartSummariser;
import io.spanweave.runfiles.internal.parts.PartCodecs;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import io.spanweave.runfiles.internal.summary.RunManifest;
import io.spanweave.runfiles.internal.summary.RunSummaryFile;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime summarises each part it closes, as the viewer's first pass would (the same file, byte
 * for byte), and a viewer opening the run takes those summaries instead of reading the parts, with
 * the same answers as a viewer that summarises the parts itself.
 */
class RuntimeSummariesTest {
  @TempDir Path dir;

  private static final int IN_MEMORY = 1; // full at once: closed parts are summarised, not indexed

  private Path writeRun(String codec, int samples, long partBytes) throws Exception {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("summaries-it")
            .outputDir(dir)
            .runId("run-" + codec)
            .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
            .runFiles(files -> files.withPartMaxBytes(partBytes).withCodec(codec))
            .build();
    try (TraceRuntime runtime = Tracing.configure(config)) {
      for (int k = 0; k < samples; k++) {
        sample("s-" + k, 1 + k / 100, k % 7 == 0);
      }
    }
    return dir.resolve("run-" + codec).resolve("traces");
  }

  private static void sample(String id, long step, boolean failTool) {
    try (TraceScope root =
        Trace.span(
            "agent.run",
            Map.of(
                "rollout.id",
                id,
                "rollout.step",
                step,
                "spanweave.stage",
                "agent",
                "rollout.span_name_path",
                "agent.run"))) {
      Trace.run(
          "worker.generate",
          Map.of("rollout.id", id, "spanweave.stage", "generate"),
          () -> Trace.metric("num_tokens", 40L + step));
      try {
        Trace.run(
            "tool.call",
            Map.of("rollout.id", id, "spanweave.stage", "tool"),
            () -> {
              if (failTool) {
                throw new IllegalStateException("tool server down");
              }
            });
      } catch (IllegalStateException expected) {
        // The traced program handles it; the span records the failure.
      }
      Trace.run(
          "judger.run",
          Map.of(
              "rollout.id",
              id,
              "spanweave.stage",
              "judge",
              "rollout.reward.score",
              (step % 5) / 4.0),
          () -> {});
    }
  }

  /** The parts' summary files in a directory, by name, with their bytes. */
  private static Map<String, byte[]> summaries(Path cache) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    try (Stream<Path> files = Files.list(cache)) {
      for (Path f :
          files
              .filter(p -> p.getFileName().toString().startsWith("part-"))
              .filter(p -> p.getFileName().toString().endsWith(".summary"))
              .toList()) {
        out.put(f.getFileName().toString(), Files.readAllBytes(f));
      }
    }
    return out;
  }

  /** The closed parts of a run, in order. */
  private static List<Path> closedParts(Path traces) throws IOException {
    try (Stream<Path> files = Files.list(traces)) {
      return files
          .filter(p -> p.getFileName().toString().matches("traces-\\d{6}\\.jsonl(\\.gz)?"))
          .sorted()
          .toList();
    }
  }

  private static ViewerOptions.Builder options(Path traces) {
    return ViewerOptions.builder(traces.resolve("traces.jsonl"))
        .port(0)
        .pollInterval(Duration.ofMillis(50))
        .maxSpansInMemory(IN_MEMORY);
  }

  private static void awaitRead(ViewerHarness v) {
    v.awaitStatus(
        s ->
            s.path("reading").path("partsDone").asInt()
                    == s.path("reading").path("partsTotal").asInt()
                && s.path("reading").path("partsTotal").asInt() > 0);
  }

  @Test
  void everyClosedPartHasTheSummaryTheViewerWouldBuildAndTheViewerReadsNoneOfThemAgain()
      throws Exception {
    Path traces = writeRun("gzip", 2_000, 256 << 10);
    List<Path> parts = closedParts(traces);
    assertThat(parts)
        .hasSizeGreaterThan(3)
        .allMatch(p -> p.getFileName().toString().endsWith(".gz"));
    Path written = traces.resolve(PartSummaryFile.DIRECTORY);
    Map<String, byte[]> byRuntime = summaries(written);
    assertThat(byRuntime).hasSize(parts.size());

    JsonNode manifest = OtlpFixture.JSON.readTree(written.resolve(RunManifest.FILE_NAME).toFile());
    // The runtime closed its part being written as the last part: every part is closed.
    assertThat(traces.resolve("traces.jsonl")).doesNotExist();
    assertThat(manifest.get("parts")).hasSize(parts.size());
    for (int i = 0; i < parts.size(); i++) {
      JsonNode entry = manifest.get("parts").get(i);
      assertThat(entry.get("name").asText()).isEqualTo(parts.get(i).getFileName().toString());
      assertThat(entry.get("storedBytes").asLong()).isEqualTo(Files.size(parts.get(i)));
      assertThat(byRuntime).containsKey(entry.get("summary").asText());
    }

    Map<String, Object> before = fileKeys(written);
    Path own = dir.resolve("own-cache");
    try (ViewerHarness builds = new ViewerHarness(options(traces).cacheDir(own).build());
        ViewerHarness takes = new ViewerHarness(options(traces).build())) {
      awaitRead(builds);
      awaitRead(takes);
      // The viewer that summarised the parts itself wrote what the runtime wrote, byte for byte.
      Map<String, byte[]> byViewer = summaries(own);
      assertThat(byViewer.keySet()).isEqualTo(byRuntime.keySet());
      byViewer.forEach((name, bytes) -> assertThat(bytes).as(name).isEqualTo(byRuntime.get(name)));
      // The other took the runtime's: not one summary rewritten (a rewrite is a new file by
      // rename).
      assertThat(fileKeys(written)).isEqualTo(before);
      for (String path :
          List.of(
              "/api/steps",
              "/api/timeline",
              "/api/stages?step=all",
              "/api/stages?step=3",
              "/api/samples?step=2&limit=1000")) {
        LongRunTest.assertSame(path, takes.get(path), builds.get(path));
      }
      assertThat(takes.get("/api/steps").get("latest").asInt()).isEqualTo(20);
    }
  }

  @Test
  void theRunSummaryOpensTheRunWithTheAnswersOfAViewerThatReadEveryPart() throws Exception {
    Path traces = writeRun("gzip", 2_000, 256 << 10);
    List<Path> parts = closedParts(traces);
    Path written = traces.resolve(PartSummaryFile.DIRECTORY);
    RunSummaryFile.Contents runSummary =
        RunSummaryFile.read(
            written.resolve(RunSummaryFile.fileName(PartSummaryFile.DEFAULT_SEGMENT_BYTES)),
            PartSummaryFile.DEFAULT_SEGMENT_BYTES);
    // It covers every closed part, in order, as stored, each with its own summary file.
    assertThat(runSummary.parts())
        .extracting(RunSummaryFile.CoveredPart::name)
        .containsExactlyElementsOf(parts.stream().map(p -> p.getFileName().toString()).toList());
    for (int i = 0; i < parts.size(); i++) {
      assertThat(runSummary.parts().get(i).check())
          .isEqualTo(PartSummaryFile.Check.of(parts.get(i)));
      assertThat(written.resolve(runSummary.parts().get(i).summary())).exists();
    }

    assertOpensAsAViewerThatReadsEveryPart(
        traces,
        parts.size(),
        List.of(
            "/api/steps",
            "/api/timeline",
            "/api/stages?step=all",
            "/api/stages?step=3",
            "/api/samples?step=2&limit=1000",
            "/api/samples?step=20&limit=1000"));

    // A part stored again differently no longer matches: the run opens from the parts' own
    // summaries, one built again, with the same answers.
    storeAgainDifferently(parts.get(1));
    assertOpensAsAViewerThatReadsEveryPart(
        traces, 0, List.of("/api/steps", "/api/timeline", "/api/stages?step=all"));
  }

  /**
   * A viewer opening the run from the summaries beside it (the run summary covering {@code
   * runSummaryParts} parts) answers {@code paths} as one that summarises every part itself (an
   * empty cache of its own) does.
   */
  private void assertOpensAsAViewerThatReadsEveryPart(
      Path traces, int runSummaryParts, List<String> paths) throws IOException {
    try (ViewerHarness reads =
            new ViewerHarness(options(traces).cacheDir(dir.resolve("own-cache")).build());
        ViewerHarness opens = new ViewerHarness(options(traces).build())) {
      awaitRead(reads);
      awaitRead(opens);
      assertThat(opens.get("/api/status").path("reading").path("runSummaryParts").asInt())
          .isEqualTo(runSummaryParts);
      assertThat(reads.get("/api/status").path("reading").path("runSummaryParts").asInt()).isZero();
      for (String path : paths) {
        LongRunTest.assertSame(path, opens.get(path), reads.get(path));
      }
    }
  }

  /**
   * Stores a gzip part again differently (decompressed and compressed anew): the same lines and
   * fingerprint, another stored size and tail, so every summary of it is stale.
   */
  private static void storeAgainDifferently(Path part) throws IOException {
    byte[] lines;
    try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(part))) {
      lines = in.readAllBytes();
    }
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(part))) {
      out.write(lines);
    }
  }

  @Test
  void aRunResumedAndKilledAfterItsRunSummaryOpensWithTheAnswersOfAViewerThatReadEveryPart()
      throws Exception {
    Path traces = writeRun("gzip", 2_000, 256 << 10);
    int closedByFirst = closedParts(traces).size();
    // The run resumed by another process (attempt 2, its own parts), killed with SIGKILL: no new
    // run summary, its last part still being written.
    runWriterThenKillIt(dir, "run-gzip", () -> closedParts(traces).size() >= closedByFirst + 2);
    assertThat(closedParts(traces))
        .as(
            "parts of both attempts; the child's log:%n%s",
            Files.readString(dir.resolve("child.log")))
        .hasSizeGreaterThanOrEqualTo(closedByFirst + 2);
    assertThat(traces.resolve("traces.jsonl")).exists();

    assertOpensAsAViewerThatReadsEveryPart(
        traces,
        closedByFirst,
        List.of(
            "/api/steps",
            "/api/timeline",
            "/api/runs",
            "/api/stages?step=all",
            "/api/stages?step=1",
            "/api/samples?step=20&limit=1000"));
  }

  @Test
  void aSummaryThatNoLongerMatchesItsPartIsBuiltAgain() throws Exception {
    Path traces = writeRun("gzip", 1_000, 256 << 10);
    Path written = traces.resolve(PartSummaryFile.DIRECTORY);
    Map<String, byte[]> byRuntime = summaries(written);
    Path part = closedParts(traces).get(0);
    storeAgainDifferently(part); // the runtime's summary of it is stale
    Map<String, Object> before = fileKeys(written);
    try (ViewerHarness v = new ViewerHarness(options(traces).build())) {
      awaitRead(v);
      Map<String, Object> after = fileKeys(written);
      List<String> rewritten =
          after.keySet().stream().filter(n -> !after.get(n).equals(before.get(n))).toList();
      assertThat(rewritten).hasSize(1);
      PartSummariser.Summary fresh =
          new PartSummariser()
              .summarise(
                  part, PartCodecs.forExtension("gz"), true, PartSummaryFile.DEFAULT_SEGMENT_BYTES);
      assertThat(rewritten.get(0))
          .isEqualTo(
              PartSummaryFile.fileName(fresh.fingerprint(), PartSummaryFile.DEFAULT_SEGMENT_BYTES));
      assertThat(fresh.contents().check()).isEqualTo(PartSummaryFile.Check.of(part));
      assertThat(summaries(written).get(rewritten.get(0)))
          .isNotEqualTo(byRuntime.get(rewritten.get(0)));
    }
  }

  @Test
  void plainPartsInManySegmentsSummariseAsTheViewerSummarisesThem() throws Exception {
    Path traces = writeRun("none", 3_000, 1 << 20);
    List<Path> parts = closedParts(traces);
    assertThat(parts)
        .hasSizeGreaterThan(2)
        .noneMatch(p -> p.getFileName().toString().endsWith(".gz"));
    assertThat(summaries(traces.resolve(PartSummaryFile.DIRECTORY))).hasSize(parts.size());
    long segmentBytes = 16 << 10; // several segments a part (a line of a batch is hundreds of KiB)
    Path own = dir.resolve("own-cache");
    try (ViewerHarness v =
        new ViewerHarness(options(traces).cacheDir(own).segmentBytes(segmentBytes).build())) {
      awaitRead(v);
    }
    Map<String, byte[]> byViewer = summaries(own);
    assertThat(byViewer).hasSize(parts.size());
    PartSummariser summariser = new PartSummariser();
    for (Path part : parts) {
      PartSummariser.Summary s =
          summariser.summarise(part, PlainCodec.INSTANCE, false, segmentBytes);
      if (!part.equals(parts.get(parts.size() - 1))) {
        // Closed at the part size; the last was closed by the runtime's close, at any size.
        assertThat(s.contents().segments()).hasSizeGreaterThan(1);
      }
      Path out =
          PartSummaryFile.write(
              dir.resolve("by-summariser"), s.fingerprint(), segmentBytes, s.contents());
      assertThat(Files.readAllBytes(out))
          .as(part.toString())
          .isEqualTo(byViewer.get(out.getFileName().toString()));
    }
  }

  @Test
  void aKilledRuntimeLeavesOnlyWholeSummariesAndTheViewerMakesTheMissingOnes() throws Exception {
    Path output = dir.resolve("out");
    Path traces = output.resolve("killed").resolve("traces");
    Path written = traces.resolve(PartSummaryFile.DIRECTORY);
    runWriterThenKillIt(
        output, "killed", () -> Files.isDirectory(written) && summaries(written).size() >= 3);
    assertThat(Files.isDirectory(written) ? summaries(written).size() : 0)
        .as(
            "summaries before the kill; the child's log:%n%s",
            Files.readString(dir.resolve("child.log")))
        .isGreaterThanOrEqualTo(3);
    assertThat(written.resolve(RunManifest.FILE_NAME))
        .doesNotExist(); // written last, at close only
    assertThat(written.resolve(RunSummaryFile.fileName(PartSummaryFile.DEFAULT_SEGMENT_BYTES)))
        .doesNotExist(); // written at close only
    // Every summary under its name is whole: it reads to its end, for the fingerprint it is named
    // by.
    for (String name : summaries(written).keySet()) {
      String[] hex =
          name.substring("part-".length(), name.length() - ".summary".length()).split("-");
      PartSummaryFile.Contents c =
          PartSummaryFile.read(
              written.resolve(name),
              Long.parseUnsignedLong(hex[0], 16),
              Long.parseUnsignedLong(hex[1], 16));
      assertThat(c).as(name).isNotNull();
      assertThat(c.segments()).as(name).isNotEmpty();
    }
    List<Path> parts = closedParts(traces);
    Path own = dir.resolve("own-cache");
    try (ViewerHarness builds = new ViewerHarness(options(traces).cacheDir(own).build());
        ViewerHarness takes = new ViewerHarness(options(traces).build())) {
      awaitRead(builds);
      awaitRead(takes);
      // The parts the runtime did not summarise before it was killed are summarised now.
      assertThat(summaries(written).keySet()).isEqualTo(summaries(own).keySet());
      assertThat(summaries(own))
          .hasSize(
              (int)
                  parts.stream()
                      .map(p -> p.getFileName().toString().replace(".gz", ""))
                      .distinct()
                      .count());
      for (String path :
          List.of("/api/steps", "/api/timeline", "/api/stages?step=all", "/api/stages?step=2")) {
        LongRunTest.assertSame(path, takes.get(path), builds.get(path));
      }
    }
  }

  /** What a test waits for while a child writes. */
  private interface Condition {
    boolean holds() throws IOException;
  }

  /**
   * Runs a {@link SummarisingWriterMain} child JVM on the run {@code runId} in {@code output} until
   * {@code done} holds (at most two minutes), then kills it with SIGKILL: no shutdown hook, no
   * close. Its output goes to {@code child.log}.
   */
  private void runWriterThenKillIt(Path output, String runId, Condition done) throws Exception {
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                SummarisingWriterMain.class.getName(),
                output.toString(),
                runId)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("child.log").toFile())
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (System.nanoTime() < deadline && child.isAlive() && !done.holds()) {
        Thread.sleep(5);
      }
    } finally {
      child.destroyForcibly();
      child.waitFor(30, TimeUnit.SECONDS);
    }
  }

  /**
   * Each file's identity (inode where the file system has one, else its time): a rename makes a new
   * one.
   */
  private static Map<String, Object> fileKeys(Path cache) throws IOException {
    Map<String, Object> out = new TreeMap<>();
    try (Stream<Path> files = Files.list(cache)) {
      for (Path f : files.toList()) {
        BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
        out.put(
            f.getFileName().toString(), a.fileKey() != null ? a.fileKey() : a.lastModifiedTime());
      }
    }
    return out;
  }
}
