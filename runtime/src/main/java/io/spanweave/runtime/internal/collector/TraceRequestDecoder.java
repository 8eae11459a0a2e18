package io.spanweave.runtime.internal.collector;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import java.nio.charset.StandardCharsets;

/**
 * Decodes the body of an OTLP/HTTP trace export, in either encoding the specification defines:
 * binary protobuf ({@code application/x-protobuf}, what the OpenTelemetry exporters send by
 * default) or OTLP/JSON ({@code application/json}).
 */
final class TraceRequestDecoder {

  /** OTLP asks receivers to ignore fields they do not know, so that newer senders still get through. */
  private static final JsonFormat.Parser JSON = JsonFormat.parser().ignoringUnknownFields();

  private TraceRequestDecoder() {
  }

  static ExportTraceServiceRequest fromProtobuf(byte[] body) throws MalformedRequestException {
    try {
      return ExportTraceServiceRequest.parseFrom(body);
    } catch (InvalidProtocolBufferException e) {
      throw new MalformedRequestException("the body is not a protobuf ExportTraceServiceRequest: " + e.getMessage());
    }
  }

  static ExportTraceServiceRequest fromJson(byte[] body) throws MalformedRequestException {
    byte[] protobufJson = OtlpJsonIds.hexToBase64(body);
    ExportTraceServiceRequest.Builder request = ExportTraceServiceRequest.newBuilder();
    try {
      JSON.merge(new String(protobufJson, StandardCharsets.UTF_8), request);
    } catch (InvalidProtocolBufferException e) {
      throw new MalformedRequestException("the body is not an OTLP/JSON ExportTraceServiceRequest: " + e.getMessage());
    }
    return request.build();
  }
}
