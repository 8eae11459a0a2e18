package io.spanweave.runtime;

import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.autoconfigure.spi.ConfigurationException;
import io.opentelemetry.sdk.autoconfigure.spi.internal.DefaultConfigProperties;
import io.spanweave.conventions.SecretValues;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Typed reads of one set of settings through OpenTelemetry's {@link ConfigProperties}: its naming
 * ({@code OTEL_BSP_SCHEDULE_DELAY} is {@code otel.bsp.schedule.delay}), its precedence (system
 * property over variable) and its parsing of numbers, durations and lists. What is ours: an empty
 * value counts as unset, a failure names the variable (or {@code -D} property) the user set and
 * what to set it to, and a credential is never echoed.
 */
final class EnvironmentValues {

  /** Variables whose values are credentials: never echoed, not even when malformed. */
  private static final Set<String> SECRET_VARIABLES =
      Set.of(
          TraceEnvironment.OTEL_EXPORTER_OTLP_HEADERS,
          TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_HEADERS);

  /** Variables that hold URLs: echoed with user-info and query values masked. */
  private static final Set<String> URL_VARIABLES =
      Set.of(
          TraceEnvironment.OTEL_EXPORTER_OTLP_ENDPOINT,
          TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
          TraceEnvironment.OTEL_EXPORTER_ZIPKIN_ENDPOINT);

  /** How every message about a wrong value starts. */
  private static final String INVALID = "Invalid environment: ";

  private final ConfigProperties properties;

  /**
   * The system properties of the process, to say {@code -Dotel.x} rather than {@code OTEL_X} when
   * one was set.
   */
  private final Set<String> systemProperties;

  EnvironmentValues(ConfigProperties properties, Set<String> systemProperties) {
    this.properties = properties;
    this.systemProperties = systemProperties;
  }

  /**
   * The values {@code variables} holds, by variable name ({@code OTEL_SERVICE_NAME}); {@code null}
   * holds none.
   */
  static EnvironmentValues of(Map<String, String> variables) {
    Map<String, String> settings = new LinkedHashMap<>();
    if (variables != null) {
      variables.forEach(
          (name, value) -> {
            if (name != null && value != null) {
              settings.put(TraceEnvironment.propertyName(name), value.trim());
            }
          });
    }
    return new EnvironmentValues(DefaultConfigProperties.createFromMap(settings), Set.of());
  }

  /**
   * This process's environment variables and system properties, a property winning over the
   * variable of the same name ({@code OTEL_TRACES_EXPORTER} and {@code -Dotel.traces.exporter} are
   * {@code otel.traces.exporter}), as OpenTelemetry's own {@code DefaultConfigProperties.create}
   * merges them. Built here because that method's signature differs across the supported
   * OpenTelemetry range (1.49 takes a map; 1.68 also a {@code ComponentLoader}, a class 1.49
   * lacks), while {@code createFromMap} is the same in all. Values are trimmed, as spanweave always
   * read them: OpenTelemetry's number parsing is not.
   */
  static EnvironmentValues ofProcess() {
    Map<String, String> settings = new LinkedHashMap<>();
    System.getenv()
        .forEach(
            (name, value) ->
                settings.put(name.toLowerCase(Locale.ROOT).replace('_', '.'), value.trim()));
    System.getProperties()
        .forEach(
            (name, value) -> {
              if (name instanceof String key && value instanceof String text) {
                settings.put(key.toLowerCase(Locale.ROOT).replace('-', '.'), text.trim());
              }
            });
    return new EnvironmentValues(
        DefaultConfigProperties.createFromMap(settings), systemPropertyNames());
  }

  private static Set<String> systemPropertyNames() {
    try {
      return System.getProperties().stringPropertyNames();
    } catch (SecurityException e) {
      return Set.of();
    }
  }

  /**
   * How the user set {@code name}: the variable, or {@code -D<property>} when a system property set
   * it.
   */
  String shown(String name) {
    String property = TraceEnvironment.propertyName(name);
    return systemProperties.contains(property) ? "-D" + property : name;
  }

  Optional<String> text(String name) {
    String value = properties.getString(TraceEnvironment.propertyName(name));
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
  }

  /**
   * Our own parse rather than {@link ConfigProperties#getBoolean}: OpenTelemetry reads anything but
   * {@code true} as false, so {@code OTEL_SDK_DISABLED=yes} would leave tracing on silently; we
   * accept the documented forms and reject the rest with a message.
   */
  Optional<Boolean> bool(String name) {
    return text(name)
        .map(
            value -> {
              switch (value.toLowerCase(Locale.ROOT)) {
                case "true":
                case "1":
                case "yes":
                case "on":
                  return true;
                case "false":
                case "0":
                case "no":
                case "off":
                  return false;
                default:
                  throw wrong(name, value, "true or false");
              }
            });
  }

  Optional<Integer> integer(String name) {
    return typed(name, ConfigProperties::getInt, "a whole number");
  }

  Optional<Long> longInteger(String name) {
    return typed(name, ConfigProperties::getLong, "a whole number");
  }

  /**
   * Milliseconds, or a number with OpenTelemetry's units ({@code ms}, {@code s}, {@code m}, ...).
   */
  Optional<Duration> duration(String name) {
    return typed(
        name,
        ConfigProperties::getDuration,
        "a number of milliseconds, e.g. 5000, or one with a unit, e.g. 5s");
  }

  /** A share from 0 to 1. */
  Optional<Double> ratio(String name) {
    String expected = "a number from 0 to 1, e.g. 0.1";
    Optional<Double> ratio = typed(name, ConfigProperties::getDouble, expected);
    ratio
        .filter(value -> !(value >= 0 && value <= 1))
        .ifPresent(
            value -> {
              throw wrong(name, text(name).orElse(""), expected);
            });
    return ratio;
  }

  /** A file: {@code specific}'s, else {@code general}'s when that is not {@code null}. */
  Optional<Path> path(String specific, String general) {
    return text(specific)
        .or(() -> general == null ? Optional.empty() : text(general))
        .map(Path::of);
  }

  /**
   * A part made from values of {@code names}: a check of the part that fails (a port out of range,
   * a certificate without its key) is said as a fault of the variables among {@code names} that are
   * set, their values not echoed (some hold paths of credentials). A failure none of them caused is
   * thrown as it is.
   */
  <T> T part(Supplier<T> make, String... names) {
    try {
      return make.get();
    } catch (IllegalArgumentException e) {
      if (String.valueOf(e.getMessage()).startsWith(INVALID)) {
        throw e; // a value of the wrong kind, which names its variable already
      }
      List<String> set = new ArrayList<>();
      for (String name : names) {
        if (text(name).isPresent()) {
          set.add(shown(name));
        }
      }
      if (set.isEmpty()) {
        throw e;
      }
      String check = String.valueOf(e.getMessage()).replaceFirst("^Invalid TraceConfig: ", "");
      throw new IllegalArgumentException(INVALID + String.join(", ", set) + ": " + check, e);
    }
  }

  Optional<List<String>> list(String name) {
    return text(name).map(value -> properties.getList(TraceEnvironment.propertyName(name)));
  }

  /**
   * A value of a fixed set, parsed by {@code parse}, which throws {@link IllegalArgumentException}
   * for others.
   */
  <T> Optional<T> choice(String name, Function<String, T> parse, String expected) {
    return text(name)
        .map(
            value -> {
              try {
                return parse.apply(value);
              } catch (IllegalArgumentException e) {
                throw wrong(name, value, expected);
              }
            });
  }

  /**
   * {@code key=value,key=value} with URL-encoded values, as the OpenTelemetry spec defines it. Our
   * own parse rather than {@link ConfigProperties#getMap}: that one neither decodes the values nor
   * keeps a malformed header's credential out of its message.
   */
  Map<String, String> keyValues(String name) {
    Map<String, String> result = new LinkedHashMap<>();
    Optional<String> text = text(name);
    if (text.isEmpty()) {
      return result;
    }
    for (String pair : text.get().split(",")) {
      if (pair.isBlank()) {
        continue;
      }
      int equals = pair.indexOf('=');
      if (equals <= 0) {
        throw wrong(
            name,
            text.get(),
            SECRET_VARIABLES.contains(name)
                ? "comma-separated header=value pairs with URL-encoded values, e.g. authorization=Bearer%20<token>,x-team=rl"
                : "comma-separated key=value pairs, e.g. deployment.environment=prod,team=rl");
      }
      String key = pair.substring(0, equals).trim();
      try {
        result.put(
            key, URLDecoder.decode(pair.substring(equals + 1).trim(), StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        throw wrong(name, text.get(), "key=value pairs whose values are URL-encoded");
      }
    }
    return result;
  }

  /**
   * A value OpenTelemetry's {@code read} parses; its failure, reworded to name what the user set.
   */
  private <T> Optional<T> typed(
      String name, BiFunction<ConfigProperties, String, T> read, String expected) {
    Optional<String> text = text(name);
    if (text.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.ofNullable(read.apply(properties, TraceEnvironment.propertyName(name)));
    } catch (ConfigurationException | NumberFormatException e) {
      throw wrong(name, text.get(), expected);
    }
  }

  /**
   * The error for a wrong value: the variable as the user set it, the value unless it is a
   * credential.
   */
  IllegalArgumentException wrong(String name, String value, String expected) {
    String shownValue =
        SECRET_VARIABLES.contains(name)
            ? "<hidden>"
            : URL_VARIABLES.contains(name) ? SecretValues.maskUrl(value) : value;
    return new IllegalArgumentException(
        INVALID + shown(name) + " is '" + shownValue + "'; set it to " + expected + " or unset it");
  }
}
