package io.spanweave.zstd.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdInputStream;
import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runfiles.spi.DamagedPartException;
import io.spanweave.runfiles.spi.PartInput;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runfiles.spi.SeekPoint;
import io.spanweave.runtime.RunFileSettings;
import io.spanweave.runtime.RunParts;
import io.spanweave.runtime.TestRuns;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import io.spanweave.viewer.RunningViewer;
import io.spanweave.viewer.TraceViewer;
import io.spanweave.viewer.ViewerOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run recorded by the real runtime with {@code runFiles.codec zstd}: its closed parts are zstd
 * files, read back in order by the runtime's reader and by the viewer; a part cut short is reported
 * damaged after the lines that decoded.
 */
class ZstdRunPartsTest {
  private static final long PART_BYTES = 64 * 1024;
  private static final int SPANS = 3000;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private TraceRuntime recordRun() {
    return recordRun(PART_BYTES, SPANS);
  }

  private TraceRuntime recordRun(long partBytes, int spans) {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("zstd-run")
                .runFiles(files -> files.withPartMaxBytes(partBytes).withCodec("zstd"))
                .batch(batch -> batch.withBatchSize(8))
                .build());
    for (int i = 0; i < spans; i++) {
      try (TraceScope span =
          Trace.span("span-" + i, Map.of("sample.id", "s-" + i, "step", i / 100))) {
        Trace.setAttribute("padding", "x".repeat(200));
      }
    }
    runtime.close();
    return runtime;
  }

  private static List<String> names(Path traces) throws IOException {
    try (Stream<Path> list = Files.list(traces)) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static List<String> spanNames(int count) {
    return Stream.iterate(0, i -> i + 1).limit(count).map(i -> "span-" + i).toList();
  }

  @Test
  void theCodecOnTheClassPathIsAcceptedByNameAndAnUnknownOneIsRefusedNamingIt() {
    assertThat(ServiceLoader.load(RunPartCodec.class).stream().map(p -> p.get().name()))
        .contains("zstd");
    assertThat(RunFileSettings.DEFAULT.withCodec("ZSTD").codec()).isEqualTo("zstd");
    assertThat(
            TraceConfig.fromEnvironment(Map.of("SPANWEAVE_PART_CODEC", "zstd")).runFiles().codec())
        .isEqualTo("zstd");
    assertThatThrownBy(() -> TraceConfig.fromEnvironment(Map.of("SPANWEAVE_PART_CODEC", "zst")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SPANWEAVE_PART_CODEC")
        .hasMessageContaining("gzip, zstd");
    assertThatThrownBy(() -> RunFileSettings.DEFAULT.withCodec("zstdx"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no part codec named 'zstdx'")
        .hasMessageContaining("zstd");
  }

  @Test
  void closedPartsAreZstdFilesAndEverySpanReadsBackOnceInOrder() throws IOException {
    TraceRuntime runtime = recordRun();
    Path traces = runtime.traceFile().getParent();
    assertThat(names(traces))
        .as("parts are compressed with zstd, the part being written too: closed as the last part")
        .contains("traces-000001.jsonl.zst", "traces-000002.jsonl.zst")
        .doesNotContain("traces.jsonl")
        .noneMatch(name -> name.matches("traces-\\d+\\.jsonl"))
        .noneMatch(name -> name.endsWith(".gz") || name.endsWith(".tmp"));
    List<RunParts.Part> parts = RunParts.list(runtime.traceFile());
    assertThat(parts).hasSizeGreaterThan(5);
    for (RunParts.Part part : parts) {
      assertThat(part.compressed()).isTrue();
      assertThat(part.extension()).isEqualTo("zst");
      // A standard zstd file: zstd-jni's own reader (as zstdcat) decodes it to whole lines.
      try (InputStream in = new ZstdInputStream(Files.newInputStream(part.path()))) {
        byte[] plain = in.readAllBytes();
        assertThat((long) plain.length).isPositive().isLessThanOrEqualTo(PART_BYTES);
        assertThat(plain[plain.length - 1]).isEqualTo((byte) '\n');
      }
    }
    List<Span> spans = TestRuns.spans(TestRuns.readRequests(runtime.traceFile()));
    assertThat(spans).extracting(Span::getName).containsExactlyElementsOf(spanNames(SPANS));
    RunParts.Outcome outcome = RunParts.forEachLine(runtime.traceFile(), (p, n, line) -> {});
    assertThat(outcome.skipped()).isEmpty();
    assertThat(outcome.parts()).isEqualTo(parts.size());
  }

  @Test
  void theViewerReadsEverySpanOfARunWithZstdParts() throws Exception {
    TraceRuntime runtime = recordRun();
    try (RunningViewer viewer =
        TraceViewer.start(
            ViewerOptions.builder(runtime.traceFile())
                .port(0)
                .pollInterval(Duration.ofMillis(50))
                .build())) {
      JsonNode status = awaitStatus(viewer, s -> s.path("spans").asInt() >= SPANS);
      assertThat(status.path("spans").asInt()).isEqualTo(SPANS);
      assertThat(status.path("reading").path("skipped")).isEmpty();
    }
  }

  @Test
  void aPartCutShortIsReportedDamagedAfterTheLinesThatDecoded() throws Exception {
    // zstd decodes whole blocks of up to 128 KiB: parts of 1 MiB hold several, so that a part cut
    // at 60% has blocks that decode before the cut.
    int spans = 10_000;
    TraceRuntime runtime = recordRun(1 << 20, spans);
    Path traces = runtime.traceFile().getParent();
    Path two = traces.resolve("traces-000002.jsonl.zst");
    byte[] plainTwo;
    try (InputStream in = new ZstdInputStream(Files.newInputStream(two))) {
      plainTwo = in.readAllBytes();
    }
    byte[] stored = Files.readAllBytes(two);
    Files.write(two, Arrays.copyOf(stored, stored.length * 6 / 10));

    // The codec, as every reader uses it: the bytes that decoded, then DamagedPartException.
    RunPartCodec codec = new ZstdPartCodec();
    ByteArrayOutputStream decoded = new ByteArrayOutputStream();
    try (FileChannel channel = FileChannel.open(two, StandardOpenOption.READ);
        PartInput input = codec.open(channel, SeekPoint.START)) {
      byte[] buffer = new byte[8192];
      DamagedPartException damage = null;
      try {
        for (int n; (n = input.read(buffer, 0, buffer.length)) > 0; ) {
          decoded.write(buffer, 0, n);
        }
      } catch (DamagedPartException e) {
        damage = e;
      }
      assertThat(damage).as("a part cut short is damaged, not silently shorter").isNotNull();
      assertThat(damage.offset()).isEqualTo(decoded.size()).isPositive();
    }
    assertThat(decoded.toByteArray()).isEqualTo(Arrays.copyOf(plainTwo, decoded.size()));

    // The runtime's reader: every line of part 1 and the whole lines of part 2 that decoded.
    List<String> lines = new ArrayList<>();
    RunParts.Outcome outcome =
        RunParts.forEachLine(runtime.traceFile(), (p, n, line) -> lines.add(line));
    assertThat(outcome.skipped()).singleElement().asString().contains("traces-000002.jsonl.zst");
    long wholeLinesDecoded =
        new String(decoded.toByteArray(), java.nio.charset.StandardCharsets.UTF_8)
            .chars()
            .filter(c -> c == '\n')
            .count();
    assertThat(wholeLinesDecoded).isPositive();
    List<String> partOne;
    try (InputStream in =
        new ZstdInputStream(Files.newInputStream(traces.resolve("traces-000001.jsonl.zst")))) {
      partOne =
          new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList();
    }
    assertThat(lines.subList(0, partOne.size())).isEqualTo(partOne);
    List<String> twoLines =
        new String(plainTwo, java.nio.charset.StandardCharsets.UTF_8).lines().toList();
    assertThat(lines.subList(partOne.size(), partOne.size() + (int) wholeLinesDecoded))
        .isEqualTo(twoLines.subList(0, (int) wholeLinesDecoded));

    // The viewer: the part is named as damaged, the rest of the run is read.
    try (RunningViewer viewer =
        TraceViewer.start(
            ViewerOptions.builder(runtime.traceFile())
                .port(0)
                .pollInterval(Duration.ofMillis(50))
                .build())) {
      JsonNode status =
          awaitStatus(
              viewer,
              s ->
                  s.path("reading").path("partsDone").asInt() > 0
                      && s.path("reading").path("partsDone").asInt()
                          == s.path("reading").path("partsTotal").asInt());
      JsonNode skipped = status.path("reading").path("skipped");
      assertThat(skipped).hasSize(1);
      assertThat(skipped.get(0).path("part").asText()).isEqualTo("traces-000002.jsonl.zst");
      assertThat(skipped.get(0).path("problem").asText()).contains("is damaged");
      assertThat(status.path("spans").asInt()).isGreaterThan(spans / 2).isLessThan(spans);
    }
  }

  private static JsonNode awaitStatus(RunningViewer viewer, Predicate<JsonNode> condition)
      throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    JsonNode status = null;
    while (System.nanoTime() < deadline) {
      viewer.refresh();
      HttpResponse<String> response =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(viewer.url() + "api/status")).build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).isEqualTo(200);
      status = JSON.readTree(response.body());
      if (!status.path("loading").asBoolean(true) && condition.test(status)) {
        return status;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("the viewer's status never satisfied the condition; last: " + status);
  }
}
