package io.spanweave.runtime.internal.collector;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.TraceRequestDecoder;
import io.spanweave.runtime.spi.TraceRequestEncoder;
import io.spanweave.runtime.spi.TraceRequestWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Set;

/**
 * The runtime tests' stand-in for spanweave-otlp's protobuf decoder and encoder (the runtime's
 * tests cannot depend on that module, which depends on the runtime), found through the same {@code
 * META-INF/services} entries: protobuf's own {@code JsonFormat} prints the decoded request, its
 * base64 ids are rewritten as hex, and the runtime's OTLP/JSON reader writes that, which is how the
 * collector wrote protobuf bodies before spanweave-otlp transcoded them. In a JVM without protobuf
 * (LightClassPathTest) it fails to load, as any provider whose dependencies are missing does.
 */
public final class FakeProtobufReceiverProvider
    implements TraceRequestDecoder, TraceRequestEncoder {

  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer().omittingInsignificantWhitespace().printingEnumsAsInts();
  private static final JsonFormat.Parser PARSER = JsonFormat.parser().ignoringUnknownFields();
  private static final Set<String> IDS = Set.of("traceId", "spanId", "parentSpanId");
  private static final JsonFactory JSON = new JsonFactory();

  @Override
  public void decode(byte[] body, int offset, int length, TraceRequestWriter writer)
      throws InvalidTraceRequestException {
    try {
      ExportTraceServiceRequest request =
          ExportTraceServiceRequest.parseFrom(java.nio.ByteBuffer.wrap(body, offset, length));
      byte[] json = rewriteIds(PRINTER.print(request).getBytes(StandardCharsets.UTF_8), true);
      JsonTraceRequestReader.read(json, 0, json.length, writer);
    } catch (InvalidProtocolBufferException e) {
      throw new InvalidTraceRequestException(
          "the body is not a protobuf ExportTraceServiceRequest: " + e.getMessage());
    }
  }

  /** As {@link #encode}, by the name the tests know. */
  public byte[] encodeProtobuf(byte[] json) throws InvalidTraceRequestException {
    return encode(json);
  }

  @Override
  public byte[] encode(byte[] json) throws InvalidTraceRequestException {
    ExportTraceServiceRequest.Builder request = ExportTraceServiceRequest.newBuilder();
    try {
      PARSER.merge(new String(rewriteIds(json, false), StandardCharsets.UTF_8), request);
    } catch (InvalidProtocolBufferException e) {
      throw new InvalidTraceRequestException(
          "not an OTLP/JSON ExportTraceServiceRequest: " + e.getMessage());
    }
    return request.build().toByteArray();
  }

  /**
   * The ids of protobuf's JSON mapping (base64) as OTLP/JSON writes them (hex), or the other way.
   */
  private static byte[] rewriteIds(byte[] json, boolean toHex) throws InvalidTraceRequestException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(json.length);
    try (JsonParser parser = JSON.createParser(json);
        JsonGenerator generator = JSON.createGenerator(out)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (token == JsonToken.VALUE_STRING && IDS.contains(parser.currentName())) {
          generator.writeString(
              toHex
                  ? HexFormat.of().formatHex(Base64.getDecoder().decode(parser.getText()))
                  : Base64.getEncoder().encodeToString(HexFormat.of().parseHex(parser.getText())));
        } else {
          generator.copyCurrentEvent(parser);
        }
      }
    } catch (IOException | IllegalArgumentException e) {
      throw new InvalidTraceRequestException("not OTLP/JSON: " + e.getMessage());
    }
    return out.toByteArray();
  }
}
