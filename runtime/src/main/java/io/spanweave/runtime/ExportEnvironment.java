package io.spanweave.runtime;

import static io.spanweave.runtime.TraceEnvironment.LOCAL_FILE_EXPORTER;
import static io.spanweave.runtime.TraceEnvironment.OTEL_EXPORTER_OTLP_COMPRESSION;
import static io.spanweave.runtime.TraceEnvironment.OTEL_EXPORTER_OTLP_ENDPOINT;
import static io.spanweave.runtime.TraceEnvironment.OTEL_EXPORTER_OTLP_HEADERS;
import static io.spanweave.runtime.TraceEnvironment.OTEL_EXPORTER_OTLP_PROTOCOL;
import static io.spanweave.runtime.TraceEnvironment.OTEL_EXPORTER_OTLP_TIMEOUT;
import static io.spanweave.runtime.TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_COMPRESSION;
import static io.spanweave.runtime.TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
import static io.spanweave.runtime.TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_HEADERS;
import static io.spanweave.runtime.TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL;
import static io.spanweave.runtime.TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT;
import static io.spanweave.runtime.TraceEnvironment.OTEL_EXPORTER_ZIPKIN_ENDPOINT;
import static io.spanweave.runtime.TraceEnvironment.OTEL_TRACES_EXPORTER;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The export choice the environment makes, over the one a {@link TraceConfig} already has: {@code
 * OTEL_TRACES_EXPORTER} when set, naming the targets, whose settings come from the endpoint
 * variables, else from the config's own target of that kind, else OpenTelemetry's defaults ({@code
 * http://localhost:4318}); without it, an endpoint variable picks its collector (as before {@code
 * OTEL_TRACES_EXPORTER} existed) and the config's choice stays otherwise. The traces-only OTLP
 * variables win over the generic ones, as the OpenTelemetry spec says.
 */
final class ExportEnvironment {

  /**
   * OpenTelemetry's default OTLP endpoint for {@code http/protobuf}, used with {@code
   * OTEL_TRACES_EXPORTER=otlp} and no endpoint.
   */
  static final String DEFAULT_OTLP_HTTP_ENDPOINT = "http://localhost:4318";

  /** OpenTelemetry's default OTLP endpoint for {@code grpc}. */
  static final String DEFAULT_OTLP_GRPC_ENDPOINT = "http://localhost:4317";

  /**
   * OpenTelemetry's default Zipkin endpoint, used with {@code OTEL_TRACES_EXPORTER=zipkin} and no
   * endpoint.
   */
  static final String DEFAULT_ZIPKIN_ENDPOINT = "http://localhost:9411/api/v2/spans";

  private static final List<String> OTLP_VARIABLES =
      List.of(
          OTEL_EXPORTER_OTLP_ENDPOINT,
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
          OTEL_EXPORTER_OTLP_PROTOCOL,
          OTEL_EXPORTER_OTLP_TRACES_PROTOCOL,
          OTEL_EXPORTER_OTLP_HEADERS,
          OTEL_EXPORTER_OTLP_TRACES_HEADERS,
          OTEL_EXPORTER_OTLP_COMPRESSION,
          OTEL_EXPORTER_OTLP_TRACES_COMPRESSION,
          OTEL_EXPORTER_OTLP_TIMEOUT,
          OTEL_EXPORTER_OTLP_TRACES_TIMEOUT);

  private final EnvironmentValues vars;

  ExportEnvironment(EnvironmentValues vars) {
    this.vars = vars;
  }

  /** {@code current} with what the environment says applied. */
  ExportTarget apply(ExportTarget current) {
    otlp(null, false); // a wrong OTLP variable fails here, even when no OTLP target uses it
    Optional<List<String>> names = vars.list(OTEL_TRACES_EXPORTER);
    if (names.isPresent()) {
      return named(names.get(), current);
    }
    Optional<String> zipkin =
        url(
            OTEL_EXPORTER_ZIPKIN_ENDPOINT,
            "Zipkin's span endpoint, e.g. http://zipkin:9411/api/v2/spans");
    boolean otlpEndpoint =
        vars.text(OTEL_EXPORTER_OTLP_ENDPOINT).isPresent()
            || vars.text(OTEL_EXPORTER_OTLP_TRACES_ENDPOINT).isPresent();
    if (current instanceof ExportTarget.Composite composite
        && (zipkin.isPresent() || otlpSettingsSet())) {
      List<ExportTarget> parts = new ArrayList<>();
      for (ExportTarget part : composite.parts()) {
        if (part instanceof ExportTarget.Otlp otlp) {
          parts.add(otlp(otlp, false));
        } else if (part instanceof ExportTarget.Zipkin z) {
          parts.add(new ExportTarget.Zipkin(zipkin.orElse(z.endpoint())));
        } else {
          parts.add(part);
        }
      }
      return new ExportTarget.Composite(parts);
    }
    if (zipkin.isPresent() && otlpEndpoint) {
      String otlp =
          vars.text(OTEL_EXPORTER_OTLP_ENDPOINT).isPresent()
              ? OTEL_EXPORTER_OTLP_ENDPOINT
              : OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
      throw new IllegalArgumentException(
          "Invalid environment: "
              + vars.shown(otlp)
              + " and "
              + vars.shown(OTEL_EXPORTER_ZIPKIN_ENDPOINT)
              + " are both set; spans go to one external collector, so keep one "
              + "of them, or send to both with "
              + OTEL_TRACES_EXPORTER
              + "=otlp,zipkin");
    }
    if (zipkin.isPresent()) {
      return new ExportTarget.Zipkin(zipkin.get());
    }
    if (otlpEndpoint || current instanceof ExportTarget.Otlp && otlpSettingsSet()) {
      return otlp(current instanceof ExportTarget.Otlp otlp ? otlp : null, false);
    }
    return current;
  }

  private boolean otlpSettingsSet() {
    return OTLP_VARIABLES.stream().anyMatch(name -> vars.text(name).isPresent());
  }

  /** The targets {@code OTEL_TRACES_EXPORTER} lists. */
  private ExportTarget named(List<String> names, ExportTarget current) {
    List<ExportTarget> parts = new ArrayList<>();
    for (String raw : names) {
      ExportTarget part;
      switch (raw.toLowerCase(Locale.ROOT)) {
        case LOCAL_FILE_EXPORTER:
          part = ExportTarget.localFile();
          break;
        case "otlp":
          part = otlp(current.part(ExportTarget.Otlp.class).orElse(null), true);
          break;
        case "zipkin":
          part =
              new ExportTarget.Zipkin(
                  url(OTEL_EXPORTER_ZIPKIN_ENDPOINT, "Zipkin's span endpoint")
                      .orElse(
                          current
                              .part(ExportTarget.Zipkin.class)
                              .map(ExportTarget.Zipkin::endpoint)
                              .orElse(DEFAULT_ZIPKIN_ENDPOINT)));
          break;
        case "console":
        case "logging":
          part = ExportTarget.Console.INSTANCE;
          break;
        case "none":
          if (names.size() > 1) {
            throw vars.wrong(
                OTEL_TRACES_EXPORTER,
                String.join(",", names),
                "'none' alone: it cannot be listed with other exporters");
          }
          return ExportTarget.None.INSTANCE;
        default:
          throw vars.wrong(
              OTEL_TRACES_EXPORTER,
              String.join(",", names),
              "a comma-separated list of "
                  + LOCAL_FILE_EXPORTER
                  + ", otlp, zipkin, console (or logging) and none");
      }
      if (!parts.contains(part)) {
        parts.add(part);
      }
    }
    return parts.size() == 1 ? parts.get(0) : new ExportTarget.Composite(parts);
  }

  /**
   * An OTLP target: {@code base}'s settings (the config's own, when it had one), each replaced by
   * its variable when set. Without any endpoint: OpenTelemetry's default for the protocol when
   * {@code defaultEndpoint}, else {@code null}.
   */
  private ExportTarget.Otlp otlp(ExportTarget.Otlp base, boolean defaultEndpoint) {
    String endpoint = base == null ? null : base.endpoint();
    String tracesEndpoint = base == null ? null : base.tracesEndpoint();
    Optional<String> genericEndpoint =
        url(
            OTEL_EXPORTER_OTLP_ENDPOINT,
            "an http(s) URL, e.g. http://collector:4318 (http/protobuf) or http://collector:4317 (grpc)");
    if (genericEndpoint.isPresent()) {
      endpoint = genericEndpoint.get();
      tracesEndpoint = null;
    }
    tracesEndpoint =
        url(
                OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
                "the full traces URL, e.g. http://collector:4318/v1/traces "
                    + "(http/protobuf) or http://collector:4317 (grpc)")
            .orElse(tracesEndpoint);
    OtlpProtocol protocol =
        protocol(OTEL_EXPORTER_OTLP_TRACES_PROTOCOL)
            .or(() -> protocol(OTEL_EXPORTER_OTLP_PROTOCOL))
            .orElse(base == null ? OtlpProtocol.HTTP_PROTOBUF : base.protocol());
    Map<String, String> headers = vars.keyValues(OTEL_EXPORTER_OTLP_TRACES_HEADERS);
    if (headers.isEmpty()) {
      headers = vars.keyValues(OTEL_EXPORTER_OTLP_HEADERS);
    }
    if (headers.isEmpty() && base != null) {
      headers = base.headers();
    }
    String compression =
        compression(OTEL_EXPORTER_OTLP_TRACES_COMPRESSION)
            .or(() -> compression(OTEL_EXPORTER_OTLP_COMPRESSION))
            .orElse(base == null ? null : base.compression());
    Duration timeout =
        vars.duration(OTEL_EXPORTER_OTLP_TRACES_TIMEOUT)
            .or(() -> vars.duration(OTEL_EXPORTER_OTLP_TIMEOUT))
            .orElse(base == null ? null : base.timeout());
    if (endpoint == null && tracesEndpoint == null) {
      if (!defaultEndpoint) {
        return null;
      }
      endpoint =
          protocol == OtlpProtocol.GRPC ? DEFAULT_OTLP_GRPC_ENDPOINT : DEFAULT_OTLP_HTTP_ENDPOINT;
    }
    return new ExportTarget.Otlp(endpoint, tracesEndpoint, protocol, headers, compression, timeout);
  }

  private Optional<String> url(String name, String expected) {
    Optional<String> value = vars.text(name);
    value
        .filter(url -> !ConfigChecks.isHttpUrl(url))
        .ifPresent(
            url -> {
              throw vars.wrong(name, url, expected);
            });
    return value;
  }

  private Optional<OtlpProtocol> protocol(String name) {
    return vars.choice(name, OtlpProtocol::parse, "'http/protobuf' or 'grpc'");
  }

  private Optional<String> compression(String name) {
    return vars.choice(
        name,
        value -> {
          String normalized = value.toLowerCase(Locale.ROOT);
          if (!normalized.equals("gzip") && !normalized.equals("none")) {
            throw new IllegalArgumentException(value);
          }
          return normalized;
        },
        "'gzip' or 'none'");
  }
}
