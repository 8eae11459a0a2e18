package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.conventions.SpanAttributes;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.net.InetAddress;
import java.nio.file.Path;
import com.google.protobuf.ByteString;
import java.util.Base64;
import java.util.HexFormat;
import java.util.function.Function;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's OTLP export, end to end, with OpenTelemetry's real exporters against real
 * receivers started here: OTLP/HTTP protobuf into a spanweave collector, OTLP/gRPC into an io.grpc
 * server. (OpenTelemetry Java's OTLP/HTTP exporter sends protobuf only: its builder offers no JSON
 * encoding; the collector's JSON intake is tested in LocalCollectorTest.)
 */
class OtlpExportEndToEndTest {

  @TempDir Path dir;

  @AfterEach
  void close() {
    Tracing.close();
  }

  /** Makes a parent and a child span; returns their hex span ids and the trace id. */
  static List<String> recordTwoSpans() {
    String parent;
    String child;
    String trace;
    try (TraceScope outer = Trace.span("e2e.parent", Map.of("n", 1))) {
      parent = TraceContext.current().spanId();
      trace = TraceContext.current().traceId();
      try (TraceScope inner = Trace.span("e2e.child")) {
        child = TraceContext.current().spanId();
      }
    }
    return List.of(trace, parent, child);
  }

  /**
   * The hex text of an id: {@code TestRuns.readRequests} parses a file's hex ids as protobuf JSON's
   * base64, so the bytes of an id read from a file are its hex text read as base64.
   */
  static Function<ByteString, String> idText(boolean readFromFile) {
    return id -> readFromFile ? Base64.getEncoder().encodeToString(id.toByteArray()) : HexFormat.of().formatHex(id.toByteArray());
  }

  static void assertDelivered(List<ExportTraceServiceRequest> requests, boolean readFromFile, List<String> ids,
      String runId) {
    List<Span> spans = TestRuns.spans(requests);
    Function<ByteString, String> hex = idText(readFromFile);
    assertThat(spans).extracting(Span::getName).containsExactlyInAnyOrder("e2e.parent", "e2e.child");
    assertThat(spans).allSatisfy(span -> assertThat(hex.apply(span.getTraceId())).isEqualTo(ids.get(0)));
    assertThat(spans).extracting(span -> hex.apply(span.getSpanId()))
        .containsExactlyInAnyOrder(ids.get(1), ids.get(2));
    Span child = spans.stream().filter(span -> span.getName().equals("e2e.child")).findFirst().orElseThrow();
    assertThat(hex.apply(child.getParentSpanId())).isEqualTo(ids.get(1));
    assertThat(requests).flatMap(ExportTraceServiceRequest::getResourceSpansList)
        .allSatisfy(resource -> assertThat(TestRuns.resourceAttribute(resource, SpanAttributes.RUN_ID)).contains(runId));
  }

  @Test
  void otlpHttpProtobufReachesARealReceiver() throws Exception {
    Path received = dir.resolve("received.jsonl");
    try (JsonLinesFile file = JsonLinesFile.open(received);
        LocalCollector receiver = LocalCollector.start("test-run", file, InetAddress.getLoopbackAddress(), 0, null, 1 << 20)) {
      TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).export(ExportTarget.otlp(receiver.endpoint()).withHeaders(Map.of("Authorization", receiver.authorizationHeader()))).build());
      List<String> ids = recordTwoSpans();
      runtime.close();

      assertThat(runtime.exportedSpans()).isEqualTo(2);
      assertThat(runtime.droppedSpans()).isZero();
      assertDelivered(TestRuns.readRequests(received), true, ids, runtime.runId());
    }
  }

  @Test
  void otlpGrpcReachesARealReceiver() throws Exception {
    try (GrpcTraceReceiver receiver = new GrpcTraceReceiver()) {
      TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).export(ExportTarget.otlp(receiver.endpoint())
          .withProtocol(OtlpProtocol.GRPC)).build());
      List<String> ids = recordTwoSpans();
      runtime.close();

      assertThat(runtime.exportedSpans()).isEqualTo(2);
      assertThat(runtime.droppedSpans()).isZero();
      assertDelivered(receiver.requests(), false, ids, runtime.runId());
    }
  }
}
