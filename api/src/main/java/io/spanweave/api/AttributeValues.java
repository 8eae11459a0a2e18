package io.spanweave.api;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.conventions.AttributeValuePolicy;
import io.spanweave.conventions.SecretValues;
import io.spanweave.conventions.SensitiveKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The payload guard of the {@link Trace} facade: turns a {@code Map<String, ?>} of attributes into
 * OpenTelemetry attributes as {@link AttributeValuePolicy} says, keeping only values a trace should
 * hold. A value the policy rejects (a prompt object, a result, a map, a mixed list) is not turned
 * into text: it is skipped and reported once as an {@code attribute} fault, because its {@code
 * toString()} is exactly the payload or secret a trace must not carry. {@code null} values are
 * skipped silently. Text under a key that names a secret is recorded as {@code [REDACTED]}, text
 * under a key that names a payload is dropped, both reported once ({@link #guard}). The lint rules
 * catch most of these at compile time; this catches keys and values only known at run time.
 */
final class AttributeValues {

  private AttributeValues() {}

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
      Object value =
          AttributeValuePolicy.normalize(
              entry.getValue(), active.maxStringLength, active.maxArrayLength);
      put(
          builder,
          key,
          guard(key, AttributeKeyCache.ATTRIBUTES.of(key).sensitivity, value, spanName),
          spanName);
    }
    return builder.build();
  }

  /**
   * {@code value} as {@link AttributeValuePolicy#guard} lets it be recorded under {@code key}; when
   * it redacts or drops text, reports it as an {@code attribute-secret} or {@code
   * attribute-payload} fault (counted, logged once, never with the value).
   */
  static Object guard(
      String key, SensitiveKeys.Sensitivity sensitivity, Object value, String spanName) {
    Object guarded = AttributeValuePolicy.guard(sensitivity, value);
    if (guarded != value) {
      boolean secret = sensitivity == SensitiveKeys.Sensitivity.SECRET;
      TracingFaults.report(
          secret ? "attribute-secret" : "attribute-payload",
          "attribute '"
              + key
              + "' of span '"
              + spanName
              + "' names "
              + (secret
                  ? "a secret ('"
                      + SensitiveKeys.secretWord(key)
                      + "'), so its text is "
                      + "recorded as "
                      + SecretValues.REDACTED
                  : "a payload ('"
                      + SensitiveKeys.payloadWord(key)
                      + "'), so it is "
                      + "not recorded")
              + ". The lint rules refuse such keys where they are constants; record whether it is set, "
              + "an id or a count instead",
          null);
    }
    return guarded;
  }

  /**
   * The first {@code max} of {@code length} elements, boxed for OpenTelemetry's array attributes.
   */
  static <T> List<T> capped(int length, int max, IntFunction<T> element) {
    int size = Math.min(length, max);
    List<T> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      list.add(element.apply(i));
    }
    return list;
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
      TracingFaults.report(
          "attribute",
          "attribute '" + key + "' of span '" + spanName + "': " + rejected.reason(),
          null);
    }
  }
}
