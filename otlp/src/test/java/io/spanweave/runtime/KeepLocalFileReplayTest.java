package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
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
 * OTLP endpoint that was down never received, and {@link Replay} sends it to a real receiver later,
 * ids unchanged.
 */
class KeepLocalFileReplayTest {

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
    return "Authorization="
        + URLEncoder.encode(receiver.authorizationHeader(), StandardCharsets.UTF_8)
            .replace("+", "%20");
  }

  @Test
  void spansAnEndpointNeverReceivedAreInTheRunsFileAndReplayDeliversThemWithTheirIds()
      throws Exception {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .export(ExportTarget.otlp("http://127.0.0.1:" + closedPort()))
                .batch(batch -> batch.withTimeout(Duration.ofSeconds(1)))
                .keepLocalFile(true)
                .build());
    List<String> ids = TestRuns.recordTwoSpans();
    runtime.close();
    Path runFile = RunLayout.traceFile(runtime.config());

    assertThat(runtime.droppedSpans()).as("the endpoint received nothing").isEqualTo(2);
    TestRuns.assertDelivered(TestRuns.readRequests(runFile), true, ids, runtime.runId());

    Path received = dir.resolve("received.jsonl");
    try (JsonLinesFile file = JsonLinesFile.open(received);
        LocalCollector receiver =
            LocalCollector.start(
                "test-run", file, InetAddress.getLoopbackAddress(), 0, null, 1 << 20)) {
      int first =
          Replay.run(
              new String[] {runFile.toString(), receiver.endpoint(), "--header", header(receiver)});
      assertThat(first).isZero();
      TestRuns.assertDelivered(TestRuns.readRequests(received), true, ids, runtime.runId());

      int again =
          Replay.run(
              new String[] {
                runFile.toString(), receiver.endpoint() + "/v1/traces", "--header", header(receiver)
              });
      assertThat(again).isZero();
      Function<com.google.protobuf.ByteString, String> hex = TestRuns.idText(true);
      assertThat(TestRuns.spans(TestRuns.readRequests(received)))
          .extracting(Span::getSpanId)
          .extracting(hex)
          .as(
              "sent twice, with the same ids both times: a backend that deduplicates by span id keeps two spans")
          .containsExactlyInAnyOrder(ids.get(1), ids.get(2), ids.get(1), ids.get(2));
    }
  }
}
