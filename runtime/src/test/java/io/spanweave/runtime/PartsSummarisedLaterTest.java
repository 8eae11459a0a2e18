package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.runfiles.internal.facts.PartSummariser;
import io.spanweave.runfiles.internal.parts.PartCodecs;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import io.spanweave.runfiles.internal.summary.RunManifest;
import io.spanweave.runfiles.internal.summary.RunSummaryFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parts summarised after the process that closed them: compressed later by {@code RunParts
 * compress} or by the next runtime of the run, closed by an earlier runtime of a resumed run, and
 * the temporary files that processes killed while writing summaries left behind. Real runtimes,
 * real files, and real child JVMs where a process dies ({@link PartsWriterMain}, {@link
 * SummaryWriterMain}).
 */
class PartsSummarisedLaterTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long PART_BYTES = 64 << 10;
  private static final long SEGMENT = PartSummaryFile.DEFAULT_SEGMENT_BYTES;

  @TempDir Path dir;

  private final List<Process> children = new ArrayList<>();

  @AfterEach
  void stop() throws InterruptedException {
    Tracing.close();
    for (Process child : children) {
      child.destroyForcibly(); // also ends a stopped one
      child.waitFor(30, TimeUnit.SECONDS);
    }
  }

  private TraceRuntime runtime(String runId, String codec) {
    return Tracing.configure(
        TestRuns.config(dir)
            .runId(runId)
            .runFiles(files -> new RunFileSettings(PART_BYTES, codec))
            // Ample for close: a loaded test machine measures the behaviour, not its load.
            .batch(batch -> batch.withTimeout(Duration.ofSeconds(120)))
            .build());
  }

  private static List<Path> closedParts(Path traces) throws IOException {
    try (Stream<Path> files = Files.list(traces)) {
      return files
          .filter(p -> p.getFileName().toString().matches("traces-\\d{6}\\.jsonl(\\.gz)?"))
          .sorted()
          .toList();
    }
  }

  /** The summary file a viewer would write for {@code part} as it is now: name and bytes. */
  private Map.Entry<String, byte[]> viewerWouldWrite(Path part) throws IOException {
    boolean compressed = part.getFileName().toString().endsWith(".gz");
    PartSummariser.Summary s =
        new PartSummariser()
            .summarise(
                part,
                compressed ? PartCodecs.forExtension("gz") : PlainCodec.INSTANCE,
                compressed,
                SEGMENT);
    assertThat(s).as("the facts summariser reads %s", part).isNotNull();
    Path file =
        PartSummaryFile.write(dir.resolve("by-summariser"), s.fingerprint(), SEGMENT, s.contents());
    return Map.entry(file.getFileName().toString(), Files.readAllBytes(file));
  }

  /**
   * Every closed part is named in the manifest, in order, with its size and a summary file holding
   * exactly what a viewer would write for the part as it is stored now.
   */
  private void assertEveryPartHasTheSummaryAViewerWouldWrite(Path traces) throws IOException {
    Path summaries = traces.resolve(PartSummaryFile.DIRECTORY);
    List<Path> parts = closedParts(traces);
    JsonNode manifest = JSON.readTree(summaries.resolve(RunManifest.FILE_NAME).toFile());
    // The run closed its part being written as a part too: the manifest lists closed parts only.
    assertThat(traces.resolve("traces.jsonl")).doesNotExist();
    assertThat(manifest.get("parts")).hasSize(parts.size());
    for (int i = 0; i < parts.size(); i++) {
      JsonNode entry = manifest.get("parts").get(i);
      Path part = parts.get(i);
      assertThat(entry.get("name").asText()).isEqualTo(part.getFileName().toString());
      assertThat(entry.get("storedBytes").asLong()).isEqualTo(Files.size(part));
      Map.Entry<String, byte[]> expected = viewerWouldWrite(part);
      assertThat(entry.get("summary").asText()).as(entry.toString()).isEqualTo(expected.getKey());
      assertThat(Files.readAllBytes(summaries.resolve(expected.getKey())))
          .as(part.toString())
          .isEqualTo(expected.getValue());
    }
    // The run summary covers every closed part, in order, as stored now, with its summary file.
    long segmentBytes = PartSummaryFile.DEFAULT_SEGMENT_BYTES;
    RunSummaryFile.Contents run =
        RunSummaryFile.read(summaries.resolve(RunSummaryFile.fileName(segmentBytes)), segmentBytes);
    assertThat(run).as("the run summary").isNotNull();
    assertThat(run.parts()).hasSameSizeAs(parts);
    long spans = 0;
    for (int i = 0; i < parts.size(); i++) {
      RunSummaryFile.CoveredPart covered = run.parts().get(i);
      Path part = parts.get(i);
      assertThat(covered.name()).isEqualTo(part.getFileName().toString());
      assertThat(covered.check()).isEqualTo(PartSummaryFile.Check.of(part));
      assertThat(covered.summary()).isEqualTo(viewerWouldWrite(part).getKey());
      String[] hex = covered.summary().replace("part-", "").replace(".summary", "").split("-");
      for (var segment :
          PartSummaryFile.read(
                  summaries.resolve(covered.summary()),
                  Long.parseUnsignedLong(hex[0], 16),
                  segmentBytes)
              .segments()) {
        spans += segment.spans();
      }
    }
    assertThat(run.steps().stream().mapToLong(s -> s.stats().spans()).sum())
        .as("spans of the run summary's steps")
        .isEqualTo(spans)
        .isPositive();
  }

  private Process startChild(Class<?> main, String... args) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                main.getName()));
    command.addAll(List.of(args));
    Process child =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(Files.createTempFile(dir, "child", ".log").toFile())
            .start();
    children.add(child);
    return child;
  }

  /** The temporary files of process {@code pid} in {@code summaries}. */
  private static List<String> temporariesOf(Path summaries, long pid) throws IOException {
    if (!Files.isDirectory(summaries)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(summaries)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.matches(".*\\.tmp-" + pid + "(-\\d+)?"))
          .toList();
    }
  }

  private static void signal(String signal, Process process) throws Exception {
    assertThat(
            new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                .start()
                .waitFor())
        .isZero();
    if (signal.equals("STOP")) {
      // The signal is delivered after kill returns: what the child holds is known once it stopped.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!stopped(process) && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      assertThat(stopped(process)).as("the child stopped").isTrue();
    }
  }

  /** Whether the process is stopped: state T in {@code /proc/<pid>/stat}. */
  private static boolean stopped(Process process) throws IOException {
    String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
    return stat.substring(stat.lastIndexOf(')') + 2).startsWith("T");
  }

  /**
   * Starts a {@link SummaryWriterMain} writing {@code kind} into {@code summaries} and stops it
   * (SIGSTOP) at a moment it holds a temporary file there; returns that file's name.
   */
  private String stoppedWhileWriting(Process child, Path summaries) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      assertThat(child.isAlive()).as("the writer runs").isTrue();
      if (!temporariesOf(summaries, child.pid()).isEmpty()) {
        signal("STOP", child);
        List<String> held = temporariesOf(summaries, child.pid());
        if (!held.isEmpty()) {
          return held.get(0);
        }
        signal("CONT", child);
      }
    }
    throw new AssertionError("the writer never held a temporary file in " + summaries);
  }

  /** A writer of {@code kind} killed (SIGKILL) while it held a temporary file; returns its name. */
  private String killedWhileWriting(String kind, Path summaries, Path part) throws Exception {
    Process child =
        startChild(SummaryWriterMain.class, summaries.toString(), part.toString(), kind);
    String left = stoppedWhileWriting(child, summaries);
    child.destroyForcibly();
    assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(summaries.resolve(left)).exists();
    return left;
  }

  @Test
  void partsLeftPlainGetTheirSummaryWhenRunPartsCompressesThemAndDeadWritersTemporariesGo()
      throws Exception {
    TraceRuntime first = runtime("later", RunFileSettings.NONE);
    TestRuns.recordPaddedSpans(3_000);
    first.close();
    Path traces = first.traceFile().getParent();
    Path summaries = traces.resolve(PartSummaryFile.DIRECTORY);
    List<Path> plain = closedParts(traces);
    assertThat(plain).hasSizeGreaterThan(2).noneMatch(p -> p.toString().endsWith(".gz"));
    String left = killedWhileWriting("summary", summaries, plain.get(0));

    assertThat(RunParts.compressClosedParts(first.runDir(), "gzip")).isEqualTo(plain.size());

    List<Path> parts = closedParts(traces);
    assertThat(parts).hasSameSizeAs(plain).allMatch(p -> p.toString().endsWith(".gz"));
    // Each compressed part's summary is the one a viewer would write for it now, the manifest
    // names them, and the summary of a part's plain form (same fingerprint, same name) is gone.
    assertEveryPartHasTheSummaryAViewerWouldWrite(traces);
    try (Stream<Path> files = Files.list(summaries)) {
      assertThat(
              files
                  .map(p -> p.getFileName().toString())
                  .filter(n -> n.startsWith("part-") && n.endsWith(".summary")))
          .hasSameSizeAs(parts);
    }
    assertThat(summaries.resolve(left)).as("the killed writer's temporary file").doesNotExist();
  }

  @Test
  void theNextRuntimeCompressesAndSummarisesWhatAKilledOneLeftAndKeepsALiveWritersTemporaryFile()
      throws Exception {
    Path output = dir.resolve("out");
    Path traces = output.resolve("resumed").resolve("traces");
    Path summaries = traces.resolve(PartSummaryFile.DIRECTORY);
    Process writer =
        startChild(PartsWriterMain.class, output.toString(), "resumed", Long.toString(PART_BYTES));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline
        && writer.isAlive()
        && !(Files.isDirectory(traces)
            && closedParts(traces).size() >= 4
            && closedParts(traces).stream().anyMatch(p -> !p.toString().endsWith(".gz")))) {
      Thread.sleep(1);
    }
    writer.destroyForcibly(); // SIGKILL: no shutdown hook, no close, no manifest
    assertThat(writer.waitFor(30, TimeUnit.SECONDS)).isTrue();
    List<Path> left = closedParts(traces);
    assertThat(left).as("closed parts, one of them plain").hasSizeGreaterThanOrEqualTo(4);
    assertThat(left).anyMatch(p -> !p.toString().endsWith(".gz"));

    String dead = killedWhileWriting("manifest", summaries, left.get(0));
    Process live =
        startChild(
            SummaryWriterMain.class, summaries.toString(), left.get(0).toString(), "summary");
    String held = stoppedWhileWriting(live, summaries);

    TraceRuntime next =
        Tracing.configure(
            TestRuns.config(output)
                .runId("resumed")
                .runFiles(files -> files.withPartMaxBytes(PART_BYTES))
                .batch(batch -> batch.withTimeout(Duration.ofSeconds(120)))
                .build());
    TestRuns.recordPaddedSpans(1_000);
    next.close();

    assertThat(closedParts(traces))
        .hasSizeGreaterThan(left.size())
        .allMatch(p -> p.toString().endsWith(".gz"));
    assertEveryPartHasTheSummaryAViewerWouldWrite(traces);
    assertThat(summaries.resolve(dead)).as("a dead writer's temporary file").doesNotExist();
    assertThat(summaries.resolve(held)).as("a live writer's temporary file").exists();
    signal("CONT", live);
  }

  @Test
  void aResumedRunsManifestNamesTheSummariesEarlierRuntimesWroteAndWritesTheMissingOnes()
      throws Exception {
    TraceRuntime first = runtime("twice", RunFileSettings.GZIP);
    TestRuns.recordPaddedSpans(3_000);
    first.close();
    Path traces = first.traceFile().getParent();
    Path summaries = traces.resolve(PartSummaryFile.DIRECTORY);
    List<Path> firstParts = closedParts(traces);
    assertThat(firstParts).hasSizeGreaterThan(2);
    assertEveryPartHasTheSummaryAViewerWouldWrite(traces);
    // One summary lost (deleted by hand, or its writer killed): the next runtime writes it again.
    Map.Entry<String, byte[]> lost = viewerWouldWrite(firstParts.get(1));
    Files.delete(summaries.resolve(lost.getKey()));
    Map<String, Object> kept = fileKeys(summaries);

    TraceRuntime second = runtime("twice", RunFileSettings.GZIP);
    assertThat(second.attempt()).hasValue(2);
    TestRuns.recordPaddedSpans(3_000);
    second.close();

    assertThat(closedParts(traces)).hasSizeGreaterThan(firstParts.size());
    assertEveryPartHasTheSummaryAViewerWouldWrite(traces);
    assertThat(Files.readAllBytes(summaries.resolve(lost.getKey()))).isEqualTo(lost.getValue());
    // The first attempt's summaries that still matched were taken as they were, not rewritten
    // (a rewrite is a new file by rename).
    Map<String, Object> now = fileKeys(summaries);
    kept.keySet().stream()
        .filter(n -> n.startsWith("part-") && n.endsWith(".summary"))
        .forEach(n -> assertThat(now.get(n)).as(n).isEqualTo(kept.get(n)));
  }

  /** Each file's identity (inode where the file system has one): a rename makes a new one. */
  private static Map<String, Object> fileKeys(Path summaries) throws IOException {
    Map<String, Object> out = new TreeMap<>();
    try (Stream<Path> files = Files.list(summaries)) {
      for (Path f : files.toList()) {
        BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
        out.put(
            f.getFileName().toString(), a.fileKey() != null ? a.fileKey() : a.lastModifiedTime());
      }
    }
    return out;
  }
}
