package io.spanweave.otlp.internal.receiver;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.TraceRequestEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Encodes a run's OTLP/JSON lines as protobuf for {@code Replay}, found by the runtime through
 * {@code META-INF/services}.
 */
public final class OtlpJsonToProtobufEncoder implements TraceRequestEncoder {

  /** OTLP asks receivers to ignore fields they do not know, so that newer files still replay. */
  private static final JsonFormat.Parser JSON = JsonFormat.parser().ignoringUnknownFields();

  /**
   * Through protobuf's JSON mapping, once the ids are base64 as that mapping writes {@code bytes}:
   * not a hot path.
   */
  @Override
  public byte[] encode(byte[] json) throws InvalidTraceRequestException {
    ExportTraceServiceRequest.Builder request = ExportTraceServiceRequest.newBuilder();
    try {
      JSON.merge(new String(OtlpJsonIds.hexToBase64(json), StandardCharsets.UTF_8), request);
    } catch (InvalidProtocolBufferException e) {
      throw new InvalidTraceRequestException(
          "not an OTLP/JSON ExportTraceServiceRequest: " + e.getMessage());
    }
    return request.build().toByteArray();
  }
}
