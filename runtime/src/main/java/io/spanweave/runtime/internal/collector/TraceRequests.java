package io.spanweave.runtime.internal.collector;

import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

/**
 * The collector's one use of the OTLP messages: a received body in, the line to append and its
 * span count out; a line of the file in, the protobuf body to replay out. The other classes of this
 * package hold only bytes and counts, so they load and run without protobuf; this class (and the
 * decoder, validation and line encoder it calls) is only touched when
 * {@link OtlpDecoding#available()}.
 */
final class TraceRequests {

  /** A decoded, validated request: its spans, and the {@code traces.jsonl} line (with its newline) that holds them. */
  record Received(long spans, byte[] line) {
  }

  /** A line of {@code traces.jsonl} as an OTLP/HTTP protobuf body. */
  record Replayed(long spans, byte[] protobuf) {
  }

  private TraceRequests() {
  }

  static Received receive(byte[] body, boolean protobuf) throws MalformedRequestException {
    ExportTraceServiceRequest export = protobuf ? TraceRequestDecoder.fromProtobuf(body) : TraceRequestDecoder.fromJson(body);
    SpanIdValidation.check(export);
    long spans = spans(export);
    // An empty export is valid and adds nothing to the file.
    return new Received(spans, spans == 0 ? new byte[0] : CollectorFileLine.encode(export));
  }

  static Replayed replay(byte[] jsonLine) throws MalformedRequestException {
    ExportTraceServiceRequest export = TraceRequestDecoder.fromJson(jsonLine);
    return new Replayed(spans(export), export.toByteArray());
  }

  private static long spans(ExportTraceServiceRequest export) {
    long spans = 0;
    for (int r = 0; r < export.getResourceSpansCount(); r++) {
      for (int s = 0; s < export.getResourceSpans(r).getScopeSpansCount(); s++) {
        spans += export.getResourceSpans(r).getScopeSpans(s).getSpansCount();
      }
    }
    return spans;
  }
}
