package io.spanweave.api;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.conventions.AttributeValuePolicy;
import java.util.List;
import java.util.Map;

/**
 * The payload guard of the {@link Trace} facade: turns a {@code Map<String, ?>} of attributes into
 * OpenTelemetry attributes as {@link AttributeValuePolicy} says, keeping only values a trace should
 * hold. A value the policy rejects (a prompt object, a result, a map, a mixed list) is not turned
 * into text: it is skipped and reported once as an {@code attribute} fault, because its
 * {@code toString()} is exactly the payload or secret a trace must not carry. {@code null} values
 * are skipped silently. The lint rule {@code attribute-type} catches most of these at compile time;
 * this catches the rest at run time.
 */
final class AttributeValues {

  private AttributeValues() {
  }

  /** The attributes of {@code values} that may be recorded; never throws. */
  static Attributes of(ActiveTracing active, String spanName, Map<String, ?> values) {
    if (values == null || values.isEmpty()) {
      return Attributes.empty();
    }
    AttributesBuilder builder = Attributes.builder();
    for (Map.Entry<String, ?> entry : values.entrySet()) {
      String key = entry.getKey();
      if (key == null || key.isEmpty()) {
        continue;
      }
      put(builder, key, AttributeValuePolicy.normalize(entry.getValue(), active.maxStringLength, active.maxArrayLength),
          spanName);
    }
    return builder.build();
  }

  @SuppressWarnings("unchecked")
  private static void put(AttributesBuilder builder, String key, Object value, String spanName) {
    if (value == null) {
      return;
    }
    if (value instanceof String s) {
      builder.put(key, s);
    } else if (value instanceof Long l) {
      builder.put(key, l);
    } else if (value instanceof Double d) {
      builder.put(key, d);
    } else if (value instanceof Boolean b) {
      builder.put(key, b);
    } else if (value instanceof List<?> list) {
      Object first = list.get(0); // the policy never returns an empty list
      if (first instanceof String) {
        builder.put(AttributeKey.stringArrayKey(key), (List<String>) list);
      } else if (first instanceof Long) {
        builder.put(AttributeKey.longArrayKey(key), (List<Long>) list);
      } else if (first instanceof Double) {
        builder.put(AttributeKey.doubleArrayKey(key), (List<Double>) list);
      } else {
        builder.put(AttributeKey.booleanArrayKey(key), (List<Boolean>) list);
      }
    } else if (value instanceof AttributeValuePolicy.Rejected rejected) {
      TracingFaults.report("attribute", "attribute '" + key + "' of span '" + spanName + "': " + rejected.reason(), null);
    }
  }
}
