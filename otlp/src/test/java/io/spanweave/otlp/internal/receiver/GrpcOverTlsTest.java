package io.spanweave.otlp.internal.receiver;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.runtime.TestCertificates;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.guard.GuardrailReport;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OTLP/gRPC over TLS and mTLS into the collector's gRPC receiver (this module's), on the port that
 * takes OTLP/HTTP: a grpc-java client offers only {@code h2} in ALPN, as gRPC clients do, and its
 * Export call is written; without the client certificate an mTLS collector refuses it.
 */
class GrpcOverTlsTest {

  @TempDir Path dir;
  private JsonLinesFile traces;
  private LocalCollector collector;
  private TestCertificates ca;
  private TestCertificates.Pair server;

  @BeforeEach
  void certificates() throws IOException {
    ca = TestCertificates.newCa(dir.resolve("certs"), "grpc-ca");
    server = ca.server("collector", false);
    traces = JsonLinesFile.open(dir.resolve("traces.jsonl"));
  }

  @AfterEach
  void stop() throws IOException {
    if (collector != null) {
      collector.close();
    }
    traces.close();
  }

  private static byte[] request() {
    Span span =
        Span.newBuilder()
            .setTraceId(
                ByteString.copyFrom(HexFormat.of().parseHex("4bf92f3577b34da6a3ce929d0e0e4736")))
            .setSpanId(ByteString.copyFrom(HexFormat.of().parseHex("00f067aa0ba902b7")))
            .setName("grpc-over-tls")
            .build();
    return ExportTraceServiceRequest.newBuilder()
        .addResourceSpans(
            ResourceSpans.newBuilder().addScopeSpans(ScopeSpans.newBuilder().addSpans(span)))
        .build()
        .toByteArray();
  }

  private void export(TestCertificates.Pair clientCertificate) throws Exception {
    var ssl = GrpcSslContexts.forClient().trustManager(ca.caCertificate.toFile());
    if (clientCertificate != null) {
      ssl.keyManager(clientCertificate.certificate().toFile(), clientCertificate.key().toFile());
    }
    ManagedChannel channel =
        NettyChannelBuilder.forAddress("127.0.0.1", collector.port())
            .sslContext(ssl.build())
            .build();
    try {
      Metadata headers = new Metadata();
      headers.put(
          Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
          collector.authorizationHeader());
      ClientCalls.blockingUnaryCall(
          io.grpc.ClientInterceptors.intercept(
              channel, MetadataUtils.newAttachHeadersInterceptor(headers)),
          OtlpGrpcExport.METHOD,
          CallOptions.DEFAULT.withDeadlineAfter(20, TimeUnit.SECONDS),
          request());
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void aGrpcExportOverTlsIsWritten() throws Exception {
    collector =
        LocalCollector.start(
            "grpc-tls-run",
            traces,
            null,
            InetAddress.getLoopbackAddress(),
            0,
            null,
            1 << 20,
            GuardrailReport.start("grpc-tls-run", null, true),
            server.certificate(),
            server.key(),
            null);
    assertThat(collector.receivesGrpc()).isTrue();

    export(null);

    assertThat(Files.readString(dir.resolve("traces.jsonl")))
        .contains("grpc-over-tls", "grpc-tls-run");
  }

  @Test
  void withMutualTlsOnlyACallWithTheClientCertificateIsWritten() throws Exception {
    collector =
        LocalCollector.start(
            "grpc-tls-run",
            traces,
            null,
            InetAddress.getLoopbackAddress(),
            0,
            null,
            1 << 20,
            GuardrailReport.start("grpc-tls-run", null, true),
            server.certificate(),
            server.key(),
            ca.caCertificate);

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> export(null))
        .isInstanceOf(StatusRuntimeException.class);
    assertThat(Files.readString(dir.resolve("traces.jsonl"))).isEmpty();

    export(ca.client("grpc-worker"));
    assertThat(Files.readString(dir.resolve("traces.jsonl"))).contains("grpc-over-tls");
  }
}
