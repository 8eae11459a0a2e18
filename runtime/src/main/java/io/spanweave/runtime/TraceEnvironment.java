package io.spanweave.runtime;

import io.spanweave.conventions.SpanAttributes;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The environment variables {@link TraceConfig#fromEnvironment(Map)} reads: the standard
 * OpenTelemetry ones where one exists, {@code SPANWEAVE_*} for the rest. Unset or empty variables
 * keep the {@link TraceConfig} defaults.
 */
public final class TraceEnvironment {

  /** {@code true} turns tracing on; default off. */
  public static final String ENABLED = "SPANWEAVE_ENABLED";
  /** The run to join or start; see {@link TraceConfig#runId()}. */
  public static final String RUN_ID = "SPANWEAVE_RUN_ID";
  /** See {@link TraceConfig#outputDir()}. */
  public static final String OUTPUT_DIR = "SPANWEAVE_OUTPUT_DIR";
  /** See {@link TraceConfig#extensions()}: the names of the extensions to turn on, comma separated. */
  public static final String EXTENSIONS = "SPANWEAVE_EXTENSIONS";
  /** See {@link TraceConfig#viewerEnabled()}. */
  public static final String VIEWER_ENABLED = "SPANWEAVE_VIEWER_ENABLED";
  /** See {@link TraceConfig#viewerHost()}. */
  public static final String VIEWER_HOST = "SPANWEAVE_VIEWER_HOST";
  /** See {@link TraceConfig#viewerPort()}. */
  public static final String VIEWER_PORT = "SPANWEAVE_VIEWER_PORT";
  /** See {@link TraceConfig#collectorPort()}. */
  public static final String COLLECTOR_PORT = "SPANWEAVE_COLLECTOR_PORT";
  /** See {@link TraceConfig#collectorAdvertisedHost()}. */
  public static final String COLLECTOR_HOST = "SPANWEAVE_COLLECTOR_HOST";
  /** See {@link TraceConfig#collectorBindAddress()}. */
  public static final String COLLECTOR_BIND = "SPANWEAVE_COLLECTOR_BIND";
  /** {@code true}/{@code false}; see {@link TraceConfig#keepLocalFile()}. */
  public static final String KEEP_LOCAL_FILE = "SPANWEAVE_KEEP_LOCAL_FILE";
  /** {@code true}/{@code false}; see {@link TraceConfig#strictCarriers()}. */
  public static final String STRICT_CARRIERS = "SPANWEAVE_STRICT_CARRIERS";
  /** See {@link TraceConfig#collectorMaxRequestBytes()}. */
  public static final String COLLECTOR_MAX_REQUEST_BYTES = "SPANWEAVE_COLLECTOR_MAX_REQUEST_BYTES";
  /** See {@link TraceConfig#externalTraceJsonlPath()}. */
  public static final String EXTERNAL_TRACE_JSONL = "SPANWEAVE_EXTERNAL_TRACE_JSONL";
  /** See {@link TraceConfig#maxAttributeLength()}; {@link #OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT} also works. */
  public static final String MAX_ATTRIBUTE_LENGTH = "SPANWEAVE_MAX_ATTRIBUTE_LENGTH";
  /** See {@link TraceConfig#maxArrayLength()}. */
  public static final String MAX_ARRAY_LENGTH = "SPANWEAVE_MAX_ARRAY_LENGTH";
  /** See {@link TraceConfig#liveAttributeKeys()}: comma-separated keys. */
  public static final String LIVE_ATTRIBUTE_KEYS = "SPANWEAVE_LIVE_ATTRIBUTE_KEYS";

  /** {@code false} switches previews off everywhere; see {@link TraceConfig#previewsEnabled()}. */
  public static final String PREVIEWS = "SPANWEAVE_PREVIEWS";
  /** See {@link TraceConfig#previewMaxBytes()}. */
  public static final String PREVIEW_MAX_BYTES = "SPANWEAVE_PREVIEW_MAX_BYTES";
  /** See {@link TraceConfig#rank()}; wins over {@link #TORCH_RANK}. */
  public static final String RANK = "SPANWEAVE_RANK";
  /** The global rank set by torchrun, DeepSpeed and most launchers; see {@link TraceConfig#rank()}. */
  public static final String TORCH_RANK = "RANK";
  /** The rank on the node set by the same launchers; see {@link TraceConfig#localRank()}. */
  public static final String LOCAL_RANK = "LOCAL_RANK";

  /** See {@link TraceConfig#serviceName()}. */
  public static final String OTEL_SERVICE_NAME = "OTEL_SERVICE_NAME";
  /** {@code true} turns tracing off whatever {@link #ENABLED} says, as for every OpenTelemetry SDK. */
  public static final String OTEL_SDK_DISABLED = "OTEL_SDK_DISABLED";
  /** {@code key=value,key=value}, values URL-encoded; see {@link TraceConfig#resourceAttributes()}. */
  public static final String OTEL_RESOURCE_ATTRIBUTES = "OTEL_RESOURCE_ATTRIBUTES";
  /** See {@link TraceConfig#externalOtlpEndpoint()}. */
  public static final String OTEL_EXPORTER_OTLP_ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT";
  /** {@code http/protobuf} or {@code grpc}; see {@link TraceConfig#externalOtlpProtocol()}. */
  public static final String OTEL_EXPORTER_OTLP_PROTOCOL = "OTEL_EXPORTER_OTLP_PROTOCOL";
  /** {@code key=value,key=value}, values URL-encoded; see {@link TraceConfig#externalOtlpHeaders()}. */
  public static final String OTEL_EXPORTER_OTLP_HEADERS = "OTEL_EXPORTER_OTLP_HEADERS";
  /** The full traces URL, used as it is and winning over {@link #OTEL_EXPORTER_OTLP_ENDPOINT}; see {@link TraceConfig#externalOtlpTracesEndpoint()}. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT";
  /** As {@link #OTEL_EXPORTER_OTLP_PROTOCOL}, for traces only; wins over it. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_PROTOCOL = "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL";
  /** As {@link #OTEL_EXPORTER_OTLP_HEADERS}, for traces only; wins over it. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_HEADERS = "OTEL_EXPORTER_OTLP_TRACES_HEADERS";
  /** The full span URL of a Zipkin server; see {@link TraceConfig#externalZipkinEndpoint()}. */
  public static final String OTEL_EXPORTER_ZIPKIN_ENDPOINT = "OTEL_EXPORTER_ZIPKIN_ENDPOINT";
  /** See {@link TraceConfig#sampler()}: {@code always_on}, {@code parentbased_traceidratio}, ... */
  public static final String OTEL_TRACES_SAMPLER = "OTEL_TRACES_SAMPLER";
  /** The ratio of the {@code traceidratio} samplers, 0 to 1; see {@link TraceConfig#samplingRatio()}. */
  public static final String OTEL_TRACES_SAMPLER_ARG = "OTEL_TRACES_SAMPLER_ARG";
  /** See {@link TraceConfig#maxAttributeLength()}. */
  public static final String OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT = "OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT";
  /** See {@link TraceConfig#exportQueueSize()}. */
  public static final String OTEL_BSP_MAX_QUEUE_SIZE = "OTEL_BSP_MAX_QUEUE_SIZE";
  /** See {@link TraceConfig#exportBatchSize()}. */
  public static final String OTEL_BSP_MAX_EXPORT_BATCH_SIZE = "OTEL_BSP_MAX_EXPORT_BATCH_SIZE";
  /** Milliseconds; see {@link TraceConfig#exportDelay()}. */
  public static final String OTEL_BSP_SCHEDULE_DELAY = "OTEL_BSP_SCHEDULE_DELAY";
  /** Milliseconds; see {@link TraceConfig#exportTimeout()}. */
  public static final String OTEL_BSP_EXPORT_TIMEOUT = "OTEL_BSP_EXPORT_TIMEOUT";

  private TraceEnvironment() {
  }

  /** A builder holding what {@code env} sets; the caller builds (and so validates) it. */
  static TraceConfig.Builder read(Map<String, String> env) {
    Variables vars = new Variables(env);
    TraceConfig.Builder builder = TraceConfig.builder();
    vars.bool(ENABLED).ifPresent(builder::enabled);
    if (vars.bool(OTEL_SDK_DISABLED).orElse(false)) {
      builder.enabled(false);
    }
    Map<String, String> resource = vars.keyValues(OTEL_RESOURCE_ATTRIBUTES);
    // As the OpenTelemetry spec says: OTEL_SERVICE_NAME wins over service.name in OTEL_RESOURCE_ATTRIBUTES.
    String serviceFromResource = resource.remove("service.name");
    String runFromResource = resource.remove(SpanAttributes.RUN_ID);
    builder.resourceAttributes(resource);
    vars.text(OTEL_SERVICE_NAME).or(() -> Optional.ofNullable(serviceFromResource)).ifPresent(builder::serviceName);
    vars.text(RUN_ID).or(() -> Optional.ofNullable(runFromResource)).ifPresent(builder::runId);
    vars.text(OUTPUT_DIR).map(Path::of).ifPresent(builder::outputDir);
    vars.list(EXTENSIONS).ifPresent(names -> names.forEach(builder::enableExtension));
    vars.bool(VIEWER_ENABLED).ifPresent(builder::viewerEnabled);
    vars.text(VIEWER_HOST).ifPresent(builder::viewerHost);
    vars.integer(VIEWER_PORT).ifPresent(builder::viewerPort);
    vars.integer(COLLECTOR_PORT).ifPresent(builder::collectorPort);
    vars.text(COLLECTOR_HOST).ifPresent(builder::collectorAdvertisedHost);
    vars.text(COLLECTOR_BIND).ifPresent(builder::collectorBindAddress);
    vars.bool(KEEP_LOCAL_FILE).ifPresent(builder::keepLocalFile);
    vars.bool(STRICT_CARRIERS).ifPresent(builder::strictCarriers);
    vars.longInteger(COLLECTOR_MAX_REQUEST_BYTES).ifPresent(builder::collectorMaxRequestBytes);
    vars.text(OTEL_EXPORTER_ZIPKIN_ENDPOINT).ifPresent(builder::externalZipkinEndpoint);
    vars.text(OTEL_EXPORTER_OTLP_ENDPOINT).ifPresent(builder::externalOtlpEndpoint);
    vars.protocol(OTEL_EXPORTER_OTLP_PROTOCOL).ifPresent(builder::externalOtlpProtocol);
    builder.externalOtlpHeaders(vars.keyValues(OTEL_EXPORTER_OTLP_HEADERS));
    // The signal-specific variables win over the generic ones, as the OpenTelemetry spec says.
    vars.text(OTEL_EXPORTER_OTLP_TRACES_ENDPOINT).ifPresent(builder::externalOtlpTracesEndpoint);
    vars.protocol(OTEL_EXPORTER_OTLP_TRACES_PROTOCOL).ifPresent(builder::externalOtlpProtocol);
    Map<String, String> tracesHeaders = vars.keyValues(OTEL_EXPORTER_OTLP_TRACES_HEADERS);
    if (!tracesHeaders.isEmpty()) {
      builder.externalOtlpHeaders(tracesHeaders);
    }
    vars.text(EXTERNAL_TRACE_JSONL).map(Path::of).ifPresent(builder::externalTraceJsonlPath);
    vars.integer(OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT).ifPresent(builder::maxAttributeLength);
    vars.integer(MAX_ATTRIBUTE_LENGTH).ifPresent(builder::maxAttributeLength);
    vars.integer(MAX_ARRAY_LENGTH).ifPresent(builder::maxArrayLength);
    vars.integer(OTEL_BSP_MAX_QUEUE_SIZE).ifPresent(builder::exportQueueSize);
    vars.integer(OTEL_BSP_MAX_EXPORT_BATCH_SIZE).ifPresent(builder::exportBatchSize);
    vars.integer(OTEL_BSP_SCHEDULE_DELAY).map(Duration::ofMillis).ifPresent(builder::exportDelay);
    vars.integer(OTEL_BSP_EXPORT_TIMEOUT).map(Duration::ofMillis).ifPresent(builder::exportTimeout);
    vars.list(LIVE_ATTRIBUTE_KEYS).ifPresent(builder::liveAttributeKeys);
    vars.bool(PREVIEWS).ifPresent(builder::previewsEnabled);
    vars.integer(PREVIEW_MAX_BYTES).ifPresent(builder::previewMaxBytes);
    vars.sampler(OTEL_TRACES_SAMPLER).ifPresent(builder::sampler);
    vars.ratio(OTEL_TRACES_SAMPLER_ARG).ifPresent(builder::samplerArgument);
    vars.integer(RANK).or(() -> vars.integer(TORCH_RANK)).ifPresent(builder::rank);
    vars.integer(LOCAL_RANK).ifPresent(builder::localRank);
    return builder;
  }

  /** Formats {@code key=value,...} with URL-encoded values, the format of {@link #OTEL_RESOURCE_ATTRIBUTES}. */
  static String formatKeyValues(Map<String, String> values) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, String> entry : values.entrySet()) {
      if (out.length() > 0) {
        out.append(',');
      }
      out.append(entry.getKey()).append('=')
          .append(URLEncoder.encode(entry.getValue(), StandardCharsets.UTF_8).replace("+", "%20"));
    }
    return out.toString();
  }

  /** Typed reads of one environment, each failure naming the variable and its value. */
  private static final class Variables {

    private final Map<String, String> env;

    Variables(Map<String, String> env) {
      this.env = env == null ? Map.of() : env;
    }

    Optional<String> text(String name) {
      String value = env.get(name);
      return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }

    Optional<Boolean> bool(String name) {
      return text(name).map(value -> {
        switch (value.toLowerCase(Locale.ROOT)) {
          case "true": case "1": case "yes": case "on":
            return true;
          case "false": case "0": case "no": case "off":
            return false;
          default:
            throw wrong(name, value, "true or false");
        }
      });
    }

    Optional<Integer> integer(String name) {
      return text(name).map(value -> {
        try {
          return Integer.parseInt(value);
        } catch (NumberFormatException e) {
          throw wrong(name, value, "a whole number");
        }
      });
    }

    Optional<Long> longInteger(String name) {
      return text(name).map(value -> {
        try {
          return Long.parseLong(value);
        } catch (NumberFormatException e) {
          throw wrong(name, value, "a whole number");
        }
      });
    }

    Optional<OtlpProtocol> protocol(String name) {
      return text(name).map(value -> {
        try {
          return OtlpProtocol.parse(value);
        } catch (IllegalArgumentException e) {
          throw wrong(name, value, "'http/protobuf' or 'grpc'");
        }
      });
    }

    Optional<TraceSampler> sampler(String name) {
      return text(name).map(value -> {
        try {
          return TraceSampler.parse(value);
        } catch (IllegalArgumentException e) {
          throw wrong(name, value, "one of always_on, always_off, traceidratio, parentbased_always_on, "
              + "parentbased_always_off, parentbased_traceidratio");
        }
      });
    }

    Optional<Double> ratio(String name) {
      return text(name).map(value -> {
        double ratio;
        try {
          ratio = Double.parseDouble(value);
        } catch (NumberFormatException e) {
          throw wrong(name, value, "a number from 0 to 1, e.g. 0.1");
        }
        if (!(ratio >= 0 && ratio <= 1)) {
          throw wrong(name, value, "a number from 0 to 1, e.g. 0.1");
        }
        return ratio;
      });
    }

    Optional<List<String>> list(String name) {
      return text(name).map(value -> {
        List<String> items = new ArrayList<>();
        for (String item : value.split(",")) {
          if (!item.isBlank()) {
            items.add(item.trim());
          }
        }
        return items;
      });
    }

    /** {@code key=value,key=value} with URL-encoded values, as the OpenTelemetry spec defines it. */
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
        // Header values may be credentials: never echo them in an error message.
        String shown = name.equals(OTEL_EXPORTER_OTLP_HEADERS) ? "<hidden>" : text.get();
        if (equals <= 0) {
          throw wrong(name, shown, "comma-separated key=value pairs, e.g. deployment.environment=prod,team=rl");
        }
        String key = pair.substring(0, equals).trim();
        try {
          result.put(key, URLDecoder.decode(pair.substring(equals + 1).trim(), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
          throw wrong(name, shown, "key=value pairs whose values are URL-encoded");
        }
      }
      return result;
    }

    private static IllegalArgumentException wrong(String name, String value, String expected) {
      return new IllegalArgumentException("Invalid environment: " + name + " is '" + value + "'; set it to " + expected
          + " or unset it");
    }
  }
}
