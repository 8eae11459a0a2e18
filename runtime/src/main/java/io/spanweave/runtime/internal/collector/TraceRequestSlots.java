package io.spanweave.runtime.internal.collector;

import io.spanweave.conventions.TraceFileFields;
import io.spanweave.runtime.internal.export.JsonBuffer;
import io.spanweave.runtime.spi.TraceRequestWriter.Field;
import io.spanweave.runtime.spi.TraceRequestWriter.Message;

/**
 * The shape of an OTLP trace request as {@link TraceLineWriter} checks and writes it: each list and
 * object field a message may hold, and each scalar field, has a slot, a bit of a 64-bit set in
 * which the writer notes what a message has had (so what comes twice is caught), with its JSON name
 * ready to write. {@link #placement} says which slot a child message goes in, and refuses one that
 * cannot be there.
 */
final class TraceRequestSlots {

  static final int RESOURCE_SPANS_LIST = 0;
  static final int RESOURCE_OBJECT = 1;
  static final int SCOPE_SPANS_LIST = 2;
  static final int SCOPE_OBJECT = 3;
  static final int SPANS_LIST = 4;
  static final int EVENTS_LIST = 5;
  static final int LINKS_LIST = 6;
  static final int STATUS_OBJECT = 7;
  static final int ATTRIBUTES_LIST = 8;
  static final int VALUES_LIST = 9;
  static final int VALUE_OBJECT = 10;
  static final int ARRAY_VALUE_OBJECT = 11;
  static final int KVLIST_VALUE_OBJECT = 12;
  static final int FIRST_FIELD_SLOT = 16;

  /**
   * Each slot's {@code "jsonName":}, as the writer puts it before the value; never changed after.
   */
  static final byte[][] SLOT_NAMES = new byte[FIRST_FIELD_SLOT + Field.values().length][];

  static {
    name(RESOURCE_SPANS_LIST, TraceFileFields.RESOURCE_SPANS);
    name(RESOURCE_OBJECT, TraceFileFields.RESOURCE);
    name(SCOPE_SPANS_LIST, TraceFileFields.SCOPE_SPANS);
    name(SCOPE_OBJECT, TraceFileFields.SCOPE);
    name(SPANS_LIST, TraceFileFields.SPANS);
    name(EVENTS_LIST, TraceFileFields.EVENTS);
    name(LINKS_LIST, TraceFileFields.LINKS);
    name(STATUS_OBJECT, TraceFileFields.STATUS);
    name(ATTRIBUTES_LIST, TraceFileFields.ATTRIBUTES);
    name(VALUES_LIST, TraceFileFields.VALUES);
    name(VALUE_OBJECT, TraceFileFields.VALUE);
    name(ARRAY_VALUE_OBJECT, TraceFileFields.ARRAY_VALUE);
    name(KVLIST_VALUE_OBJECT, TraceFileFields.KVLIST_VALUE);
    for (Field field : Field.values()) {
      name(FIRST_FIELD_SLOT + field.ordinal(), jsonName(field));
    }
  }

  private static void name(int slot, String jsonName) {
    SLOT_NAMES[slot] = JsonBuffer.utf8('"' + jsonName + "\":");
  }

  static String jsonName(Field field) {
    return switch (field) {
      case TRACE_ID -> TraceFileFields.TRACE_ID;
      case SPAN_ID -> TraceFileFields.SPAN_ID;
      case PARENT_SPAN_ID -> TraceFileFields.PARENT_SPAN_ID;
      case TRACE_STATE -> TraceFileFields.TRACE_STATE;
      case NAME -> TraceFileFields.NAME;
      case VERSION -> TraceFileFields.VERSION;
      case SCHEMA_URL -> TraceFileFields.SCHEMA_URL;
      case MESSAGE -> TraceFileFields.MESSAGE;
      case KEY -> TraceFileFields.KEY;
      case STRING_VALUE -> TraceFileFields.STRING_VALUE;
      case KIND -> TraceFileFields.KIND;
      case CODE -> TraceFileFields.CODE;
      case FLAGS -> TraceFileFields.FLAGS;
      case START_TIME_UNIX_NANO -> TraceFileFields.START_TIME;
      case END_TIME_UNIX_NANO -> TraceFileFields.END_TIME;
      case TIME_UNIX_NANO -> TraceFileFields.TIME;
      case DROPPED_ATTRIBUTES_COUNT -> TraceFileFields.DROPPED_ATTRIBUTES_COUNT;
      case DROPPED_EVENTS_COUNT -> TraceFileFields.DROPPED_EVENTS_COUNT;
      case DROPPED_LINKS_COUNT -> TraceFileFields.DROPPED_LINKS_COUNT;
      case INT_VALUE -> TraceFileFields.INT_VALUE;
      case BOOL_VALUE -> TraceFileFields.BOOL_VALUE;
      case DOUBLE_VALUE -> TraceFileFields.DOUBLE_VALUE;
      case BYTES_VALUE -> TraceFileFields.BYTES_VALUE;
    };
  }

  /**
   * Where {@code child} goes in {@code parent}: the slot of the list or object field that holds it.
   */
  static int placement(Message parent, Message child) {
    if (parent == null) {
      return require(child == Message.RESOURCE_SPANS, parent, child, RESOURCE_SPANS_LIST);
    }
    return switch (child) {
      case RESOURCE_SPANS -> require(false, parent, child, 0);
      case RESOURCE -> require(parent == Message.RESOURCE_SPANS, parent, child, RESOURCE_OBJECT);
      case SCOPE_SPANS ->
          require(parent == Message.RESOURCE_SPANS, parent, child, SCOPE_SPANS_LIST);
      case SCOPE -> require(parent == Message.SCOPE_SPANS, parent, child, SCOPE_OBJECT);
      case SPAN -> require(parent == Message.SCOPE_SPANS, parent, child, SPANS_LIST);
      case EVENT -> require(parent == Message.SPAN, parent, child, EVENTS_LIST);
      case LINK -> require(parent == Message.SPAN, parent, child, LINKS_LIST);
      case STATUS -> require(parent == Message.SPAN, parent, child, STATUS_OBJECT);
      case KEY_VALUE ->
          parent == Message.KVLIST_VALUE
              ? VALUES_LIST
              : require(
                  parent == Message.RESOURCE
                      || parent == Message.SCOPE
                      || parent == Message.SPAN
                      || parent == Message.EVENT
                      || parent == Message.LINK,
                  parent,
                  child,
                  ATTRIBUTES_LIST);
      case ANY_VALUE ->
          parent == Message.ARRAY_VALUE
              ? VALUES_LIST
              : require(parent == Message.KEY_VALUE, parent, child, VALUE_OBJECT);
      case ARRAY_VALUE -> require(parent == Message.ANY_VALUE, parent, child, ARRAY_VALUE_OBJECT);
      case KVLIST_VALUE -> require(parent == Message.ANY_VALUE, parent, child, KVLIST_VALUE_OBJECT);
    };
  }

  private static int require(boolean holds, Message parent, Message child, int slot) {
    if (!holds) {
      throw new IllegalStateException(
          child + " cannot be inside " + (parent == null ? "the request" : parent));
    }
    return slot;
  }

  /** The fields of an {@code AnyValue}, a oneof: one of them at most. */
  static final long ANY_VALUE_FIELDS =
      1L << ARRAY_VALUE_OBJECT
          | 1L << KVLIST_VALUE_OBJECT
          | 1L << (FIRST_FIELD_SLOT + Field.STRING_VALUE.ordinal())
          | 1L << (FIRST_FIELD_SLOT + Field.BOOL_VALUE.ordinal())
          | 1L << (FIRST_FIELD_SLOT + Field.INT_VALUE.ordinal())
          | 1L << (FIRST_FIELD_SLOT + Field.DOUBLE_VALUE.ordinal())
          | 1L << (FIRST_FIELD_SLOT + Field.BYTES_VALUE.ordinal());

  private TraceRequestSlots() {}
}
