package io.spanweave.testing;

import java.util.List;

/**
 * Expected attribute values in the types OpenTelemetry stores them in: whole numbers as {@code
 * Long}, other numbers as {@code Double}, enums ({@code name()}) and characters as strings.
 */
final class AttributeValues {

  private AttributeValues() {}

  static Object normalize(Object value) {
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof Float) {
      return ((Float) value).doubleValue();
    }
    if (value instanceof Enum<?> constant) {
      return constant.name();
    }
    if (value instanceof Character character) {
      return character.toString();
    }
    if (value instanceof List<?> list) {
      return list.stream().map(AttributeValues::normalize).toList();
    }
    return value;
  }
}
