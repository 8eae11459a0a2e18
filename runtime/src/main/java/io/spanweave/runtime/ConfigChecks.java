package io.spanweave.runtime;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The checks every part of a {@link TraceConfig} makes of itself when it is made, so that a wrong
 * setting fails where it is set, with a message that starts {@code Invalid TraceConfig:}, names the
 * setting as {@code part.field} (the accessor path: {@code viewer.port} is {@code
 * config.viewer().port()}) and says what to do.
 */
final class ConfigChecks {

  private ConfigChecks() {}

  /** A part changed by the builder's {@code change}, which must return the settings to use. */
  static <T> T changed(T current, UnaryOperator<T> change, String part) {
    T changed = Objects.requireNonNull(change, part).apply(current);
    require(
        changed != null,
        "the change of "
            + part
            + " returned null; return the settings to use, e.g. "
            + part
            + "("
            + part
            + " -> "
            + part
            + ")");
    return changed;
  }

  static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException("Invalid TraceConfig: " + message);
    }
  }

  static void requirePort(int port, String name) {
    require(
        port >= 0 && port <= 65535,
        name + " " + port + " is not a TCP port; use 1-65535, or 0 for any free port");
  }

  static void requirePositive(Duration duration, String name, String example) {
    require(
        duration != null && !duration.isNegative() && !duration.isZero(),
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
      return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
          && uri.getHost() != null;
    } catch (URISyntaxException e) {
      return false;
    }
  }
}
