package io.spanweave.runtime;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.TraceServiceGrpc;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A real OTLP/gRPC trace receiver for tests: io.grpc's Netty server on loopback, serving the {@code
 * opentelemetry.proto.collector.trace.v1.TraceService} that opentelemetry-proto generates.
 */
public final class GrpcTraceReceiver implements AutoCloseable {

  private final List<ExportTraceServiceRequest> requests = new CopyOnWriteArrayList<>();
  private final Server server;

  public GrpcTraceReceiver() throws IOException {
    server =
        NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .addService(
                new TraceServiceGrpc.TraceServiceImplBase() {
                  @Override
                  public void export(
                      ExportTraceServiceRequest request,
                      StreamObserver<ExportTraceServiceResponse> response) {
                    requests.add(request);
                    response.onNext(ExportTraceServiceResponse.getDefaultInstance());
                    response.onCompleted();
                  }
                })
            .build()
            .start();
  }

  /** The base URL an OTLP/gRPC exporter is given. */
  public String endpoint() {
    return "http://127.0.0.1:" + server.getPort();
  }

  public List<ExportTraceServiceRequest> requests() {
    return List.copyOf(requests);
  }

  public List<Span> spans() {
    return TestRuns.spans(requests());
  }

  @Override
  public void close() throws InterruptedException {
    server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
  }
}
