package io.spanweave.otlp.internal.receiver;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.runtime.internal.collector.TraceLineWriter;
import io.spanweave.runtime.internal.export.JsonBuffer;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The two ways a received protobuf request has been written as a line of {@code traces.jsonl}, and
 * a strict reader of lines, for tests that hold them to each other: the collector's old way
 * (protobuf's parser, {@code JsonFormat}'s printer, the ids rewritten as hex) and its new one
 * ({@link ProtobufTraceRequestReader} into the runtime's {@link TraceLineWriter}).
 */
final class ReceivedLines {

  static final String RUN_ID = "run-under-test";

  private ReceivedLines() {}

  /** The new way: transcoded in one pass. */
  static String transcoded(byte[] protobuf) throws InvalidTraceRequestException {
    TraceLineWriter writer = new TraceLineWriter(RUN_ID);
    ProtobufTraceRequestReader.read(protobuf, 0, protobuf.length, writer);
    JsonBuffer line = writer.finish();
    return new String(line.array(), 0, line.size(), StandardCharsets.UTF_8);
  }

  /**
   * What the old way meant for {@code request}: its messages as they were, with the run id the new
   * collector gives resources that have none (the old one gave none), read back strictly.
   */
  static ExportTraceServiceRequest oldMeaning(ExportTraceServiceRequest request) throws Exception {
    String printed =
        JsonFormat.printer().omittingInsignificantWhitespace().printingEnumsAsInts().print(request);
    ExportTraceServiceRequest.Builder parsed = ExportTraceServiceRequest.newBuilder();
    JsonFormat.parser().merge(printed, parsed);
    for (ResourceSpans.Builder resource : parsed.getResourceSpansBuilderList()) {
      boolean named =
          resource.getResource().getAttributesList().stream()
              .anyMatch(attribute -> attribute.getKey().equals("spanweave.run.id"));
      if (!named) {
        resource
            .getResourceBuilder()
            .addAttributes(
                KeyValue.newBuilder()
                    .setKey("spanweave.run.id")
                    .setValue(AnyValue.newBuilder().setStringValue(RUN_ID)));
      }
    }
    return parsed.build();
  }

  /**
   * A line, parsed strictly (an unknown field fails) into the real message, its ids read as hex.
   */
  static ExportTraceServiceRequest parse(String line)
      throws InvalidTraceRequestException, InvalidProtocolBufferException {
    ExportTraceServiceRequest.Builder request = ExportTraceServiceRequest.newBuilder();
    JsonFormat.parser()
        .merge(
            new String(
                OtlpJsonIds.hexToBase64(line.getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8),
            request);
    return request.build();
  }

  static List<Span> spans(ExportTraceServiceRequest request) {
    List<Span> spans = new ArrayList<>();
    for (ResourceSpans resource : request.getResourceSpansList()) {
      for (ScopeSpans scope : resource.getScopeSpansList()) {
        spans.addAll(scope.getSpansList());
      }
    }
    return spans;
  }
}
