package io.spanweave.otlp.internal.receiver;

import io.grpc.MethodDescriptor;
import io.opentelemetry.proto.collector.trace.v1.TraceServiceProto;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * OTLP's one trace method over gRPC, {@code
 * opentelemetry.proto.collector.trace.v1.TraceService/Export}, with its messages as their bytes:
 * the receiver hands them to the transcoder as they are, and a client (the receiver's tests, the
 * ingest benchmark) sends recorded requests.
 */
public final class OtlpGrpcExport {

  /** The service's full name, from {@code opentelemetry-proto}'s own descriptor. */
  public static final String SERVICE =
      TraceServiceProto.getDescriptor().findServiceByName("TraceService").getFullName();

  /** Messages as their bytes. */
  public static final MethodDescriptor.Marshaller<byte[]> BYTES =
      new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
          return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
          try {
            return stream.readAllBytes();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      };

  /** The unary {@code Export} method with byte messages both ways. */
  public static final MethodDescriptor<byte[], byte[]> METHOD =
      MethodDescriptor.<byte[], byte[]>newBuilder()
          .setType(MethodDescriptor.MethodType.UNARY)
          .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, "Export"))
          .setRequestMarshaller(BYTES)
          .setResponseMarshaller(BYTES)
          .build();

  private OtlpGrpcExport() {}
}
