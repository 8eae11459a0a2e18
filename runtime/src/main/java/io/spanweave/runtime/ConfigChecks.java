package io.spanweave.runtime;

import io.spanweave.conventions.SpanAttributes;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Map;

/**
 * The checks every part of a {@link TraceConfig} makes of itself when it is made, so that a wrong
 * setting fails where it is set, with a message that starts {@code Invalid TraceConfig:}, names the
 * setting as {@code part.field} (the accessor path: {@code viewer.port} is
 * {@code config.viewer().port()}) and says what to do.
 */
final class ConfigChecks {

  private ConfigChecks() {
  }

  static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException("Invalid TraceConfig: " + message);
    }
  }

  static void requirePort(int port, String name) {
    require(port >= 0 && port <= 65535, name + " " + port + " is not a TCP port; use 1-65535, or 0 for any free port");
  }

  static void requirePositive(Duration duration, String name, String example) {
    require(duration != null && !duration.isNegative() && !duration.isZero(),
        name + " " + duration + " must be a positive duration, e.g. " + example);
  }

  /** {@code null}, or not blank: a blank value is a mistake, not a way to unset. */
  static void requireNullOrText(String value, String name, String whatToDo) {
    require(value == null || !value.isBlank(), name + " is blank; " + whatToDo);
  }

  static <T> T requirePart(T part, String name, String whatToDo) {
    require(part != null, name + " is null; " + whatToDo);
    return part;
  }

  static boolean isHttpUrl(String value) {
    if (value == null) {
      return false;
    }
    try {
      URI uri = new URI(value);
      return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
    } catch (URISyntaxException e) {
      return false;
    }
  }

  /**
   * Resource attributes have names and values, and do not set what has its own setting (the
   * service name, the run id) or an attempt that is not a number of 1 or more.
   */
  static void requireResourceAttributes(Map<String, String> resourceAttributes) {
    for (Map.Entry<String, String> attribute : resourceAttributes.entrySet()) {
      String key = attribute.getKey();
      require(key != null && !key.isBlank(), "resourceAttributes holds a blank key; every resource attribute needs a name");
      require(attribute.getValue() != null, "resource attribute '" + key + "' has no value; give it one or leave it out");
      require(!key.equals("service.name"), "resourceAttributes sets service.name; set it with serviceName(...) instead");
      require(!key.equals(SpanAttributes.RUN_ID),
          "resourceAttributes sets " + SpanAttributes.RUN_ID + "; set it with runId(...) instead");
      require(!key.equals(SpanAttributes.RUN_ATTEMPT) || isAttemptNumber(attribute.getValue()),
          "resource attribute " + SpanAttributes.RUN_ATTEMPT + " is '" + attribute.getValue() + "'; it is the number "
              + "of an attempt of the run (1 or more), which a driver's childEnvironment() gives its workers; leave it "
              + "unset in a driver, which claims the next number itself");
    }
  }

  private static boolean isAttemptNumber(String value) {
    try {
      return Integer.parseInt(value.trim()) > 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
