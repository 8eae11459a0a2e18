package io.spanweave.runtime.internal.collector;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.util.HexFormat;

/**
 * Refuses a request that holds an id OpenTelemetry calls invalid (W3C Trace Context): a trace id
 * that is not 16 bytes or is all zeros, a span id that is not 8 bytes or is all zeros. Such a span
 * cannot be placed in any trace, and one bad span refuses the whole request, so that a file never
 * holds half a batch. A parent span id may be empty (a root span); links follow the same rules.
 */
final class SpanIdValidation {

  private static final int TRACE_ID_BYTES = 16;
  private static final int SPAN_ID_BYTES = 8;

  private SpanIdValidation() {
  }

  static void check(ExportTraceServiceRequest request) throws MalformedRequestException {
    for (int r = 0; r < request.getResourceSpansCount(); r++) {
      ResourceSpans resource = request.getResourceSpans(r);
      for (int s = 0; s < resource.getScopeSpansCount(); s++) {
        ScopeSpans scope = resource.getScopeSpans(s);
        for (int i = 0; i < scope.getSpansCount(); i++) {
          Span span = scope.getSpans(i);
          String at = "resourceSpans[" + r + "].scopeSpans[" + s + "].spans[" + i + "].";
          require(span.getTraceId(), TRACE_ID_BYTES, at + "traceId");
          require(span.getSpanId(), SPAN_ID_BYTES, at + "spanId");
          if (!span.getParentSpanId().isEmpty()) {
            require(span.getParentSpanId(), SPAN_ID_BYTES, at + "parentSpanId");
          }
          for (int l = 0; l < span.getLinksCount(); l++) {
            require(span.getLinks(l).getTraceId(), TRACE_ID_BYTES, at + "links[" + l + "].traceId");
            require(span.getLinks(l).getSpanId(), SPAN_ID_BYTES, at + "links[" + l + "].spanId");
          }
        }
      }
    }
  }

  private static void require(ByteString id, int length, String field) throws MalformedRequestException {
    if (id.size() != length || allZero(id)) {
      String shown = id.isEmpty() ? "empty" : "'" + HexFormat.of().formatHex(id.toByteArray()) + "'";
      throw new MalformedRequestException(field + " " + shown + " is not a valid OpenTelemetry id: it must be "
          + length + " bytes (" + 2 * length + " hex digits in JSON), not all zero");
    }
  }

  private static boolean allZero(ByteString id) {
    for (int i = 0; i < id.size(); i++) {
      if (id.byteAt(i) != 0) {
        return false;
      }
    }
    return true;
  }
}
