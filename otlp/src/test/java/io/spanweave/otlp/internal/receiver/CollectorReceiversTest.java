package io.spanweave.otlp.internal.receiver;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's collector with spanweave-otlp on the class path, against real senders:
 * OpenTelemetry's OTLP/HTTP protobuf and OTLP/gRPC exporters deliver into the run's file on the
 * collector's one port, with the run id given; a plain grpc-java client sees each refusal's status,
 * and nothing of a refused call is written.
 */
class CollectorReceiversTest {

  private static final int LIMIT = 64 * 1024;

  @TempDir Path dir;
  private Path traces;
  private JsonLinesFile file;
  private LocalCollector collector;

  @BeforeEach
  void start() throws IOException {
    traces = dir.resolve("traces.jsonl");
    file = JsonLinesFile.open(traces);
    collector =
        LocalCollector.start(
            ReceivedLines.RUN_ID, file, InetAddress.getLoopbackAddress(), 0, null, LIMIT);
  }

  @AfterEach
  void stop() throws IOException {
    collector.close();
    file.close();
  }

  private static List<SpanData> spans(String... names) {
    InMemorySpanExporter memory = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(memory)).build();
    for (String name : names) {
      provider.get("test").spanBuilder(name).setAttribute("n", 7L).startSpan().end();
    }
    List<SpanData> spans =
        memory.getFinishedSpanItems(); // before shutdown, which empties the exporter
    provider.shutdown();
    return spans;
  }

  private List<Span> written() throws Exception {
    List<Span> spans = new java.util.ArrayList<>();
    for (String line : Files.readAllLines(traces)) {
      ExportTraceServiceRequest request = ReceivedLines.parse(line);
      for (ResourceSpans resource : request.getResourceSpansList()) {
        assertThat(resource.getResource().getAttributesList())
            .anySatisfy(
                attribute -> {
                  assertThat(attribute.getKey()).isEqualTo("spanweave.run.id");
                  assertThat(attribute.getValue().getStringValue()).isEqualTo(ReceivedLines.RUN_ID);
                });
      }
      spans.addAll(ReceivedLines.spans(request));
    }
    return spans;
  }

  private static void export(SpanExporter exporter, List<SpanData> spans) {
    try {
      assertThat(exporter.export(spans).join(20, TimeUnit.SECONDS).isSuccess())
          .as("export by " + exporter)
          .isTrue();
    } finally {
      exporter.shutdown().join(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void openTelemetrysProtobufAndGrpcExportersDeliverOnTheCollectorsOnePort() throws Exception {
    assertThat(collector.receivesGrpc()).isTrue();
    assertThat(LocalCollector.receives())
        .isEqualTo("OTLP/HTTP JSON, OTLP/HTTP protobuf, OTLP/gRPC");

    export(
        OtlpHttpSpanExporter.builder()
            .setEndpoint(collector.endpoint() + "/v1/traces")
            .setCompression("gzip")
            .addHeader("Authorization", collector.authorizationHeader())
            .build(),
        spans("http-1", "http-2"));
    export(
        OtlpGrpcSpanExporter.builder()
            .setEndpoint(collector.endpoint())
            .setCompression("gzip")
            .addHeader("Authorization", collector.authorizationHeader())
            .build(),
        spans("grpc-1", "grpc-2", "grpc-3"));

    assertThat(written())
        .as(Files.readString(traces))
        .extracting(Span::getName)
        .containsExactly("http-1", "http-2", "grpc-1", "grpc-2", "grpc-3");
    assertThat(collector.receivedSpans()).isEqualTo(5);
    assertThat(collector.stampedResources()).isEqualTo(2);
  }

  private static final MethodDescriptor<byte[], byte[]> EXPORT = OtlpGrpcExport.METHOD;

  /**
   * One Export call over a channel of its own, with {@code authorization} (or none) and gzip when
   * asked.
   */
  private Status call(String authorization, byte[] request, boolean gzip)
      throws InterruptedException {
    ManagedChannel channel =
        NettyChannelBuilder.forAddress("127.0.0.1", collector.port()).usePlaintext().build();
    try {
      Metadata headers = new Metadata();
      if (authorization != null) {
        headers.put(
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), authorization);
      }
      CallOptions options = CallOptions.DEFAULT.withDeadlineAfter(20, TimeUnit.SECONDS);
      io.grpc.Channel withHeaders =
          io.grpc.ClientInterceptors.intercept(
              channel, MetadataUtils.newAttachHeadersInterceptor(headers));
      ClientCalls.blockingUnaryCall(
          withHeaders, EXPORT, gzip ? options.withCompression("gzip") : options, request);
      return Status.OK;
    } catch (StatusRuntimeException e) {
      return e.getStatus();
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  private static byte[] request(byte[] spanId, int attributeBytes) {
    Span.Builder span =
        Span.newBuilder()
            .setTraceId(
                ByteString.copyFrom(HexFormat.of().parseHex("4bf92f3577b34da6a3ce929d0e0e4736")))
            .setSpanId(ByteString.copyFrom(spanId))
            .setName("raw");
    if (attributeBytes > 0) {
      span.addAttributes(
          io.opentelemetry.proto.common.v1.KeyValue.newBuilder()
              .setKey("big")
              .setValue(
                  io.opentelemetry.proto.common.v1.AnyValue.newBuilder()
                      .setStringValue("x".repeat(attributeBytes))));
    }
    return ExportTraceServiceRequest.newBuilder()
        .addResourceSpans(
            ResourceSpans.newBuilder().addScopeSpans(ScopeSpans.newBuilder().addSpans(span)))
        .build()
        .toByteArray();
  }

  @Test
  void grpcRefusalsHaveTheirStatusAndWriteNothing() throws Exception {
    byte[] valid = request(HexFormat.of().parseHex("00f067aa0ba902b7"), 0);

    Status noToken = call(null, valid, false);
    Status wrongToken = call("Bearer guess", valid, false);
    Status zeroSpanId = call(collector.authorizationHeader(), request(new byte[8], 0), false);
    Status tooLarge =
        call(
            collector.authorizationHeader(),
            request(HexFormat.of().parseHex("00f067aa0ba902b7"), LIMIT + 1),
            false);
    Status tooLargeUnzipped =
        call(
            collector.authorizationHeader(),
            request(HexFormat.of().parseHex("00f067aa0ba902b7"), LIMIT * 4),
            true); // small on the wire, over the limit once decompressed

    assertThat(noToken.getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
    assertThat(noToken.getDescription())
        .contains("Missing or wrong bearer token", "Nothing was written");
    assertThat(wrongToken.getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
    assertThat(zeroSpanId.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    assertThat(zeroSpanId.getDescription())
        .contains("spans[0].spanId '0000000000000000' is not a valid OpenTelemetry id");
    assertThat(tooLarge.getCode())
        .as(tooLarge.toString())
        .isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    assertThat(tooLargeUnzipped.getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    assertThat(Files.size(traces)).as("bytes written").isZero();
    assertThat(collector.receivedSpans()).isZero();

    assertThat(call(collector.authorizationHeader(), valid, true)).isEqualTo(Status.OK);
    assertThat(written()).extracting(Span::getName).containsExactly("raw");
  }
}
