package io.spanweave.rollout;

import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.AttributeValuePolicy;
import io.spanweave.conventions.SecretValues;
import io.spanweave.conventions.SensitiveKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the attribute values an emitter is given and normalizes them to the types a span read back
 * from a trace file has ({@code String}, {@code Long}, {@code Double}, {@code Boolean}, or a list
 * of one of them), so that an emitted span and the same span read back compare equal.
 */
final class SpanValues {

  private SpanValues() {}

  /**
   * The normalized attributes.
   *
   * @throws IllegalArgumentException naming the first key whose value a span cannot hold
   */
  static Map<String, Object> checked(String what, Map<String, ?> attributes) {
    return checked(what, attributes, true);
  }

  /**
   * As {@link #checked(String, Map)} for attributes under the preset's own keys ({@code
   * rollout.message.text}), which name what the preset records on purpose.
   */
  static Map<String, Object> own(String what, Map<String, ?> attributes) {
    return checked(what, attributes, false);
  }

  /**
   * @param guarded whether keys that name a secret or a payload have their text redacted or dropped
   *     ({@link AttributeValuePolicy#guard}), reported once: the run-time half of the lint rules,
   *     for keys only known at run time
   */
  private static Map<String, Object> checked(
      String what, Map<String, ?> attributes, boolean guarded) {
    Map<String, Object> out = new LinkedHashMap<>();
    attributes.forEach(
        (key, value) -> {
          if (key == null || key.isBlank()) {
            throw new IllegalArgumentException(
                what + ": an attribute key is blank; give every attribute a name");
          }
          Object normalized = normalize(value);
          if (normalized == null) {
            throw new IllegalArgumentException(
                what
                    + ": attribute '"
                    + key
                    + "' is "
                    + (value == null ? "null" : "a " + value.getClass().getName())
                    + "; a span holds strings, numbers, booleans, enums or lists of one of them. Record an id, a count or a score instead");
          }
          if (guarded) {
            normalized = guard(what, key, normalized);
            if (normalized == null) {
              return; // a payload: not recorded
            }
          }
          out.put(key, normalized);
        });
    return out;
  }

  private static Object guard(String what, String key, Object normalized) {
    SensitiveKeys.Sensitivity sensitivity = SensitiveKeys.classify(key);
    Object guarded = AttributeValuePolicy.guard(sensitivity, normalized);
    if (guarded != normalized) {
      boolean secret = sensitivity == SensitiveKeys.Sensitivity.SECRET;
      TracingFaults.report(
          secret ? "attribute-secret" : "attribute-payload",
          what
              + ": attribute '"
              + key
              + "' names "
              + (secret
                  ? "a secret, so its text is recorded as " + SecretValues.REDACTED
                  : "a payload, so it is not recorded")
              + "; record whether it is set, an id or a count instead",
          null);
    }
    return guarded;
  }

  /** The value as a span holds it, or {@code null} when it cannot hold it. */
  static Object normalize(Object value) {
    if (value instanceof String
        || value instanceof Boolean
        || value instanceof Long
        || value instanceof Double) {
      return value;
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof Float || value instanceof java.math.BigDecimal) {
      return ((Number) value).doubleValue();
    }
    if (value instanceof Enum<?>) {
      return ((Enum<?>) value).name();
    }
    if (value instanceof List<?>) {
      List<Object> list = new ArrayList<>();
      Class<?> kind = null;
      for (Object element : (List<?>) value) {
        Object normalized = normalize(element);
        if (normalized == null
            || normalized instanceof List<?>
            || (kind != null && kind != normalized.getClass())) {
          return null; // lists hold one kind of scalar, as OpenTelemetry's array attributes do
        }
        kind = normalized.getClass();
        list.add(normalized);
      }
      return list;
    }
    return null;
  }
}
