package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Replay} sends a run's file to a real receiver, every part in order, and a refusal stops it
 * naming the line. (That {@code keepLocalFile} keeps what an OTLP endpoint that was down never
 * received, for Replay to send later, is tested with spanweave-otlp: KeepLocalFileReplayTest.)
 */
class ReplayTest {

  @TempDir Path dir;

  @AfterEach
  void close() {
    Tracing.close();
  }

  private static String header(LocalCollector receiver) {
    return "Authorization="
        + URLEncoder.encode(receiver.authorizationHeader(), StandardCharsets.UTF_8)
            .replace("+", "%20");
  }

  @Test
  void aRefusedReplayStopsNamingTheLineAndNeverPrintsTheHeaderValue() throws Exception {
    Tracing.configure(TestRuns.config(dir).build());
    TestRuns.recordTwoSpans();
    TraceRuntime runtime = Tracing.current().orElseThrow();
    runtime.close();
    Path runFile = runtime.traceFile();

    PrintStream originalErr = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int refused;
    int badArguments;
    try (JsonLinesFile file = JsonLinesFile.open(dir.resolve("received.jsonl"));
        LocalCollector receiver =
            LocalCollector.start(
                "test-run", file, InetAddress.getLoopbackAddress(), 0, null, 1 << 20)) {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      refused =
          Replay.run(
              new String[] {
                runFile.toString(),
                receiver.endpoint(),
                "--header",
                "Authorization=Bearer%20planted-secret-value"
              });
      badArguments = Replay.run(new String[] {runFile.toString(), "ftp://nowhere"});
    } finally {
      System.setErr(originalErr);
    }

    assertThat(refused).isEqualTo(1);
    assertThat(badArguments).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("refused line 1", "HTTP 401", "not an http(s) URL")
        .doesNotContain("planted-secret-value");
  }

  @Test
  void aRunWrittenAsPartsIsReplayedWholeAndInOrderFromItsFolder() throws Exception {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("parts")
                .runFiles(files -> files.withPartMaxBytes(16 * 1024))
                .batch(batch -> batch.withBatchSize(8))
                .build());
    for (int i = 0; i < 400; i++) {
      io.spanweave.api.Trace.run("replayed-" + i, () -> {});
    }
    runtime.close();
    assertThat(RunParts.list(runtime.traceFile()))
        .hasSizeGreaterThan(3)
        .anyMatch(RunParts.Part::compressed);
    List<Span> written = TestRuns.spans(TestRuns.readRequests(runtime.traceFile()));
    assertThat(written).hasSize(400);

    Path received = dir.resolve("received.jsonl");
    try (JsonLinesFile file = JsonLinesFile.open(received);
        LocalCollector receiver =
            LocalCollector.start(
                runtime.runId(), file, InetAddress.getLoopbackAddress(), 0, null, 1 << 20)) {
      assertThat(
              Replay.run(
                  new String[] {
                    runtime.runDir().toString(), receiver.endpoint(), "--header", header(receiver)
                  }))
          .isZero();
    }
    assertThat(TestRuns.spans(TestRuns.readRequests(received)))
        .extracting(Span::getName)
        .containsExactlyElementsOf(written.stream().map(Span::getName).toList());
  }
}
