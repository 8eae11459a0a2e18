package io.spanweave.runtime.internal.export;

import io.spanweave.conventions.TraceFileFields;

/**
 * The OTLP/JSON field names the encoder writes, each prepared once as the bytes of its quoted name
 * and colon ({@code "name":}), so that a span's frame is copied in rather than written token by
 * token.
 */
final class OtlpJsonFields {

  static final byte[] RESOURCE_SPANS = field(TraceFileFields.RESOURCE_SPANS);
  static final byte[] RESOURCE = field(TraceFileFields.RESOURCE);
  static final byte[] SCOPE_SPANS = field(TraceFileFields.SCOPE_SPANS);
  static final byte[] SCOPE = field(TraceFileFields.SCOPE);
  static final byte[] SPANS = field(TraceFileFields.SPANS);
  static final byte[] SCHEMA_URL = field(TraceFileFields.SCHEMA_URL);
  static final byte[] NAME = field(TraceFileFields.NAME);
  static final byte[] VERSION = field(TraceFileFields.VERSION);
  static final byte[] TRACE_ID = field(TraceFileFields.TRACE_ID);
  static final byte[] SPAN_ID = field(TraceFileFields.SPAN_ID);
  static final byte[] TRACE_STATE = field(TraceFileFields.TRACE_STATE);
  static final byte[] PARENT_SPAN_ID = field(TraceFileFields.PARENT_SPAN_ID);
  static final byte[] KIND = field(TraceFileFields.KIND);
  static final byte[] START_TIME = field(TraceFileFields.START_TIME);
  static final byte[] END_TIME = field(TraceFileFields.END_TIME);
  static final byte[] TIME = field(TraceFileFields.TIME);
  static final byte[] ATTRIBUTES = field(TraceFileFields.ATTRIBUTES);
  static final byte[] DROPPED_ATTRIBUTES = field(TraceFileFields.DROPPED_ATTRIBUTES_COUNT);
  static final byte[] EVENTS = field(TraceFileFields.EVENTS);
  static final byte[] DROPPED_EVENTS = field(TraceFileFields.DROPPED_EVENTS_COUNT);
  static final byte[] LINKS = field(TraceFileFields.LINKS);
  static final byte[] DROPPED_LINKS = field(TraceFileFields.DROPPED_LINKS_COUNT);
  static final byte[] STATUS = field(TraceFileFields.STATUS);
  static final byte[] MESSAGE = field(TraceFileFields.MESSAGE);
  static final byte[] CODE = field(TraceFileFields.CODE);
  static final byte[] FLAGS = field(TraceFileFields.FLAGS);
  static final byte[] KEY = field(TraceFileFields.KEY);
  static final byte[] VALUE = field(TraceFileFields.VALUE);
  static final byte[] VALUES = field(TraceFileFields.VALUES);
  static final byte[] STRING_VALUE = field(TraceFileFields.STRING_VALUE);
  static final byte[] BOOL_VALUE = field(TraceFileFields.BOOL_VALUE);
  static final byte[] INT_VALUE = field(TraceFileFields.INT_VALUE);
  static final byte[] DOUBLE_VALUE = field(TraceFileFields.DOUBLE_VALUE);
  static final byte[] ARRAY_VALUE = field(TraceFileFields.ARRAY_VALUE);
  static final byte[] KVLIST_VALUE = field(TraceFileFields.KVLIST_VALUE);
  static final byte[] BYTES_VALUE = field(TraceFileFields.BYTES_VALUE);

  private OtlpJsonFields() {}

  private static byte[] field(String name) {
    return JsonBuffer.utf8('"' + name + "\":");
  }
}
