package io.spanweave.otlp.internal.receiver;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.ReceivedTraces;
import io.spanweave.runtime.spi.TraceReceiverProvider;
import io.spanweave.runtime.spi.TraceRequestWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * spanweave-otlp's receivers for the driver's local collector, found by the runtime through
 * {@code META-INF/services}: OTLP/HTTP protobuf bodies transcoded straight into the run's file
 * ({@link ProtobufTraceRequestReader}), OTLP/gRPC on the collector's own port
 * ({@link GrpcTraceReceiver}), and a run's OTLP/JSON lines encoded as protobuf for {@code Replay}.
 */
public final class OtlpTraceReceiverProvider implements TraceReceiverProvider {

  /** OTLP asks receivers to ignore fields they do not know, so that newer files still replay. */
  private static final JsonFormat.Parser JSON = JsonFormat.parser().ignoringUnknownFields();

  @Override
  public String receives() {
    return "OTLP/HTTP protobuf, OTLP/gRPC";
  }

  @Override
  public GrpcReceiver startGrpc(ReceivedTraces traces) throws IOException {
    return GrpcTraceReceiver.start(traces);
  }

  @Override
  public void decodeProtobuf(byte[] body, int offset, int length, TraceRequestWriter writer)
      throws InvalidTraceRequestException {
    ProtobufTraceRequestReader.read(body, offset, length, writer);
  }

  /** Through protobuf's JSON mapping, once the ids are base64 as that mapping writes {@code bytes}: not a hot path. */
  @Override
  public byte[] encodeProtobuf(byte[] json) throws InvalidTraceRequestException {
    ExportTraceServiceRequest.Builder request = ExportTraceServiceRequest.newBuilder();
    try {
      JSON.merge(new String(OtlpJsonIds.hexToBase64(json), StandardCharsets.UTF_8), request);
    } catch (InvalidProtocolBufferException e) {
      throw new InvalidTraceRequestException("not an OTLP/JSON ExportTraceServiceRequest: " + e.getMessage());
    }
    return request.build().toByteArray();
  }
}
