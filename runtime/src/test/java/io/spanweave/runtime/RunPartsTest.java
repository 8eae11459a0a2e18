package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run written as parts by the runtime: {@code traces.jsonl} closed at a size as {@code
 * traces-NNNNNN.jsonl}, closed parts compressed in the background, every span read back once and in
 * order from all parts.
 */
class RunPartsTest {

  private static final long PART_BYTES = 64 * 1024;

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  /**
   * {@code count} spans named {@code span-0}, {@code span-1}, ... one after the other, each ended
   * before the next.
   */
  private static void record(int count) {
    for (int i = 0; i < count; i++) {
      try (TraceScope span =
          Trace.span("span-" + i, Map.of("sample.id", "s-" + i, "step", i / 100))) {
        Trace.setAttribute("padding", "x".repeat(200));
      }
    }
  }

  private static List<String> files(Path traces) throws IOException {
    try (Stream<Path> list = Files.list(traces)) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void theDefaultsWriteGzipPartsOfTheSizeAndEverySpanReadsBackOnceInOrder() throws IOException {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("parts")
                .runFiles(files -> files.withPartMaxBytes(PART_BYTES))
                .batch(batch -> batch.withBatchSize(64))
                .build());
    record(3000);
    runtime.close();

    Path traces = runtime.traceFile().getParent();
    assertThat(runtime.traceFile()).isEqualTo(traces.resolve("traces.jsonl"));
    List<String> names = files(traces);
    assertThat(names)
        .as("closed parts are compressed, and the run closed its part being written as a part too")
        .contains("traces-000001.jsonl.gz", "traces-000002.jsonl.gz")
        .doesNotContain("traces.jsonl")
        .noneMatch(name -> name.matches("traces-\\d+\\.jsonl"))
        .noneMatch(name -> name.endsWith(".tmp"));
    List<RunParts.Part> parts = RunParts.list(runtime.traceFile());
    assertThat(parts).hasSizeGreaterThan(5).noneMatch(RunParts.Part::beingWritten);
    for (int k = 0; k < parts.size(); k++) {
      RunParts.Part part = parts.get(k);
      assertThat(part.sequence()).isEqualTo(k + 1);
      assertThat(part.compressed()).isTrue();
      try (InputStream in = new GZIPInputStream(Files.newInputStream(part.path()))) {
        byte[] plain = in.readAllBytes();
        assertThat((long) plain.length)
            .as("a part once decompressed is at most the part size")
            .isLessThanOrEqualTo(PART_BYTES);
        assertThat(plain[plain.length - 1]).as("and holds whole lines").isEqualTo((byte) '\n');
      }
    }

    List<Span> spans = TestRuns.spans(TestRuns.readRequests(runtime.traceFile()));
    assertThat(spans)
        .extracting(Span::getName)
        .containsExactlyElementsOf(
            Stream.iterate(0, i -> i + 1).limit(3000).map(i -> "span-" + i).toList());
  }

  @Test
  void theRunFolderAndThePartsFolderNameTheSameRun() throws IOException {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("folders")
                .runFiles(files -> files.withPartMaxBytes(PART_BYTES))
                .build());
    record(800);
    runtime.close();

    List<String> fromFile = lines(runtime.traceFile());
    assertThat(fromFile).isNotEmpty();
    assertThat(lines(runtime.runDir())).isEqualTo(fromFile);
    assertThat(lines(runtime.traceFile().getParent())).isEqualTo(fromFile);
  }

  @Test
  void everyToolThatReadsGzipReadsTheRunAsTheDocsSay() throws Exception {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("zcat")
                .runFiles(files -> files.withPartMaxBytes(PART_BYTES))
                .build());
    record(1500);
    runtime.close();

    // docs/troubleshooting.md: the lines of every part, in the run's traces folder.
    Process zcat =
        new ProcessBuilder("sh", "-c", "zcat -f traces*.jsonl*")
            .directory(runtime.traceFile().getParent().toFile())
            .redirectErrorStream(true)
            .start();
    String text =
        new String(zcat.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(zcat.waitFor()).isZero();
    assertThat(List.of(text.split("\n"))).isEqualTo(lines(runtime.traceFile()));
  }

  private static List<String> lines(Path path) throws IOException {
    List<String> lines = new ArrayList<>();
    RunParts.Outcome outcome = RunParts.forEachLine(path, (part, number, line) -> lines.add(line));
    assertThat(outcome.skipped()).isEmpty();
    assertThat(outcome.lines()).isEqualTo(lines.size());
    return lines;
  }

  @Test
  void codecNoneLeavesClosedPartsPlain() throws IOException {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("plain")
                .runFiles(files -> new RunFileSettings(PART_BYTES, RunFileSettings.NONE))
                .build());
    record(1500);
    runtime.close();

    assertThat(files(runtime.traceFile().getParent()))
        .contains("traces-000001.jsonl", "traces-000002.jsonl")
        .noneMatch(name -> name.endsWith(".gz"));
    assertThat(TestRuns.spans(TestRuns.readRequests(runtime.traceFile()))).hasSize(1500);
  }

  @Test
  void partsLeftPlainAreCompressedLaterWithTheSameLines() throws IOException {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("later")
                .runFiles(files -> new RunFileSettings(PART_BYTES, RunFileSettings.NONE))
                .build());
    record(3000); // parts are rotated at a batch boundary: enough spans for several closed parts;
    runtime.close();
    List<String> before = lines(runtime.runDir());
    long plain =
        files(runtime.traceFile().getParent()).stream()
            .filter(name -> name.matches("traces-\\d+\\.jsonl"))
            .count();
    assertThat(plain).isGreaterThan(2);

    java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
    java.io.PrintStream out = System.out;
    System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      RunParts.main(
          new String[] {
            "compress", runtime.runDir().toString()
          }); // the command docs/configuration.md gives
    } finally {
      System.setOut(out);
    }
    assertThat(printed.toString(java.nio.charset.StandardCharsets.UTF_8))
        .contains(
            "compressed " + plain + " parts of " + runtime.traceFile().getParent(),
            "traces-000001.jsonl.gz\t");
    assertThat(files(runtime.traceFile().getParent()))
        .noneMatch(name -> name.matches("traces-\\d+\\.jsonl"))
        .filteredOn(name -> name.endsWith(".gz"))
        .hasSize((int) plain);
    assertThat(lines(runtime.runDir())).isEqualTo(before);
    assertThat(RunParts.compressClosedParts(runtime.runDir(), "gzip"))
        .as("nothing left to do")
        .isZero();
  }

  @Test
  void sizeZeroKeepsOneFileAsBeforeParts() throws IOException {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("one-file")
                .runFiles(files -> files.withPartMaxBytes(0))
                .build());
    record(1500);
    runtime.close();

    assertThat(files(runtime.traceFile().getParent()))
        .filteredOn(name -> name.startsWith("traces"))
        .containsExactly("traces.jsonl");
    assertThat(Files.size(runtime.traceFile())).isGreaterThan(PART_BYTES * 4);
  }

  @Test
  void aCodecModuleOnTheClassPathIsFoundByNameAndItsPartsRead() throws IOException {
    // TestGzip9Codec is registered in the test class path's META-INF/services, as a codec module
    // would be.
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("spi")
                .runFiles(files -> files.withPartMaxBytes(PART_BYTES).withCodec("test-gzip9"))
                .build());
    record(1500);
    runtime.close();

    assertThat(files(runtime.traceFile().getParent()))
        .contains("traces-000001.jsonl.gz9")
        .noneMatch(name -> name.endsWith(".gz"));
    assertThat(TestRuns.spans(TestRuns.readRequests(runtime.traceFile()))).hasSize(1500);
  }

  @Test
  void settingsComeFromTheEnvironmentAndWrongOnesNameTheVariable() {
    TraceConfig config =
        TraceConfig.fromEnvironment(
            Map.of("SPANWEAVE_PART_MAX_BYTES", "1048576", "SPANWEAVE_PART_CODEC", "none"));
    assertThat(config.runFiles()).isEqualTo(new RunFileSettings(1 << 20, "none"));
    assertThat(TraceConfig.builder().build().runFiles())
        .isEqualTo(new RunFileSettings(64L << 20, "gzip"));
    assertThat(
            TraceConfig.fromEnvironment(Map.of("SPANWEAVE_PART_CODEC", "GZIP")).runFiles().codec())
        .isEqualTo("gzip");

    assertThatThrownBy(() -> TraceConfig.fromEnvironment(Map.of("SPANWEAVE_PART_MAX_BYTES", "100")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SPANWEAVE_PART_MAX_BYTES is '100'")
        .hasMessageContaining("at least 4096");
    assertThatThrownBy(() -> TraceConfig.fromEnvironment(Map.of("SPANWEAVE_PART_CODEC", "brotli")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SPANWEAVE_PART_CODEC is 'brotli'")
        .hasMessageContaining("gzip");
    assertThatThrownBy(() -> RunFileSettings.DEFAULT.withCodec("lzma"))
        .hasMessageContaining("no part codec named 'lzma'")
        .hasMessageContaining("[gzip, test-gzip9]");
  }
}
