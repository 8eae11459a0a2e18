package io.spanweave.otlp.internal.receiver;

import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.spanweave.runtime.spi.GrpcReceiverProvider;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.ReceivedTraces;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The local collector's OTLP/gRPC receiver: grpc-java's server (Netty transport, shaded) with the
 * one method of OTLP's trace service, {@code
 * opentelemetry.proto.collector.trace.v1.TraceService/Export}.
 *
 * <p><b>One port.</b> Workers are given one address and switch only their protocol, so gRPC must
 * come in where OTLP/HTTP does. The collector's HTTP/1.1 server recognises a connection by its
 * first bytes (the HTTP/2 preface) and hands it over to {@link #serve}, which relays it to this
 * server, listening on a loopback port of its own that is never advertised; grpc-java has no API to
 * take over a connection accepted elsewhere, and a relay costs a copy of bytes that are mostly
 * compressed.
 *
 * <p><b>The same rules as OTLP/HTTP.</b> The run's token is checked from the call's {@code
 * authorization} metadata before its message is even asked for ({@code UNAUTHENTICATED}); a message
 * over the collector's limit, compressed or decompressed, is refused by grpc-java before it is
 * decoded ({@code RESOURCE_EXHAUSTED}); a request that is not valid is refused with what is wrong
 * ({@code INVALID_ARGUMENT}); one that cannot be written now gets {@code UNAVAILABLE}, which OTLP
 * senders retry. The message reaches the transcoder as its bytes (byte marshallers, no generated
 * stub), which decodes it here, in this module, into the writer the collector opens for it: a
 * request crosses from the collector to this module once, and back once to be written. Nothing of a
 * refused request is written.
 */
final class GrpcTraceReceiver implements GrpcReceiverProvider.GrpcReceiver {

  private static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
  private static final byte[] EMPTY_RESPONSE =
      ExportTraceServiceResponse.getDefaultInstance().toByteArray();
  private static final AtomicInteger THREADS = new AtomicInteger();

  private final Server server;
  private final InetSocketAddress address;
  private final ExecutorService threads;

  private GrpcTraceReceiver(Server server, InetSocketAddress address, ExecutorService threads) {
    this.server = server;
    this.address = address;
    this.threads = threads;
  }

  static GrpcTraceReceiver start(ReceivedTraces traces) throws IOException {
    ExecutorService threads =
        Executors.newCachedThreadPool(
            runnable -> {
              Thread thread =
                  new Thread(runnable, "spanweave-collector-grpc-" + THREADS.incrementAndGet());
              thread.setDaemon(true); // the collector's close stops it; never keep the JVM up
              return thread;
            });
    MethodDescriptor<byte[], byte[]> export =
        OtlpGrpcExport.METHOD.toBuilder().setRequestMarshaller(REQUESTS).build();
    ServerServiceDefinition service =
        ServerServiceDefinition.builder(OtlpGrpcExport.SERVICE)
            .addMethod(export, new ExportHandler(traces))
            .build();
    int limit = (int) Math.min(Integer.MAX_VALUE, traces.maxRequestBytes());
    Server server =
        NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .maxInboundMessageSize(limit)
            .maxConnectionIdle(5, TimeUnit.MINUTES)
            .executor(threads)
            .addService(service)
            .build()
            .start();
    return new GrpcTraceReceiver(
        server, (InetSocketAddress) server.getListenSockets().get(0), threads);
  }

  /**
   * Relays a connection the collector accepted to the server, both ways, until either side ends it.
   */
  @Override
  public void serve(Socket connection, InputStream received) throws IOException {
    try (Socket relay = new Socket(address.getAddress(), address.getPort())) {
      relay.setTcpNoDelay(true);
      connection.setTcpNoDelay(true);
      InputStream fromServer = relay.getInputStream();
      OutputStream toClient = connection.getOutputStream();
      threads.execute(
          () -> {
            copy(fromServer, toClient);
            try {
              connection.shutdownOutput();
            } catch (IOException ignored) {
              // the client is gone already
            }
          });
      copy(received, relay.getOutputStream());
      relay.shutdownOutput();
    }
  }

  private static void copy(InputStream in, OutputStream out) {
    byte[] buffer = new byte[16 * 1024];
    try {
      for (int n; (n = in.read(buffer)) != -1; ) {
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException closed) {
      // one side ended the connection; the other end follows when its socket closes
    }
  }

  @Override
  public void close() {
    server.shutdown();
    try {
      if (!server.awaitTermination(2, TimeUnit.SECONDS)) {
        server.shutdownNow();
      }
    } catch (InterruptedException e) {
      server.shutdownNow();
      Thread.currentThread().interrupt();
    }
    threads.shutdownNow();
  }

  /**
   * Requests as their bytes (the transcoder reads the wire format itself), with a limit hit on the
   * way said so.
   */
  private static final MethodDescriptor.Marshaller<byte[]> REQUESTS =
      new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
          return OtlpGrpcExport.BYTES.stream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
          try {
            return stream.readAllBytes();
          } catch (StatusRuntimeException e) {
            // grpc-java's limit on the decompressed size, hit while it decompresses for us:
            // answered by the handler,
            // since a failure here would reach the sender as UNKNOWN.
            return e.getStatus().getCode() == Status.Code.RESOURCE_EXHAUSTED
                ? TOO_LARGE
                : UNREADABLE;
          } catch (IOException e) {
            return UNREADABLE;
          }
        }
      };

  /**
   * What {@link #REQUESTS} hands on for a message over the limit once decompressed, and for one it
   * could not read.
   */
  private static final byte[] TOO_LARGE = new byte[0];

  private static final byte[] UNREADABLE = new byte[0];

  /** {@code Export}: the token first, then one message, written through the collector. */
  private static final class ExportHandler implements ServerCallHandler<byte[], byte[]> {
    private final ReceivedTraces traces;

    ExportHandler(ReceivedTraces traces) {
      this.traces = traces;
    }

    @Override
    public ServerCall.Listener<byte[]> startCall(
        ServerCall<byte[], byte[]> call, Metadata headers) {
      if (!traces.admits(headers.get(AUTHORIZATION))) {
        traces.refused();
        call.close(
            Status.UNAUTHENTICATED.withDescription(
                "Missing or wrong bearer token. This collector only accepts "
                    + "spans of its own run: start the process with the driver's TraceRuntime.childEnvironment(), whose "
                    + "OTEL_EXPORTER_OTLP_HEADERS carries 'Authorization=Bearer <token>'. Nothing was written."),
            new Metadata());
        return new ServerCall.Listener<>() {};
      }
      call.request(1); // only now is the message read
      return new ServerCall.Listener<>() {
        private byte[] request;

        @Override
        public void onMessage(byte[] message) {
          request = message;
        }

        @Override
        public void onHalfClose() {
          if (request == null) {
            call.close(
                Status.INVALID_ARGUMENT.withDescription("no ExportTraceServiceRequest was sent"),
                new Metadata());
            return;
          }
          if (request == TOO_LARGE || request == UNREADABLE) {
            traces.refused();
            call.close(
                request == TOO_LARGE
                    ? Status.RESOURCE_EXHAUSTED.withDescription(
                        "Request too large once "
                            + "decompressed: the limit is "
                            + traces.maxRequestBytes()
                            + " bytes. Export smaller batches or raise "
                            + "the limit (SPANWEAVE_COLLECTOR_MAX_REQUEST_BYTES). Nothing was written.")
                    : Status.INVALID_ARGUMENT.withDescription(
                        "the request could not be read or decompressed. Nothing " + "was written."),
                new Metadata());
            return;
          }
          Status status;
          try (ReceivedTraces.Request write = traces.open()) {
            ProtobufTraceRequestReader.read(request, 0, request.length, write.writer());
            write.commit();
            call.sendHeaders(new Metadata());
            call.sendMessage(EMPTY_RESPONSE);
            status = Status.OK;
          } catch (InvalidTraceRequestException e) {
            traces.refused();
            status =
                Status.INVALID_ARGUMENT.withDescription(
                    "Malformed OTLP trace request: " + e.getMessage() + ". Nothing was written.");
          } catch (IOException e) {
            status = Status.UNAVAILABLE.withDescription(e.getMessage() + "; retry later.");
          }
          call.close(status, new Metadata());
        }
      };
    }
  }
}
