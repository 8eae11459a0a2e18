package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's OTLP export, end to end, with OpenTelemetry's real exporters against real receivers
 * started here: OTLP/HTTP protobuf into a spanweave collector, OTLP/gRPC into an io.grpc server.
 * (OpenTelemetry Java's OTLP/HTTP exporter sends protobuf only: its builder offers no JSON
 * encoding; the collector's JSON intake is tested in LocalCollectorTest.)
 */
class OtlpExportEndToEndTest {

  @TempDir Path dir;

  @AfterEach
  void close() {
    Tracing.close();
  }

  @Test
  void otlpHttpProtobufReachesARealReceiver() throws Exception {
    Path received = dir.resolve("received.jsonl");
    try (JsonLinesFile file = JsonLinesFile.open(received);
        LocalCollector receiver =
            LocalCollector.start(
                "test-run", file, InetAddress.getLoopbackAddress(), 0, null, 1 << 20)) {
      TraceRuntime runtime =
          Tracing.configure(
              TestRuns.config(dir)
                  .export(
                      ExportTarget.otlp(receiver.endpoint())
                          .withHeaders(Map.of("Authorization", receiver.authorizationHeader())))
                  .build());
      List<String> ids = TestRuns.recordTwoSpans();
      runtime.close();

      assertThat(runtime.exportedSpans()).isEqualTo(2);
      assertThat(runtime.droppedSpans()).isZero();
      TestRuns.assertDelivered(TestRuns.readRequests(received), true, ids, runtime.runId());
    }
  }

  @Test
  void otlpGrpcReachesARealReceiver() throws Exception {
    try (GrpcTraceReceiver receiver = new GrpcTraceReceiver()) {
      TraceRuntime runtime =
          Tracing.configure(
              TestRuns.config(dir)
                  .export(ExportTarget.otlp(receiver.endpoint()).withProtocol(OtlpProtocol.GRPC))
                  .build());
      List<String> ids = TestRuns.recordTwoSpans();
      runtime.close();

      assertThat(runtime.exportedSpans()).isEqualTo(2);
      assertThat(runtime.droppedSpans()).isZero();
      TestRuns.assertDelivered(receiver.requests(), false, ids, runtime.runId());
    }
  }
}
