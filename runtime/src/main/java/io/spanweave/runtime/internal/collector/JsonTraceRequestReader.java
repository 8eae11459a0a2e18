package io.spanweave.runtime.internal.collector;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.spanweave.conventions.TraceFileFields;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.TraceRequestWriter;
import io.spanweave.runtime.spi.TraceRequestWriter.Field;
import io.spanweave.runtime.spi.TraceRequestWriter.Message;
import java.io.IOException;
import java.util.Base64;

/**
 * Reads an OTLP/JSON {@code ExportTraceServiceRequest} with Jackson's streaming parser, the one
 * JSON library the runtime has, into a {@link TraceRequestWriter}: no protobuf, no tree, one pass.
 * It reads what the OTLP/JSON mapping allows: lowerCamelCase field names, ids as hex, 64-bit
 * integers as strings or numbers, enums as numbers or their names, doubles as numbers or {@code
 * "NaN"} and the infinities, bytes as base64, {@code null} as an unset field. Fields it does not
 * know are skipped, as OTLP asks of receivers so that newer senders still get through; a field of
 * the wrong type, or one that comes twice, refuses the request with its name.
 */
public final class JsonTraceRequestReader {

  /**
   * A field that comes twice is refused by the writer, which sees every field it writes; Jackson
   * need not track names.
   */
  private static final JsonFactory JSON = new JsonFactory();

  private final JsonParser parser;
  private final TraceRequestWriter out;

  private JsonTraceRequestReader(JsonParser parser, TraceRequestWriter out) {
    this.parser = parser;
    this.out = out;
  }

  /**
   * Reads the request in {@code length} bytes of {@code body} from {@code offset} into {@code out}.
   */
  public static void read(byte[] body, int offset, int length, TraceRequestWriter out)
      throws InvalidTraceRequestException {
    try (JsonParser parser = JSON.createParser(body, offset, length)) {
      JsonTraceRequestReader reader = new JsonTraceRequestReader(parser, out);
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw new InvalidTraceRequestException(
            "the body is not an OTLP/JSON ExportTraceServiceRequest: it must be a "
                + "JSON object such as {\"resourceSpans\":[...]}");
      }
      reader.request();
      if (parser.nextToken() != null) {
        throw new InvalidTraceRequestException("the body holds more than one JSON value");
      }
    } catch (JsonProcessingException e) {
      throw new InvalidTraceRequestException("the body is not JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new InvalidTraceRequestException(
          "the body could not be read as JSON: " + e.getMessage());
    }
  }

  /**
   * The fields of an object whose start the parser is on, each handed to {@code field} on its
   * value.
   */
  private interface FieldReader {
    void read(String name) throws IOException, InvalidTraceRequestException;
  }

  private void object(String what, FieldReader fields)
      throws IOException, InvalidTraceRequestException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      throw new InvalidTraceRequestException(
          what + " must be a JSON object, not " + describe(parser.currentToken()));
    }
    for (JsonToken token = parser.nextToken();
        token != JsonToken.END_OBJECT;
        token = parser.nextToken()) {
      String name = parser.currentName();
      if (parser.nextToken() == JsonToken.VALUE_NULL) {
        continue; // the JSON mapping's unset field
      }
      fields.read(name);
    }
  }

  /**
   * The elements of an array whose start the parser is on, each an object read into {@code
   * message}.
   */
  private void objects(String what, Message message, FieldReader fields)
      throws IOException, InvalidTraceRequestException {
    if (parser.currentToken() != JsonToken.START_ARRAY) {
      throw new InvalidTraceRequestException(
          what + " must be a JSON array, not " + describe(parser.currentToken()));
    }
    while (parser.nextToken() != JsonToken.END_ARRAY) {
      if (parser.currentToken() == JsonToken.VALUE_NULL) {
        continue;
      }
      out.begin(message);
      object(what + " element", fields);
      out.end(message);
    }
  }

  private void nested(String what, Message message, FieldReader fields)
      throws IOException, InvalidTraceRequestException {
    out.begin(message);
    object(what, fields);
    out.end(message);
  }

  private void skip() throws IOException {
    parser.skipChildren();
  }

  private void request() throws IOException, InvalidTraceRequestException {
    object(
        "the request",
        name -> {
          if (name.equals(TraceFileFields.RESOURCE_SPANS)) {
            objects(name, Message.RESOURCE_SPANS, this::resourceSpans);
          } else {
            skip();
          }
        });
  }

  private void resourceSpans(String name) throws IOException, InvalidTraceRequestException {
    switch (name) {
      case TraceFileFields.RESOURCE -> nested(name, Message.RESOURCE, this::resource);
      case TraceFileFields.SCOPE_SPANS -> objects(name, Message.SCOPE_SPANS, this::scopeSpans);
      case TraceFileFields.SCHEMA_URL -> out.string(Field.SCHEMA_URL, text(name));
      default -> skip();
    }
  }

  private void resource(String name) throws IOException, InvalidTraceRequestException {
    switch (name) {
      case TraceFileFields.ATTRIBUTES -> objects(name, Message.KEY_VALUE, this::keyValue);
      case TraceFileFields.DROPPED_ATTRIBUTES_COUNT ->
          out.integer(Field.DROPPED_ATTRIBUTES_COUNT, integer(name));
      default -> skip();
    }
  }

  private void scopeSpans(String name) throws IOException, InvalidTraceRequestException {
    switch (name) {
      case TraceFileFields.SCOPE -> nested(name, Message.SCOPE, this::scope);
      case TraceFileFields.SPANS -> objects(name, Message.SPAN, this::span);
      case TraceFileFields.SCHEMA_URL -> out.string(Field.SCHEMA_URL, text(name));
      default -> skip();
    }
  }

  private void scope(String name) throws IOException, InvalidTraceRequestException {
    switch (name) {
      case TraceFileFields.NAME -> out.string(Field.NAME, text(name));
      case TraceFileFields.VERSION -> out.string(Field.VERSION, text(name));
      case TraceFileFields.ATTRIBUTES -> objects(name, Message.KEY_VALUE, this::keyValue);
      case TraceFileFields.DROPPED_ATTRIBUTES_COUNT ->
          out.integer(Field.DROPPED_ATTRIBUTES_COUNT, integer(name));
      default -> skip();
    }
  }

  private void span(String name) throws IOException, InvalidTraceRequestException {
    switch (name) {
      case TraceFileFields.TRACE_ID -> out.id(Field.TRACE_ID, text(name));
      case TraceFileFields.SPAN_ID -> out.id(Field.SPAN_ID, text(name));
      case TraceFileFields.PARENT_SPAN_ID -> out.id(Field.PARENT_SPAN_ID, text(name));
      case TraceFileFields.TRACE_STATE -> out.string(Field.TRACE_STATE, text(name));
      case TraceFileFields.NAME -> out.string(Field.NAME, text(name));
      case TraceFileFields.KIND -> out.integer(Field.KIND, enumNumber(name, SPAN_KINDS));
      case TraceFileFields.START_TIME -> out.integer(Field.START_TIME_UNIX_NANO, integer(name));
      case TraceFileFields.END_TIME -> out.integer(Field.END_TIME_UNIX_NANO, integer(name));
      case TraceFileFields.ATTRIBUTES -> objects(name, Message.KEY_VALUE, this::keyValue);
      case TraceFileFields.DROPPED_ATTRIBUTES_COUNT ->
          out.integer(Field.DROPPED_ATTRIBUTES_COUNT, integer(name));
      case TraceFileFields.EVENTS -> objects(name, Message.EVENT, this::event);
      case TraceFileFields.DROPPED_EVENTS_COUNT ->
          out.integer(Field.DROPPED_EVENTS_COUNT, integer(name));
      case TraceFileFields.LINKS -> objects(name, Message.LINK, this::link);
      case TraceFileFields.DROPPED_LINKS_COUNT ->
          out.integer(Field.DROPPED_LINKS_COUNT, integer(name));
      case TraceFileFields.STATUS -> nested(name, Message.STATUS, this::status);
      case TraceFileFields.FLAGS -> out.integer(Field.FLAGS, integer(name));
      default -> skip();
    }
  }

  private void event(String name) throws IOException, InvalidTraceRequestException {
    switch (name) {
      case TraceFileFields.TIME -> out.integer(Field.TIME_UNIX_NANO, integer(name));
      case TraceFileFields.NAME -> out.string(Field.NAME, text(name));
      case TraceFileFields.ATTRIBUTES -> objects(name, Message.KEY_VALUE, this::keyValue);
      case TraceFileFields.DROPPED_ATTRIBUTES_COUNT ->
          out.integer(Field.DROPPED_ATTRIBUTES_COUNT, integer(name));
      default -> skip();
    }
  }

  private void link(String name) throws IOException, InvalidTraceRequestException {
    switch (name) {
      case TraceFileFields.TRACE_ID -> out.id(Field.TRACE_ID, text(name));
      case TraceFileFields.SPAN_ID -> out.id(Field.SPAN_ID, text(name));
      case TraceFileFields.TRACE_STATE -> out.string(Field.TRACE_STATE, text(name));
      case TraceFileFields.ATTRIBUTES -> objects(name, Message.KEY_VALUE, this::keyValue);
      case TraceFileFields.DROPPED_ATTRIBUTES_COUNT ->
          out.integer(Field.DROPPED_ATTRIBUTES_COUNT, integer(name));
      case TraceFileFields.FLAGS -> out.integer(Field.FLAGS, integer(name));
      default -> skip();
    }
  }

  private void status(String name) throws IOException, InvalidTraceRequestException {
    switch (name) {
      case TraceFileFields.MESSAGE -> out.string(Field.MESSAGE, text(name));
      case TraceFileFields.CODE -> out.integer(Field.CODE, enumNumber(name, STATUS_CODES));
      default -> skip();
    }
  }

  private void keyValue(String name) throws IOException, InvalidTraceRequestException {
    switch (name) {
      case TraceFileFields.KEY -> out.string(Field.KEY, text(name));
      case TraceFileFields.VALUE -> nested(name, Message.ANY_VALUE, this::anyValue);
      default -> skip();
    }
  }

  private void anyValue(String name) throws IOException, InvalidTraceRequestException {
    switch (name) {
      case TraceFileFields.STRING_VALUE -> out.string(Field.STRING_VALUE, text(name));
      case TraceFileFields.BOOL_VALUE -> out.bool(Field.BOOL_VALUE, bool(name));
      case TraceFileFields.INT_VALUE -> out.integer(Field.INT_VALUE, integer(name));
      case TraceFileFields.DOUBLE_VALUE -> out.floating(Field.DOUBLE_VALUE, floating(name));
      case TraceFileFields.BYTES_VALUE -> {
        byte[] bytes = base64(name);
        out.bytes(Field.BYTES_VALUE, bytes, 0, bytes.length);
      }
      case TraceFileFields.ARRAY_VALUE ->
          nested(
              name,
              Message.ARRAY_VALUE,
              values -> {
                if (values.equals(TraceFileFields.VALUES)) {
                  objects(values, Message.ANY_VALUE, this::anyValue);
                } else {
                  skip();
                }
              });
      case TraceFileFields.KVLIST_VALUE ->
          nested(
              name,
              Message.KVLIST_VALUE,
              values -> {
                if (values.equals(TraceFileFields.VALUES)) {
                  objects(values, Message.KEY_VALUE, this::keyValue);
                } else {
                  skip();
                }
              });
      default -> skip();
    }
  }

  private String text(String name) throws IOException, InvalidTraceRequestException {
    if (parser.currentToken() != JsonToken.VALUE_STRING) {
      throw new InvalidTraceRequestException(
          name + " must be a string, not " + describe(parser.currentToken()));
    }
    return parser.getText();
  }

  /**
   * An integer of any width, as a number or a decimal string; 64-bit unsigned ones (times) past
   * 2^63 too.
   */
  private long integer(String name) throws IOException, InvalidTraceRequestException {
    JsonToken token = parser.currentToken();
    if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_STRING) {
      throw new InvalidTraceRequestException(name + " must be an integer, not " + describe(token));
    }
    if (token == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() == JsonParser.NumberType.LONG
        || token == JsonToken.VALUE_NUMBER_INT
            && parser.getNumberType() == JsonParser.NumberType.INT) {
      return parser.getLongValue();
    }
    String digits = parser.getText().trim();
    try {
      return digits.startsWith("-") ? Long.parseLong(digits) : Long.parseUnsignedLong(digits);
    } catch (NumberFormatException e) {
      throw new InvalidTraceRequestException(
          name + " '" + abbreviate(digits) + "' is not an integer");
    }
  }

  private static final String[] SPAN_KINDS = {
    "SPAN_KIND_UNSPECIFIED",
    "SPAN_KIND_INTERNAL",
    "SPAN_KIND_SERVER",
    "SPAN_KIND_CLIENT",
    "SPAN_KIND_PRODUCER",
    "SPAN_KIND_CONSUMER"
  };
  private static final String[] STATUS_CODES = {
    "STATUS_CODE_UNSET", "STATUS_CODE_OK", "STATUS_CODE_ERROR"
  };

  /**
   * An enum as its number (what OTLP/JSON writes) or its name (what protobuf's JSON mapping also
   * reads).
   */
  private long enumNumber(String name, String[] names)
      throws IOException, InvalidTraceRequestException {
    if (parser.currentToken() == JsonToken.VALUE_STRING) {
      String text = parser.getText();
      for (int i = 0; i < names.length; i++) {
        if (names[i].equals(text)) {
          return i;
        }
      }
    }
    return integer(name);
  }

  private boolean bool(String name) throws IOException, InvalidTraceRequestException {
    JsonToken token = parser.currentToken();
    if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE) {
      throw new InvalidTraceRequestException(
          name + " must be true or false, not " + describe(token));
    }
    return token == JsonToken.VALUE_TRUE;
  }

  private double floating(String name) throws IOException, InvalidTraceRequestException {
    JsonToken token = parser.currentToken();
    if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
      return parser.getDoubleValue();
    }
    if (token == JsonToken.VALUE_STRING) {
      String text = parser.getText().trim();
      switch (text) {
        case "NaN":
          return Double.NaN;
        case "Infinity":
          return Double.POSITIVE_INFINITY;
        case "-Infinity":
          return Double.NEGATIVE_INFINITY;
        default:
          try {
            return Double.parseDouble(text);
          } catch (NumberFormatException e) {
            throw new InvalidTraceRequestException(
                name + " '" + abbreviate(text) + "' is not a number");
          }
      }
    }
    throw new InvalidTraceRequestException(name + " must be a number, not " + describe(token));
  }

  /** Base64, the standard alphabet or the URL-safe one, as protobuf's JSON mapping reads either. */
  private byte[] base64(String name) throws IOException, InvalidTraceRequestException {
    String text = text(name);
    try {
      return text.indexOf('-') >= 0 || text.indexOf('_') >= 0
          ? Base64.getUrlDecoder().decode(text)
          : Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidTraceRequestException(name + " is not base64");
    }
  }

  private static String describe(JsonToken token) {
    if (token == null) {
      return "the end of the body";
    }
    return switch (token) {
      case START_OBJECT -> "an object";
      case START_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      default -> token.asString() == null ? token.name() : token.asString();
    };
  }

  private static String abbreviate(String value) {
    return value.length() <= 40 ? value : value.substring(0, 40) + "...";
  }
}
