package io.spanweave.viewer.index;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.spanweave.conventions.TraceFileFields;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The values of an OTLP JSON line as {@link OtlpLineParser}'s Jackson path reads them: attribute
 * lists, {@code AnyValue}s (nested arrays and key-value lists too), int64 as string or number,
 * enums as numbers or names, and snake_case keys as camelCase. Stateless apart from per-thread
 * caches.
 */
final class OtlpJsonValues {

  /**
   * Canonical strings per parsing thread; replaced at each block so it never holds stale ids long.
   */
  static final ThreadLocal<TextCache> TEXTS = ThreadLocal.withInitial(TextCache::new);

  /** snake_case to camelCase, cached because Jackson hands out the same canonical key strings. */
  private static final Map<String, String> CAMEL = new ConcurrentHashMap<>();

  private OtlpJsonValues() {}

  static List<Attribute> readAttributes(JsonParser p) throws IOException {
    if (p.currentToken() == JsonToken.VALUE_NULL) {
      return List.of();
    }
    expect(p, JsonToken.START_ARRAY);
    List<Attribute> out = new ArrayList<>();
    while (p.nextToken() == JsonToken.START_OBJECT) {
      String key = null;
      Object value = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = camel(p.currentName());
        p.nextToken();
        if (field.equals(TraceFileFields.KEY)) {
          key =
              p.currentToken() == JsonToken.VALUE_STRING
                  ? TEXTS.get().text(p)
                  : p.getValueAsString();
        } else if (field.equals(TraceFileFields.VALUE)) {
          value = readAnyValue(p);
        } else {
          p.skipChildren();
        }
      }
      if (key != null) {
        out.add(new Attribute(key, value));
      }
    }
    return out;
  }

  /** Reads an OTLP AnyValue; a bare JSON scalar is accepted too, as some writers emit one. */
  private static Object readAnyValue(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t != JsonToken.START_OBJECT) {
      return scalar(p);
    }
    Object value = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = camel(p.currentName());
      p.nextToken();
      switch (field) {
        case TraceFileFields.STRING_VALUE ->
            value =
                p.currentToken() == JsonToken.VALUE_STRING
                    ? TEXTS.get().text(p)
                    : p.getValueAsString();
        case TraceFileFields.BOOL_VALUE ->
            value =
                p.currentToken() == JsonToken.VALUE_STRING
                    ? Boolean.parseBoolean(p.getText())
                    : p.getValueAsBoolean();
        case TraceFileFields.INT_VALUE -> value = readIntValue(p);
        case TraceFileFields.DOUBLE_VALUE -> value = readDoubleValue(p);
        case "bytesValue" -> value = p.getValueAsString();
        case TraceFileFields.ARRAY_VALUE -> value = readArrayValue(p);
        case "kvlistValue" -> value = readKvList(p);
        default -> p.skipChildren();
      }
    }
    return value;
  }

  private static List<Object> readArrayValue(JsonParser p) throws IOException {
    List<Object> values = new ArrayList<>();
    if (p.currentToken() != JsonToken.START_OBJECT) {
      p.skipChildren();
      return values;
    }
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = camel(p.currentName());
      p.nextToken();
      if (field.equals(TraceFileFields.VALUES) && p.currentToken() == JsonToken.START_ARRAY) {
        while (p.nextToken() != JsonToken.END_ARRAY) {
          values.add(readAnyValue(p));
        }
      } else {
        p.skipChildren();
      }
    }
    return values;
  }

  private static Map<String, Object> readKvList(JsonParser p) throws IOException {
    Map<String, Object> map = new LinkedHashMap<>();
    if (p.currentToken() != JsonToken.START_OBJECT) {
      p.skipChildren();
      return map;
    }
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = camel(p.currentName());
      p.nextToken();
      if (field.equals(TraceFileFields.VALUES)) {
        for (Attribute a : readAttributes(p)) {
          map.put(a.key(), a.value());
        }
      } else {
        p.skipChildren();
      }
    }
    return map;
  }

  private static Object scalar(JsonParser p) throws IOException {
    return switch (p.currentToken()) {
      case VALUE_STRING -> p.getText();
      case VALUE_NUMBER_INT -> p.getLongValue();
      case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      default -> {
        p.skipChildren();
        yield null;
      }
    };
  }

  private static Object readIntValue(JsonParser p) throws IOException {
    if (p.currentToken() == JsonToken.VALUE_NUMBER_INT) {
      return p.getLongValue();
    }
    String text = p.getValueAsString();
    try {
      return Long.parseLong(text.trim());
    } catch (RuntimeException notALong) {
      return text;
    }
  }

  private static Object readDoubleValue(JsonParser p) throws IOException {
    if (p.currentToken().isNumeric()) {
      return p.getDoubleValue();
    }
    String text = p.getValueAsString();
    try {
      return Double.parseDouble(text.trim());
    } catch (RuntimeException notADouble) {
      return text;
    }
  }

  static long readInt64(JsonParser p) throws IOException {
    if (p.currentToken() == JsonToken.VALUE_NUMBER_INT) {
      return p.getLongValue();
    }
    if (p.currentToken() == JsonToken.VALUE_NUMBER_FLOAT) {
      return (long) p.getDoubleValue();
    }
    String text = p.getValueAsString();
    if (text == null || text.isEmpty()) {
      return 0L;
    }
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      return 0L;
    }
  }

  /**
   * Enums appear as numbers in the OTLP JSON mapping and as names in protobuf's generic printer.
   */
  static int readEnum(JsonParser p, String prefix, String[] names) throws IOException {
    if (p.currentToken() == JsonToken.VALUE_NUMBER_INT) {
      return p.getIntValue();
    }
    String text = p.getValueAsString("");
    String bare = text.startsWith(prefix) ? text.substring(prefix.length()) : text;
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(bare)) {
        return i;
      }
    }
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  static void expect(JsonParser p, JsonToken token) throws IOException {
    if (p.currentToken() != token) {
      throw new IOException(
          "expected "
              + token
              + " but found "
              + p.currentToken()
              + " at "
              + p.currentLocation().getColumnNr());
    }
  }

  static String camel(String key) {
    if (key.indexOf('_') < 0) {
      return key;
    }
    return CAMEL.computeIfAbsent(
        key,
        k -> {
          StringBuilder sb = new StringBuilder(k.length());
          boolean upper = false;
          for (int i = 0; i < k.length(); i++) {
            char c = k.charAt(i);
            if (c == '_') {
              upper = sb.length() > 0;
            } else {
              sb.append(upper ? Character.toUpperCase(c) : c);
              upper = false;
            }
          }
          return sb.toString();
        });
  }
}
