package io.spanweave.viewer.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.conventions.ViewerKeys;
import io.spanweave.viewer.index.Attribute;
import io.spanweave.viewer.index.ParsedSpan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a tracing backend's tags mean for a span: the status, kind and scope that OTLP keeps in
 * fields travel as tags ({@link ViewerKeys#TAG_STATUS_CODE} and the others), and attribute arrays
 * travel as JSON text. Those tags become the span's fields again; every other tag becomes an
 * attribute, so the rollout conventions (step, sample, stage, path, reward) read the same.
 */
final class BackendTags {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] KINDS = {
    "unspecified", "internal", "server", "client", "producer", "consumer"
  };

  private BackendTags() {}

  /**
   * Applies one tag to the span.
   *
   * @param value a String, Boolean, Long or Double as the backend typed it
   */
  static void apply(ParsedSpan s, String key, Object value) {
    if (key == null || value == null) {
      return;
    }
    switch (key) {
      case ViewerKeys.TAG_STATUS_CODE -> {
        String code = String.valueOf(value).toUpperCase(Locale.ROOT);
        if (code.equals("ERROR")) {
          s.statusCode = 2;
        } else if (code.equals("OK") && s.statusCode != 2) {
          s.statusCode = 1;
        }
      }
      case ViewerKeys.TAG_STATUS_DESCRIPTION -> s.statusMessage = String.valueOf(value);
      case ViewerKeys.TAG_ERROR -> {
        // Zipkin: the message (possibly empty); Jaeger: true. "false" fails nothing.
        if (!"false".equalsIgnoreCase(String.valueOf(value))) {
          s.statusCode = 2;
          String text = String.valueOf(value);
          if (s.statusMessage == null && !text.isEmpty() && !text.equalsIgnoreCase("true")) {
            s.statusMessage = text;
          }
        }
      }
      case ViewerKeys.TAG_SCOPE_NAME, ViewerKeys.TAG_LIBRARY_NAME ->
          s.scopeName = String.valueOf(value);
      case ViewerKeys.TAG_SCOPE_VERSION, ViewerKeys.TAG_LIBRARY_VERSION ->
          s.scopeVersion = String.valueOf(value);
      case ViewerKeys.TAG_SPAN_KIND -> s.kind = kind(String.valueOf(value));
      default ->
          s.attributes.add(
              new Attribute(key, value instanceof String text ? unpackArray(text) : value));
    }
  }

  /** OTLP's kind number for a backend's kind name ({@code CLIENT}, {@code server}, ...). */
  static int kind(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (int k = 0; k < KINDS.length; k++) {
      if (KINDS[k].equals(lower)) {
        return k;
      }
    }
    return 0;
  }

  /**
   * OpenTelemetry's exporters write an array attribute as its JSON text ({@code ["plan","act"]});
   * read such text back as the list it was, so a span name path written as an array is one again.
   * Anything else stays the string it is.
   */
  static Object unpackArray(String text) {
    if (text.length() < 2 || text.charAt(0) != '[' || text.charAt(text.length() - 1) != ']') {
      return text;
    }
    try {
      JsonNode array = JSON.readTree(text);
      List<Object> values = new ArrayList<>();
      for (JsonNode element : array) {
        Object v = scalar(element);
        if (v == null) {
          return text;
        }
        values.add(v);
      }
      return values;
    } catch (java.io.IOException notJson) {
      return text;
    }
  }

  /** A JSON scalar as an attribute value, or null for objects, arrays and null. */
  static Object scalar(JsonNode node) {
    if (node.isTextual()) {
      return node.asText();
    }
    if (node.isBoolean()) {
      return node.asBoolean();
    }
    if (node.isIntegralNumber() && node.canConvertToLong()) {
      return node.asLong();
    }
    if (node.isNumber()) {
      return node.asDouble();
    }
    return null;
  }

  /**
   * A backend id (hex, leading zeros possibly left out) as OTLP's lowercase hex of {@code bytes}.
   */
  static String id(JsonNode node, int bytes) {
    if (node == null || !node.isTextual()) {
      return null;
    }
    String raw = node.asText().toLowerCase(Locale.ROOT);
    if (raw.isEmpty()
        || raw.length() > bytes * 2
        || !io.spanweave.viewer.index.SpanIds.isHex(raw)) {
      return null;
    }
    String hex = "0".repeat(bytes * 2 - raw.length()) + raw;
    return hex.chars().allMatch(c -> c == '0') ? null : hex;
  }
}
