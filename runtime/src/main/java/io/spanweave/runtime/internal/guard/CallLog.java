package io.spanweave.runtime.internal.guard;

import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.TraceRequestWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The calls a decoder made while the guard could not decide yet (an event whose name comes after
 * its attributes, as OpenTelemetry's JavaScript exporter writes it; an attribute under a payload
 * key, kept only when it holds no text), held to be replayed or forgotten. Byte arrays are copied:
 * the decoder's buffer is its own. Not thread-safe.
 */
final class CallLog {

  private enum Kind {
    BEGIN,
    END,
    ID_BYTES,
    ID_HEX,
    STRING_BYTES,
    STRING,
    INTEGER,
    BOOL,
    FLOATING,
    BYTES
  }

  private record Call(
      Kind kind,
      TraceRequestWriter.Message message,
      TraceRequestWriter.Field field,
      Object value,
      long number,
      double floating) {}

  private final List<Call> calls = new ArrayList<>();

  boolean isEmpty() {
    return calls.isEmpty();
  }

  void clear() {
    calls.clear();
  }

  void begin(TraceRequestWriter.Message message) {
    calls.add(new Call(Kind.BEGIN, message, null, null, 0, 0));
  }

  void end(TraceRequestWriter.Message message) {
    calls.add(new Call(Kind.END, message, null, null, 0, 0));
  }

  void id(TraceRequestWriter.Field field, byte[] bytes, int offset, int length) {
    calls.add(
        new Call(
            Kind.ID_BYTES, null, field, Arrays.copyOfRange(bytes, offset, offset + length), 0, 0));
  }

  void id(TraceRequestWriter.Field field, String hex) {
    calls.add(new Call(Kind.ID_HEX, null, field, hex, 0, 0));
  }

  void string(TraceRequestWriter.Field field, byte[] utf8, int offset, int length) {
    calls.add(
        new Call(
            Kind.STRING_BYTES,
            null,
            field,
            Arrays.copyOfRange(utf8, offset, offset + length),
            0,
            0));
  }

  void string(TraceRequestWriter.Field field, String value) {
    calls.add(new Call(Kind.STRING, null, field, value, 0, 0));
  }

  void integer(TraceRequestWriter.Field field, long value) {
    calls.add(new Call(Kind.INTEGER, null, field, null, value, 0));
  }

  void bool(TraceRequestWriter.Field field, boolean value) {
    calls.add(new Call(Kind.BOOL, null, field, null, value ? 1 : 0, 0));
  }

  void floating(TraceRequestWriter.Field field, double value) {
    calls.add(new Call(Kind.FLOATING, null, field, null, 0, value));
  }

  void bytes(TraceRequestWriter.Field field, byte[] value, int offset, int length) {
    calls.add(
        new Call(
            Kind.BYTES, null, field, Arrays.copyOfRange(value, offset, offset + length), 0, 0));
  }

  /** Makes the held calls again, in order, on {@code target}, and forgets them. */
  void replay(TraceRequestWriter target) throws InvalidTraceRequestException {
    List<Call> held = new ArrayList<>(calls);
    calls.clear();
    for (Call call : held) {
      switch (call.kind()) {
        case BEGIN -> target.begin(call.message());
        case END -> target.end(call.message());
        case ID_BYTES -> {
          byte[] bytes = (byte[]) call.value();
          target.id(call.field(), bytes, 0, bytes.length);
        }
        case ID_HEX -> target.id(call.field(), (String) call.value());
        case STRING_BYTES -> {
          byte[] bytes = (byte[]) call.value();
          target.string(call.field(), bytes, 0, bytes.length);
        }
        case STRING -> target.string(call.field(), (String) call.value());
        case INTEGER -> target.integer(call.field(), call.number());
        case BOOL -> target.bool(call.field(), call.number() != 0);
        case FLOATING -> target.floating(call.field(), call.floating());
        case BYTES -> {
          byte[] bytes = (byte[]) call.value();
          target.bytes(call.field(), bytes, 0, bytes.length);
        }
      }
    }
  }
}
