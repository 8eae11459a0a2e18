package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;

import io.spanweave.conventions.SpanAttributes;
import java.util.Map;

/**
 * What {@link TraceConfig#resourceAttributes()} may hold: named, valued attributes, not the service
 * name or the run id (each has its own setting), and an attempt number only as a driver's {@code
 * childEnvironment()} gives it to its workers.
 */
final class ResourceAttributeChecks {

  private ResourceAttributeChecks() {}

  /**
   * @throws IllegalArgumentException naming the attribute that is wrong and what to do instead
   */
  static void check(Map<String, String> resourceAttributes) {
    for (Map.Entry<String, String> attribute : resourceAttributes.entrySet()) {
      String key = attribute.getKey();
      require(
          key != null && !key.isBlank(),
          "resourceAttributes holds a blank key; every resource attribute needs a name");
      require(
          attribute.getValue() != null,
          "resource attribute '" + key + "' has no value; give it one or leave it out");
      require(
          !key.equals("service.name"),
          "resourceAttributes sets service.name; set it with serviceName(...) instead");
      require(
          !key.equals(SpanAttributes.RUN_ID),
          "resourceAttributes sets " + SpanAttributes.RUN_ID + "; set it with runId(...) instead");
      require(
          !key.equals(SpanAttributes.RUN_ATTEMPT) || isAttemptNumber(attribute.getValue()),
          "resource attribute "
              + SpanAttributes.RUN_ATTEMPT
              + " is '"
              + attribute.getValue()
              + "'; it is the number "
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
