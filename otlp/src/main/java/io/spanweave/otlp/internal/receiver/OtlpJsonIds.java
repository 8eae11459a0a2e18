package io.spanweave.otlp.internal.receiver;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Set;

/**
 * Translates the id fields of OTLP JSON into what protobuf's JSON mapping reads, for replaying a
 * file. OTLP/JSON writes {@code traceId}, {@code spanId} and {@code parentSpanId} as hex (what the
 * OpenTelemetry exporters send and the Collector's file exporter writes); protobuf's canonical JSON
 * mapping, which {@code JsonFormat} reads and prints, writes every {@code bytes} field as base64.
 * Everything else in the two encodings agrees, so only these fields are rewritten, in one streaming
 * pass over the text.
 */
final class OtlpJsonIds {

  /** The only {@code bytes} fields of the trace messages: on spans and on span links. */
  private static final Set<String> ID_FIELDS = Set.of("traceId", "spanId", "parentSpanId");

  private static final JsonFactory JSON = new JsonFactory();
  private static final HexFormat HEX = HexFormat.of();

  private OtlpJsonIds() {}

  /**
   * OTLP/JSON as sent by an exporter (hex ids) to what {@code JsonFormat} parses (base64 ids).
   *
   * @throws InvalidTraceRequestException when an id is not hex or the text is not JSON
   */
  static byte[] hexToBase64(byte[] otlpJson) throws InvalidTraceRequestException {
    return rewrite(
        otlpJson,
        (field, hex) -> {
          try {
            return Base64.getEncoder().encodeToString(HEX.parseHex(hex));
          } catch (IllegalArgumentException e) {
            throw new InvalidTraceRequestException(
                field
                    + " '"
                    + abbreviate(hex)
                    + "' is not hex; OTLP/JSON writes ids as "
                    + "lowercase hex, e.g. \"spanId\":\"00f067aa0ba902b7\"");
          }
        });
  }

  /** Converts one id value; may throw {@link InvalidTraceRequestException}. */
  private interface IdConversion {
    String convert(String field, String value) throws InvalidTraceRequestException;
  }

  private static byte[] rewrite(byte[] json, IdConversion conversion)
      throws InvalidTraceRequestException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(json.length + json.length / 4);
    try (JsonParser parser = JSON.createParser(json);
        JsonGenerator generator = JSON.createGenerator(out)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (token == JsonToken.VALUE_STRING
            && parser.getParsingContext().inObject()
            && ID_FIELDS.contains(parser.currentName())) {
          generator.writeString(conversion.convert(parser.currentName(), parser.getText()));
        } else {
          generator.copyCurrentEvent(parser);
        }
      }
    } catch (JsonProcessingException e) {
      throw new InvalidTraceRequestException("the body is not JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new InvalidTraceRequestException(
          "the body could not be read as JSON: " + e.getMessage());
    }
    return out.toByteArray();
  }

  private static String abbreviate(String value) {
    return value.length() <= 40 ? value : value.substring(0, 40) + "...";
  }
}
