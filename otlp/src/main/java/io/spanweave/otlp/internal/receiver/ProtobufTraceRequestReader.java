package io.spanweave.otlp.internal.receiver;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.ArrayValue;
import io.opentelemetry.proto.common.v1.InstrumentationScope;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.common.v1.KeyValueList;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.TraceRequestWriter;
import io.spanweave.runtime.spi.TraceRequestWriter.Field;
import io.spanweave.runtime.spi.TraceRequestWriter.Message;
import java.io.IOException;

/**
 * Transcodes the binary protobuf encoding of an {@code ExportTraceServiceRequest} into a {@link
 * TraceRequestWriter} in one pass over the bytes, with protobuf's {@link CodedInputStream} reading
 * the wire format and the field numbers of {@code opentelemetry-proto}'s generated messages: no
 * message objects are built, strings and ids go from the request's bytes to the line's. Strings are
 * checked to be UTF-8, as protobuf's own parser checks them; fields of a wire type the schema does
 * not give them, and fields it does not know, are skipped as protobuf skips unknown fields.
 *
 * <p>This replaced parsing the request into the generated messages, printing them with {@code
 * JsonFormat} and parsing that text again to write the ids as hex: the collector's ceiling was
 * about 96,000 spans/s on two cores (docs/performance.md).
 */
final class ProtobufTraceRequestReader {

  private static final int LENGTH_DELIMITED = WireFormat.WIRETYPE_LENGTH_DELIMITED;
  private static final int VARINT = WireFormat.WIRETYPE_VARINT;
  private static final int FIXED64 = WireFormat.WIRETYPE_FIXED64;
  private static final int FIXED32 = WireFormat.WIRETYPE_FIXED32;

  private final byte[] body;
  private final int offset;
  private final CodedInputStream in;
  private final TraceRequestWriter out;

  private ProtobufTraceRequestReader(byte[] body, int offset, int length, TraceRequestWriter out) {
    this.body = body;
    this.offset = offset;
    this.in = CodedInputStream.newInstance(body, offset, length);
    this.out = out;
  }

  static void read(byte[] body, int offset, int length, TraceRequestWriter out)
      throws InvalidTraceRequestException {
    ProtobufTraceRequestReader reader = new ProtobufTraceRequestReader(body, offset, length, out);
    try {
      reader.request();
    } catch (InvalidProtocolBufferException e) {
      throw new InvalidTraceRequestException(
          "the body is not a protobuf ExportTraceServiceRequest: " + e.getMessage());
    } catch (IOException e) {
      throw new InvalidTraceRequestException(
          "the body could not be read as protobuf: " + e.getMessage());
    }
  }

  /**
   * Reads the fields of the message that ends at the current limit, each handed to {@code fields}.
   */
  private interface Fields {
    /** Reads the field of {@code number} and {@code wireType}; returns false to have it skipped. */
    boolean read(int number, int wireType) throws IOException, InvalidTraceRequestException;
  }

  private void fields(Fields fields) throws IOException, InvalidTraceRequestException {
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      if (!fields.read(WireFormat.getTagFieldNumber(tag), tag & 7) && !in.skipField(tag)) {
        throw new InvalidTraceRequestException(
            "the body is not a protobuf ExportTraceServiceRequest: it holds an "
                + "end-group tag without its start");
      }
    }
  }

  /** A length-delimited message field: {@code message} begun, its fields read, ended. */
  private void message(Message message, Fields fields)
      throws IOException, InvalidTraceRequestException {
    int length = in.readRawVarint32();
    int limit = in.pushLimit(length);
    out.begin(message);
    fields(fields);
    out.end(message);
    in.popLimit(limit);
  }

  /**
   * Where the next length-delimited value starts in {@link #body}, after it has been skipped; its
   * length first.
   */
  private int skipBytes(int length) throws IOException {
    int start = offset + in.getTotalBytesRead();
    in.skipRawBytes(
        length); // checks the length against what is left before anything reads the bytes
    return start;
  }

  private void string(Field field) throws IOException, InvalidTraceRequestException {
    int length = in.readRawVarint32();
    int start = skipBytes(length);
    if (!ascii(start, length) && !ByteString.copyFrom(body, start, length).isValidUtf8()) {
      throw new InvalidTraceRequestException(
          "a string field ("
              + field.name().toLowerCase(java.util.Locale.ROOT)
              + ") is not valid UTF-8");
    }
    out.string(field, body, start, length);
  }

  private boolean ascii(int start, int length) {
    for (int i = start; i < start + length; i++) {
      if (body[i] < 0) {
        return false;
      }
    }
    return true;
  }

  private void id(Field field) throws IOException, InvalidTraceRequestException {
    int length = in.readRawVarint32();
    int start = skipBytes(length);
    out.id(field, body, start, length);
  }

  private void request() throws IOException, InvalidTraceRequestException {
    fields(
        (number, type) -> {
          if (number == ExportTraceServiceRequest.RESOURCE_SPANS_FIELD_NUMBER
              && type == LENGTH_DELIMITED) {
            message(Message.RESOURCE_SPANS, this::resourceSpans);
            return true;
          }
          return false;
        });
  }

  private boolean resourceSpans(int number, int type)
      throws IOException, InvalidTraceRequestException {
    if (type != LENGTH_DELIMITED) {
      return false;
    }
    switch (number) {
      case ResourceSpans.RESOURCE_FIELD_NUMBER -> message(Message.RESOURCE, this::resource);
      case ResourceSpans.SCOPE_SPANS_FIELD_NUMBER -> message(Message.SCOPE_SPANS, this::scopeSpans);
      case ResourceSpans.SCHEMA_URL_FIELD_NUMBER -> string(Field.SCHEMA_URL);
      default -> {
        return false;
      }
    }
    return true;
  }

  private boolean resource(int number, int type) throws IOException, InvalidTraceRequestException {
    if (number == Resource.ATTRIBUTES_FIELD_NUMBER && type == LENGTH_DELIMITED) {
      message(Message.KEY_VALUE, this::keyValue);
    } else if (number == Resource.DROPPED_ATTRIBUTES_COUNT_FIELD_NUMBER && type == VARINT) {
      out.integer(Field.DROPPED_ATTRIBUTES_COUNT, Integer.toUnsignedLong(in.readUInt32()));
    } else {
      return false;
    }
    return true;
  }

  private boolean scopeSpans(int number, int type)
      throws IOException, InvalidTraceRequestException {
    if (type != LENGTH_DELIMITED) {
      return false;
    }
    switch (number) {
      case ScopeSpans.SCOPE_FIELD_NUMBER -> message(Message.SCOPE, this::scope);
      case ScopeSpans.SPANS_FIELD_NUMBER -> message(Message.SPAN, this::span);
      case ScopeSpans.SCHEMA_URL_FIELD_NUMBER -> string(Field.SCHEMA_URL);
      default -> {
        return false;
      }
    }
    return true;
  }

  private boolean scope(int number, int type) throws IOException, InvalidTraceRequestException {
    if (type == LENGTH_DELIMITED) {
      switch (number) {
        case InstrumentationScope.NAME_FIELD_NUMBER -> string(Field.NAME);
        case InstrumentationScope.VERSION_FIELD_NUMBER -> string(Field.VERSION);
        case InstrumentationScope.ATTRIBUTES_FIELD_NUMBER ->
            message(Message.KEY_VALUE, this::keyValue);
        default -> {
          return false;
        }
      }
      return true;
    }
    if (number == InstrumentationScope.DROPPED_ATTRIBUTES_COUNT_FIELD_NUMBER && type == VARINT) {
      out.integer(Field.DROPPED_ATTRIBUTES_COUNT, Integer.toUnsignedLong(in.readUInt32()));
      return true;
    }
    return false;
  }

  private boolean span(int number, int type) throws IOException, InvalidTraceRequestException {
    if (type == LENGTH_DELIMITED) {
      switch (number) {
        case Span.TRACE_ID_FIELD_NUMBER -> id(Field.TRACE_ID);
        case Span.SPAN_ID_FIELD_NUMBER -> id(Field.SPAN_ID);
        case Span.TRACE_STATE_FIELD_NUMBER -> string(Field.TRACE_STATE);
        case Span.PARENT_SPAN_ID_FIELD_NUMBER -> id(Field.PARENT_SPAN_ID);
        case Span.NAME_FIELD_NUMBER -> string(Field.NAME);
        case Span.ATTRIBUTES_FIELD_NUMBER -> message(Message.KEY_VALUE, this::keyValue);
        case Span.EVENTS_FIELD_NUMBER -> message(Message.EVENT, this::event);
        case Span.LINKS_FIELD_NUMBER -> message(Message.LINK, this::link);
        case Span.STATUS_FIELD_NUMBER -> message(Message.STATUS, this::status);
        default -> {
          return false;
        }
      }
      return true;
    }
    if (type == VARINT) {
      switch (number) {
        case Span.KIND_FIELD_NUMBER -> out.integer(Field.KIND, in.readEnum());
        case Span.DROPPED_ATTRIBUTES_COUNT_FIELD_NUMBER ->
            out.integer(Field.DROPPED_ATTRIBUTES_COUNT, Integer.toUnsignedLong(in.readUInt32()));
        case Span.DROPPED_EVENTS_COUNT_FIELD_NUMBER ->
            out.integer(Field.DROPPED_EVENTS_COUNT, Integer.toUnsignedLong(in.readUInt32()));
        case Span.DROPPED_LINKS_COUNT_FIELD_NUMBER ->
            out.integer(Field.DROPPED_LINKS_COUNT, Integer.toUnsignedLong(in.readUInt32()));
        default -> {
          return false;
        }
      }
      return true;
    }
    if (type == FIXED64 && number == Span.START_TIME_UNIX_NANO_FIELD_NUMBER) {
      out.integer(Field.START_TIME_UNIX_NANO, in.readFixed64());
      return true;
    }
    if (type == FIXED64 && number == Span.END_TIME_UNIX_NANO_FIELD_NUMBER) {
      out.integer(Field.END_TIME_UNIX_NANO, in.readFixed64());
      return true;
    }
    if (type == FIXED32 && number == Span.FLAGS_FIELD_NUMBER) {
      out.integer(Field.FLAGS, Integer.toUnsignedLong(in.readFixed32()));
      return true;
    }
    return false;
  }

  private boolean event(int number, int type) throws IOException, InvalidTraceRequestException {
    if (type == FIXED64 && number == Span.Event.TIME_UNIX_NANO_FIELD_NUMBER) {
      out.integer(Field.TIME_UNIX_NANO, in.readFixed64());
    } else if (type == LENGTH_DELIMITED && number == Span.Event.NAME_FIELD_NUMBER) {
      string(Field.NAME);
    } else if (type == LENGTH_DELIMITED && number == Span.Event.ATTRIBUTES_FIELD_NUMBER) {
      message(Message.KEY_VALUE, this::keyValue);
    } else if (type == VARINT && number == Span.Event.DROPPED_ATTRIBUTES_COUNT_FIELD_NUMBER) {
      out.integer(Field.DROPPED_ATTRIBUTES_COUNT, Integer.toUnsignedLong(in.readUInt32()));
    } else {
      return false;
    }
    return true;
  }

  private boolean link(int number, int type) throws IOException, InvalidTraceRequestException {
    if (type == LENGTH_DELIMITED) {
      switch (number) {
        case Span.Link.TRACE_ID_FIELD_NUMBER -> id(Field.TRACE_ID);
        case Span.Link.SPAN_ID_FIELD_NUMBER -> id(Field.SPAN_ID);
        case Span.Link.TRACE_STATE_FIELD_NUMBER -> string(Field.TRACE_STATE);
        case Span.Link.ATTRIBUTES_FIELD_NUMBER -> message(Message.KEY_VALUE, this::keyValue);
        default -> {
          return false;
        }
      }
      return true;
    }
    if (type == VARINT && number == Span.Link.DROPPED_ATTRIBUTES_COUNT_FIELD_NUMBER) {
      out.integer(Field.DROPPED_ATTRIBUTES_COUNT, Integer.toUnsignedLong(in.readUInt32()));
      return true;
    }
    if (type == FIXED32 && number == Span.Link.FLAGS_FIELD_NUMBER) {
      out.integer(Field.FLAGS, Integer.toUnsignedLong(in.readFixed32()));
      return true;
    }
    return false;
  }

  private boolean status(int number, int type) throws IOException, InvalidTraceRequestException {
    if (type == LENGTH_DELIMITED && number == Status.MESSAGE_FIELD_NUMBER) {
      string(Field.MESSAGE);
    } else if (type == VARINT && number == Status.CODE_FIELD_NUMBER) {
      out.integer(Field.CODE, in.readEnum());
    } else {
      return false;
    }
    return true;
  }

  private boolean keyValue(int number, int type) throws IOException, InvalidTraceRequestException {
    if (type != LENGTH_DELIMITED) {
      return false;
    }
    switch (number) {
      case KeyValue.KEY_FIELD_NUMBER -> string(Field.KEY);
      case KeyValue.VALUE_FIELD_NUMBER -> message(Message.ANY_VALUE, this::anyValue);
      default -> {
        return false;
      }
    }
    return true;
  }

  private boolean anyValue(int number, int type) throws IOException, InvalidTraceRequestException {
    if (type == LENGTH_DELIMITED) {
      switch (number) {
        case AnyValue.STRING_VALUE_FIELD_NUMBER -> string(Field.STRING_VALUE);
        case AnyValue.ARRAY_VALUE_FIELD_NUMBER -> message(Message.ARRAY_VALUE, this::arrayValue);
        case AnyValue.KVLIST_VALUE_FIELD_NUMBER -> message(Message.KVLIST_VALUE, this::kvlistValue);
        case AnyValue.BYTES_VALUE_FIELD_NUMBER -> {
          int length = in.readRawVarint32();
          int start = skipBytes(length);
          out.bytes(Field.BYTES_VALUE, body, start, length);
        }
        default -> {
          return false;
        }
      }
      return true;
    }
    if (type == VARINT && number == AnyValue.BOOL_VALUE_FIELD_NUMBER) {
      out.bool(Field.BOOL_VALUE, in.readBool());
    } else if (type == VARINT && number == AnyValue.INT_VALUE_FIELD_NUMBER) {
      out.integer(Field.INT_VALUE, in.readInt64());
    } else if (type == FIXED64 && number == AnyValue.DOUBLE_VALUE_FIELD_NUMBER) {
      out.floating(Field.DOUBLE_VALUE, in.readDouble());
    } else {
      return false;
    }
    return true;
  }

  private boolean arrayValue(int number, int type)
      throws IOException, InvalidTraceRequestException {
    if (number == ArrayValue.VALUES_FIELD_NUMBER && type == LENGTH_DELIMITED) {
      message(Message.ANY_VALUE, this::anyValue);
      return true;
    }
    return false;
  }

  private boolean kvlistValue(int number, int type)
      throws IOException, InvalidTraceRequestException {
    if (number == KeyValueList.VALUES_FIELD_NUMBER && type == LENGTH_DELIMITED) {
      message(Message.KEY_VALUE, this::keyValue);
      return true;
    }
    return false;
  }
}
