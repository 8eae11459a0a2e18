package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing finished is lost for good: with {@code keepLocalFile} the run's own file holds what an
 * endpoint that was down never received, and {@link Replay} sends it to a real receiver later,
 * ids unchanged.
 */
class ReplayTest {

  @TempDir Path dir;

  @AfterEach
  void close() {
    Tracing.close();
  }

  private static int closedPort() throws Exception {
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return probe.getLocalPort();
    }
  }

  private static String header(LocalCollector receiver) {
    return "Authorization=" + URLEncoder.encode(receiver.authorizationHeader(), StandardCharsets.UTF_8).replace("+", "%20");
  }

  @Test
  void spansAnEndpointNeverReceivedAreInTheRunsFileAndReplayDeliversThemWithTheirIds() throws Exception {
    TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).export(ExportTarget.otlp("http://127.0.0.1:" + closedPort()))
        .batch(batch -> batch.withTimeout(Duration.ofSeconds(1))).keepLocalFile(true).build());
    List<String> ids = OtlpExportEndToEndTest.recordTwoSpans();
    runtime.close();
    Path runFile = RunLayout.traceFile(runtime.config());

    assertThat(runtime.droppedSpans()).as("the endpoint received nothing").isEqualTo(2);
    OtlpExportEndToEndTest.assertDelivered(TestRuns.readRequests(runFile), true, ids, runtime.runId());

    Path received = dir.resolve("received.jsonl");
    try (JsonLinesFile file = JsonLinesFile.open(received);
        LocalCollector receiver = LocalCollector.start("test-run", file, InetAddress.getLoopbackAddress(), 0, null, 1 << 20)) {
      int first = Replay.run(new String[] {runFile.toString(), receiver.endpoint(), "--header", header(receiver)});
      assertThat(first).isZero();
      OtlpExportEndToEndTest.assertDelivered(TestRuns.readRequests(received), true, ids, runtime.runId());

      int again = Replay.run(new String[] {runFile.toString(), receiver.endpoint() + "/v1/traces", "--header",
          header(receiver)});
      assertThat(again).isZero();
      Function<com.google.protobuf.ByteString, String> hex = OtlpExportEndToEndTest.idText(true);
      assertThat(TestRuns.spans(TestRuns.readRequests(received))).extracting(Span::getSpanId).extracting(hex)
          .as("sent twice, with the same ids both times: a backend that deduplicates by span id keeps two spans")
          .containsExactlyInAnyOrder(ids.get(1), ids.get(2), ids.get(1), ids.get(2));
    }
  }

  @Test
  void aRefusedReplayStopsNamingTheLineAndNeverPrintsTheHeaderValue() throws Exception {
    Tracing.configure(TestRuns.config(dir).build());
    OtlpExportEndToEndTest.recordTwoSpans();
    TraceRuntime runtime = Tracing.current().orElseThrow();
    runtime.close();
    Path runFile = runtime.traceFile();

    PrintStream originalErr = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int refused;
    int badArguments;
    try (JsonLinesFile file = JsonLinesFile.open(dir.resolve("received.jsonl"));
        LocalCollector receiver = LocalCollector.start("test-run", file, InetAddress.getLoopbackAddress(), 0, null, 1 << 20)) {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      refused = Replay.run(new String[] {runFile.toString(), receiver.endpoint(), "--header",
          "Authorization=Bearer%20planted-secret-value"});
      badArguments = Replay.run(new String[] {runFile.toString(), "ftp://nowhere"});
    } finally {
      System.setErr(originalErr);
    }

    assertThat(refused).isEqualTo(1);
    assertThat(badArguments).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("refused line 1", "HTTP 401", "not an http(s) URL")
        .doesNotContain("planted-secret-value");
  }

  @Test
  void aRunWrittenAsPartsIsReplayedWholeAndInOrderFromItsFolder() throws Exception {
    TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).runId("parts")
        .runFiles(files -> files.withPartMaxBytes(16 * 1024)).batch(batch -> batch.withBatchSize(8)).build());
    for (int i = 0; i < 400; i++) {
      io.spanweave.api.Trace.run("replayed-" + i, () -> { });
    }
    runtime.close();
    assertThat(RunParts.list(runtime.traceFile())).hasSizeGreaterThan(3).anyMatch(RunParts.Part::compressed);
    List<Span> written = TestRuns.spans(TestRuns.readRequests(runtime.traceFile()));
    assertThat(written).hasSize(400);

    Path received = dir.resolve("received.jsonl");
    try (JsonLinesFile file = JsonLinesFile.open(received);
        LocalCollector receiver = LocalCollector.start(runtime.runId(), file, InetAddress.getLoopbackAddress(), 0, null, 1 << 20)) {
      assertThat(Replay.run(new String[] {runtime.runDir().toString(), receiver.endpoint(), "--header", header(receiver)}))
          .isZero();
    }
    assertThat(TestRuns.spans(TestRuns.readRequests(received))).extracting(Span::getName)
        .containsExactlyElementsOf(written.stream().map(Span::getName).toList());
  }
}
