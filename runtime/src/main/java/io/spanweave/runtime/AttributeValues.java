package io.spanweave.runtime;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The payload guard of the {@link Trace} facade: turns a {@code Map<String, ?>} of attributes into
 * OpenTelemetry attributes, keeping only values a trace should hold. Strings, numbers, booleans,
 * characters and enums (by name) are kept, and collections or arrays of one of those kinds (capped
 * at the configured array length). Anything else (a prompt object, a result, a map) is not turned
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
      put(active, spanName, builder, entry.getKey(), entry.getValue());
    }
    return builder.build();
  }

  private static void put(ActiveTracing active, String spanName, AttributesBuilder builder, String key, Object value) {
    if (key == null || key.isEmpty() || value == null) {
      return;
    }
    if (value instanceof String) {
      builder.put(key, active.truncate((String) value));
    } else if (value instanceof Boolean) {
      builder.put(key, (Boolean) value);
    } else if (isFloating(value)) {
      builder.put(key, ((Number) value).doubleValue());
    } else if (value instanceof Number) {
      builder.put(key, ((Number) value).longValue());
    } else if (value instanceof Enum<?>) {
      builder.put(key, ((Enum<?>) value).name());
    } else if (value instanceof Character) {
      builder.put(key, value.toString());
    } else if (value instanceof Collection<?>) {
      putList(active, spanName, builder, key, firstOf((Collection<?>) value, active.maxArrayLength));
    } else if (value instanceof Object[]) {
      putList(active, spanName, builder, key, Arrays.asList((Object[]) value));
    } else if (value.getClass().isArray()) {
      putList(active, spanName, builder, key, boxPrimitiveArray(value, active.maxArrayLength));
    } else {
      reject(spanName, key, value);
    }
  }

  private static void putList(ActiveTracing active, String spanName, AttributesBuilder builder, String key, List<?> values) {
    int size = Math.min(values.size(), active.maxArrayLength);
    Object first = null;
    for (int i = 0; i < size && first == null; i++) {
      first = values.get(i);
    }
    if (first == null) {
      return;
    }
    List<Object> kept = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      Object element = values.get(i);
      if (element == null) {
        continue;
      }
      if (!sameKind(first, element)) {
        reject(spanName, key, values);
        return;
      }
      kept.add(element);
    }
    if (first instanceof Boolean) {
      List<Boolean> list = new ArrayList<>(kept.size());
      kept.forEach(e -> list.add((Boolean) e));
      builder.put(AttributeKey.booleanArrayKey(key), list);
    } else if (isFloating(first)) {
      List<Double> list = new ArrayList<>(kept.size());
      kept.forEach(e -> list.add(((Number) e).doubleValue()));
      builder.put(AttributeKey.doubleArrayKey(key), list);
    } else if (first instanceof Number) {
      List<Long> list = new ArrayList<>(kept.size());
      kept.forEach(e -> list.add(((Number) e).longValue()));
      builder.put(AttributeKey.longArrayKey(key), list);
    } else if (first instanceof String || first instanceof Enum<?> || first instanceof Character) {
      List<String> list = new ArrayList<>(kept.size());
      kept.forEach(e -> list.add(active.truncate(e instanceof Enum<?> ? ((Enum<?>) e).name() : e.toString())));
      builder.put(AttributeKey.stringArrayKey(key), list);
    } else {
      reject(spanName, key, values);
    }
  }

  private static boolean sameKind(Object first, Object element) {
    if (first instanceof Number) {
      return element instanceof Number && isFloating(first) == isFloating(element);
    }
    if (first instanceof String || first instanceof Enum<?> || first instanceof Character) {
      return element instanceof String || element instanceof Enum<?> || element instanceof Character;
    }
    return first.getClass() == element.getClass();
  }

  private static boolean isFloating(Object value) {
    return value instanceof Double || value instanceof Float || value instanceof BigDecimal;
  }

  /** Copies no more than {@code limit} elements: a list of a million token ids costs no more than its cap. */
  private static List<Object> firstOf(Collection<?> values, int limit) {
    List<Object> first = new ArrayList<>(Math.min(values.size(), limit));
    for (Object value : values) {
      if (first.size() == limit) {
        break;
      }
      first.add(value);
    }
    return first;
  }

  private static List<Object> boxPrimitiveArray(Object array, int limit) {
    int length = Math.min(Array.getLength(array), limit);
    List<Object> boxed = new ArrayList<>(length);
    for (int i = 0; i < length; i++) {
      boxed.add(Array.get(array, i));
    }
    return boxed;
  }

  private static void reject(String spanName, String key, Object value) {
    TracingFaults.report("attribute", "attribute '" + key + "' of span '" + spanName + "' is a "
        + value.getClass().getName() + ", which is not recorded: a trace keeps strings, numbers, booleans, enums and "
        + "lists of one of them. Record an id, a size or a metric instead of the object", null);
  }
}
