package io.spanweave.runtime.internal.export;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.AttributeType;
import io.spanweave.conventions.TraceFileFields;

/**
 * The constant start of an OTLP/JSON {@code KeyValue} for an attribute key, up to its value:
 * {@code {"key":"sample.id","value":{"stringValue":}, made once per key and written raw. Span after
 * span the same keys recur, and writing this text token by token (a start object, a field name, a
 * string with its escaping, another start object, a field name) was the largest share of the export
 * worker's time in a profile. Only the scalar types that the encoder also writes raw
 * (string, integer, boolean) have one.
 *
 * <p>A direct-mapped table of {@value #SLOTS} keys by the key's name and type; a key whose slot
 * another key holds is made again when it comes back (two constant strings), so memory stays
 * bounded. Not thread-safe: one instance per encoder.
 */
final class AttributePrefixes {

  private static final int SLOTS = 256;

  private final AttributeKey<?>[] keys = new AttributeKey<?>[SLOTS];

  /** The UTF-8 bytes of each prefix. */
  private final byte[][] prefixes = new byte[SLOTS][];

  /**
   * The prefix of {@code key}, or {@code null} when its value is not written raw: other types, an
   * empty name (OTLP/JSON leaves the field out) or one with a surrogate (written the marshalers'
   * way).
   */
  byte[] of(AttributeKey<?> key) {
    String name = key.getKey();
    AttributeType type = key.getType();
    int hash = name.hashCode() * 31 + type.ordinal();
    int slot = (hash ^ (hash >>> 16)) & (SLOTS - 1);
    AttributeKey<?> cached = keys[slot];
    if (cached == key
        || (cached != null && cached.getType() == type && cached.getKey().equals(name))) {
      return prefixes[slot];
    }
    String valueField = valueField(type);
    if (valueField == null || name.isEmpty() || hasSurrogate(name)) {
      return null;
    }
    byte[] prefix =
        JsonBuffer.utf8(
            "{\""
                + TraceFileFields.KEY
                + "\":\""
                + new String(JsonStringEncoder.getInstance().quoteAsString(name))
                + "\",\""
                + TraceFileFields.VALUE
                + "\":{\""
                + valueField
                + "\":");
    keys[slot] = key;
    prefixes[slot] = prefix;
    return prefix;
  }

  private static String valueField(AttributeType type) {
    switch (type) {
      case STRING:
        return TraceFileFields.STRING_VALUE;
      case LONG:
        return TraceFileFields.INT_VALUE;
      case BOOLEAN:
        return TraceFileFields.BOOL_VALUE;
      default:
        return null;
    }
  }

  private static boolean hasSurrogate(String value) {
    for (int i = 0; i < value.length(); i++) {
      if (Character.isSurrogate(value.charAt(i))) {
        return true;
      }
    }
    return false;
  }
}
