package io.spanweave.runtime.internal.collector;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import java.nio.charset.StandardCharsets;

/**
 * One line of {@code traces.jsonl} as the OpenTelemetry Collector's file exporter writes it: the
 * whole {@code ExportTraceServiceRequest} as compact OTLP/JSON, lowerCamelCase field names, enums
 * as numbers, 64-bit integers as strings, ids as hex, default values left out. That is also what
 * the driver's own spans look like (written by the SDK's OTLP JSON encoder), so a reader sees one
 * format whichever process a span came from; {@code CollectorFileFormatTest} holds the two to each
 * other. The only difference: the SDK writes empty lists ({@code "events":[]}), which protobuf's
 * JSON printing, like the Collector's file exporter, leaves out; OTLP/JSON reads both the same.
 */
final class CollectorFileLine {

  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer().omittingInsignificantWhitespace().printingEnumsAsInts();

  private CollectorFileLine() {
  }

  /** The UTF-8 line for {@code request}, ending in a newline. */
  static byte[] encode(ExportTraceServiceRequest request) {
    String protobufJson;
    try {
      protobufJson = PRINTER.print(request);
    } catch (InvalidProtocolBufferException e) {
      // Only Any fields with unknown types fail to print; the trace messages have none.
      throw new IllegalStateException("could not print an ExportTraceServiceRequest as JSON", e);
    }
    byte[] hexIds = OtlpJsonIds.base64ToHex(protobufJson.getBytes(StandardCharsets.UTF_8));
    byte[] line = new byte[hexIds.length + 1];
    System.arraycopy(hexIds, 0, line, 0, hexIds.length);
    line[hexIds.length] = '\n';
    return line;
  }
}
