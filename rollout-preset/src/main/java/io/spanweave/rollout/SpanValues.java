package io.spanweave.rollout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the attribute values an emitter is given and normalizes them to the types a span read
 * back from a trace file has ({@code String}, {@code Long}, {@code Double}, {@code Boolean}, or a
 * list of one of them), so that an emitted span and the same span read back compare equal.
 */
final class SpanValues {

  private SpanValues() {
  }

  /**
   * The normalized attributes.
   *
   * @throws IllegalArgumentException naming the first key whose value a span cannot hold
   */
  static Map<String, Object> checked(String what, Map<String, ?> attributes) {
    Map<String, Object> out = new LinkedHashMap<>();
    attributes.forEach((key, value) -> {
      if (key == null || key.isBlank()) {
        throw new IllegalArgumentException(what + ": an attribute key is blank; give every attribute a name");
      }
      Object normalized = normalize(value);
      if (normalized == null) {
        throw new IllegalArgumentException(what + ": attribute '" + key + "' is "
            + (value == null ? "null" : "a " + value.getClass().getName())
            + "; a span holds strings, numbers, booleans, enums or lists of one of them. Record an id, a count or a score instead");
      }
      out.put(key, normalized);
    });
    return out;
  }

  /** The value as a span holds it, or {@code null} when it cannot hold it. */
  static Object normalize(Object value) {
    if (value instanceof String || value instanceof Boolean || value instanceof Long || value instanceof Double) {
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
        if (normalized == null || normalized instanceof List<?> || (kind != null && kind != normalized.getClass())) {
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
