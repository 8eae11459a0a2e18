package io.spanweave.runtime.spi;

/**
 * Receives one decoded OTLP {@code ExportTraceServiceRequest}, message by message and field by
 * field, in the order of the encoding it was decoded from, and writes it as the run's file holds
 * it. The runtime implements it; a {@link TraceRequestDecoder} drives it from an encoding the
 * runtime does not decode itself, such as protobuf's binary one. The writer, not the decoder,
 * checks the ids, counts the spans and gives every resource the run id, so every encoding is held
 * to the same rules.
 *
 * <p>Messages nest as in {@code opentelemetry-proto}'s {@code trace/v1/trace.proto} and {@code
 * common/v1/common.proto}: {@link Message#RESOURCE_SPANS} holds a {@link Message#RESOURCE} and
 * {@link Message#SCOPE_SPANS}, which hold a {@link Message#SCOPE} and {@link Message#SPAN}s, which
 * hold {@link Message#EVENT}s, {@link Message#LINK}s and a {@link Message#STATUS}; resources,
 * scopes, spans, events and links hold attributes, each a {@link Message#KEY_VALUE} whose value is
 * an {@link Message#ANY_VALUE}, which may hold an {@link Message#ARRAY_VALUE} of any-values or a
 * {@link Message#KVLIST_VALUE} of key-values. Every {@code begin} is matched by an {@code end} of
 * the same message. A field the decoder does not know is skipped by the decoder; a scalar field
 * with its default value (0, empty) may be left out, as protobuf leaves it out.
 *
 * <p>Not thread-safe: one request at a time.
 */
public interface TraceRequestWriter {

  /** The messages of an OTLP trace request, below the request itself. */
  enum Message {
    /** {@code ResourceSpans}, an element of the request's {@code resource_spans}. */
    RESOURCE_SPANS,
    /** {@code Resource}, the {@code resource} of a {@code ResourceSpans}. */
    RESOURCE,
    /** {@code ScopeSpans}, an element of a {@code ResourceSpans}'s {@code scope_spans}. */
    SCOPE_SPANS,
    /** {@code InstrumentationScope}, the {@code scope} of a {@code ScopeSpans}. */
    SCOPE,
    /** {@code Span}, an element of a {@code ScopeSpans}'s {@code spans}. */
    SPAN,
    /** {@code Span.Event}, an element of a span's {@code events}. */
    EVENT,
    /** {@code Span.Link}, an element of a span's {@code links}. */
    LINK,
    /** {@code Status}, a span's {@code status}. */
    STATUS,
    /**
     * {@code KeyValue}: an element of {@code attributes}, or of a {@link #KVLIST_VALUE}'s {@code
     * values}.
     */
    KEY_VALUE,
    /**
     * {@code AnyValue}: a {@link #KEY_VALUE}'s {@code value}, or an element of an {@link
     * #ARRAY_VALUE}'s {@code values}.
     */
    ANY_VALUE,
    /** {@code ArrayValue}, an {@link #ANY_VALUE}'s {@code array_value}. */
    ARRAY_VALUE,
    /** {@code KeyValueList}, an {@link #ANY_VALUE}'s {@code kvlist_value}. */
    KVLIST_VALUE
  }

  /** The scalar fields of those messages, by what they hold. */
  enum Field {
    /** A span's or a link's trace id: 16 bytes, not all zero. */
    TRACE_ID,
    /** A span's or a link's span id: 8 bytes, not all zero. */
    SPAN_ID,
    /** A span's parent span id: 8 bytes, or empty for a root span. */
    PARENT_SPAN_ID,
    /** A span's or a link's W3C trace state. */
    TRACE_STATE,
    /** The name of a span, an event or a scope. */
    NAME,
    /** A scope's version. */
    VERSION,
    /** The schema URL of a {@code ResourceSpans} or a {@code ScopeSpans}. */
    SCHEMA_URL,
    /** A status's message. */
    MESSAGE,
    /** A key-value's key. */
    KEY,
    /** An any-value's string. */
    STRING_VALUE,
    /** A span's kind ({@code Span.SpanKind} number). */
    KIND,
    /** A status's code ({@code Status.StatusCode} number). */
    CODE,
    /** A span's or a link's flags. */
    FLAGS,
    /** A span's start, in nanoseconds since the epoch. */
    START_TIME_UNIX_NANO,
    /** A span's end, in nanoseconds since the epoch. */
    END_TIME_UNIX_NANO,
    /** An event's time, in nanoseconds since the epoch. */
    TIME_UNIX_NANO,
    /** Attributes the sender dropped, of a resource, scope, span, event or link. */
    DROPPED_ATTRIBUTES_COUNT,
    /** Events a span's sender dropped. */
    DROPPED_EVENTS_COUNT,
    /** Links a span's sender dropped. */
    DROPPED_LINKS_COUNT,
    /** An any-value's 64-bit integer. */
    INT_VALUE,
    /** An any-value's boolean. */
    BOOL_VALUE,
    /** An any-value's double. */
    DOUBLE_VALUE,
    /** An any-value's bytes. */
    BYTES_VALUE
  }

  /** Opens {@code message} inside the message open now (the request itself at first). */
  void begin(Message message) throws InvalidTraceRequestException;

  /**
   * Closes {@code message}, the one opened last.
   *
   * @throws InvalidTraceRequestException when it lacks what it must hold, such as a span without a
   *     trace id
   */
  void end(Message message) throws InvalidTraceRequestException;

  /**
   * An id ({@link Field#TRACE_ID}, {@link Field#SPAN_ID}, {@link Field#PARENT_SPAN_ID}) as bytes.
   *
   * @throws InvalidTraceRequestException when it is not an id OpenTelemetry calls valid
   */
  void id(Field field, byte[] bytes, int offset, int length) throws InvalidTraceRequestException;

  /**
   * An id as hex digits, as OTLP/JSON writes it.
   *
   * @throws InvalidTraceRequestException when it is not hex, or not an id OpenTelemetry calls valid
   */
  void id(Field field, String hex) throws InvalidTraceRequestException;

  /** A string field as UTF-8 bytes, which the caller has checked are valid UTF-8. */
  void string(Field field, byte[] utf8, int offset, int length) throws InvalidTraceRequestException;

  /** A string field. */
  void string(Field field, String value) throws InvalidTraceRequestException;

  /** An integer field: a kind, a code, flags, a time, a count, or {@link Field#INT_VALUE}. */
  void integer(Field field, long value) throws InvalidTraceRequestException;

  /** {@link Field#BOOL_VALUE}. */
  void bool(Field field, boolean value) throws InvalidTraceRequestException;

  /** {@link Field#DOUBLE_VALUE}. */
  void floating(Field field, double value) throws InvalidTraceRequestException;

  /** {@link Field#BYTES_VALUE}. */
  void bytes(Field field, byte[] value, int offset, int length) throws InvalidTraceRequestException;
}
