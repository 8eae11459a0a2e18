package io.spanweave.viewer.http;

import io.spanweave.viewer.index.SpanIds;
import io.spanweave.viewer.query.BadRequestException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The query string of one API request, with validation that turns every bad value into a {@link
 * BadRequestException} (a 400 with a message saying what is wrong), never a 500.
 */
final class QueryParams {
  private final Map<String, String> values = new LinkedHashMap<>();

  QueryParams(String rawQuery, Set<String> allowed) {
    if (rawQuery == null || rawQuery.isEmpty()) {
      return;
    }
    for (String pair : rawQuery.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String key;
      String value;
      try {
        key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
        value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        throw new BadRequestException("badly encoded query parameter '" + pair + "'");
      }
      if (!allowed.contains(key)) {
        throw new BadRequestException(
            "unknown parameter '" + key + "'; this endpoint takes " + allowed);
      }
      if (values.put(key, value) != null) {
        throw new BadRequestException("parameter '" + key + "' given twice");
      }
    }
  }

  /** The value, or null when absent or empty. */
  String optional(String name) {
    String v = values.get(name);
    return v == null || v.isEmpty() ? null : v;
  }

  String required(String name) {
    String v = optional(name);
    if (v == null) {
      throw new BadRequestException("parameter '" + name + "' is required");
    }
    return v;
  }

  int integer(String name, int defaultValue, int min, int max) {
    String v = optional(name);
    if (v == null) {
      return defaultValue;
    }
    try {
      int n = Integer.parseInt(v);
      if (n < min || n > max) {
        throw new BadRequestException(
            name + " must be between " + min + " and " + max + ", not " + n);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new BadRequestException(name + " must be an integer, not '" + v + "'");
    }
  }

  String oneOf(String name, String defaultValue, Set<String> choices) {
    String v = optional(name);
    if (v == null) {
      return defaultValue;
    }
    if (!choices.contains(v)) {
      throw new BadRequestException(name + " must be one of " + choices + ", not '" + v + "'");
    }
    return v;
  }

  /** A trace id in hex (32) or base64, returned as lowercase hex. */
  String traceId(String name) {
    String raw = required(name);
    String hex = SpanIds.normalize(raw, 16);
    if (hex == null) {
      throw new BadRequestException(
          name + " must be a 32-character hex trace id, not '" + raw + "'");
    }
    return hex;
  }

  /** A span id in hex (16) or base64, returned as lowercase hex. */
  String spanId(String name) {
    String raw = required(name);
    String hex = SpanIds.normalize(raw, 8);
    if (hex == null) {
      throw new BadRequestException(
          name + " must be a 16-character hex span id, not '" + raw + "'");
    }
    return hex;
  }
}
