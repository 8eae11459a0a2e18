package io.spanweave.runtime;

import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.autoconfigure.spi.ConfigurationException;
import io.opentelemetry.sdk.autoconfigure.spi.internal.DefaultConfigProperties;
import io.spanweave.conventions.SecretValues;
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
import java.util.Set;

/**
 * The environment variables {@link TraceConfig#fromEnvironment(Map)} reads: the standard
 * OpenTelemetry ones where one exists, {@code SPANWEAVE_*} for the rest. Unset or empty variables
 * keep the {@link TraceConfig} defaults.
 *
 * <p>Every variable has a system property of the same name in OpenTelemetry's spelling, lower case
 * with dots ({@code OTEL_SERVICE_NAME} is {@code -Dotel.service.name}, {@code SPANWEAVE_OUTPUT_DIR}
 * is {@code -Dspanweave.output.dir}), and, as in OpenTelemetry's autoconfigure module, a system
 * property wins over its variable: both are read through OpenTelemetry's own
 * {@code DefaultConfigProperties}. {@link Tracing#configure(TraceConfig)} applies what this process's
 * system properties and environment set on top of the {@link TraceConfig} it is given: the
 * environment overrides the builder, and {@code OTEL_SDK_DISABLED=true} always turns tracing off.
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
  /** See {@link TraceConfig#liveEndpoint()}: set by the driver for its children. */
  public static final String LIVE_ENDPOINT = "SPANWEAVE_LIVE_ENDPOINT";
  /** See {@link TraceConfig#liveAttributeKeys()}: comma-separated keys. */
  public static final String LIVE_ATTRIBUTE_KEYS = "SPANWEAVE_LIVE_ATTRIBUTE_KEYS";

  /** Bytes at which {@code traces.jsonl} is closed as a part, 0 for never; see {@link RunFileSettings#partMaxBytes()}. */
  public static final String PART_MAX_BYTES = "SPANWEAVE_PART_MAX_BYTES";
  /** {@code gzip}, {@code none} or a codec module's name; see {@link RunFileSettings#codec()}. */
  public static final String PART_CODEC = "SPANWEAVE_PART_CODEC";

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
  /**
   * Where spans go, as a comma-separated list: {@code spanweave} (the run's {@code traces.jsonl}
   * and local collector), {@code otlp}, {@code zipkin}, {@code console} or {@code logging}, or
   * {@code none}; see {@link ExportTarget}. Unset: the endpoint variables decide, and without one
   * the run's local file.
   */
  public static final String OTEL_TRACES_EXPORTER = "OTEL_TRACES_EXPORTER";
  /** The name of {@link ExportTarget.LocalFile} in {@link #OTEL_TRACES_EXPORTER}. */
  public static final String LOCAL_FILE_EXPORTER = "spanweave";
  /** Comma-separated propagator names, such as {@code tracecontext,baggage}; see {@link TraceConfig#propagators()}. */
  public static final String OTEL_PROPAGATORS = "OTEL_PROPAGATORS";
  /** {@code gzip} or {@code none}; see {@link ExportTarget.Otlp#compression()}. */
  public static final String OTEL_EXPORTER_OTLP_COMPRESSION = "OTEL_EXPORTER_OTLP_COMPRESSION";
  /** As {@link #OTEL_EXPORTER_OTLP_COMPRESSION}, for traces only; wins over it. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_COMPRESSION = "OTEL_EXPORTER_OTLP_TRACES_COMPRESSION";
  /** Milliseconds (or a number with a unit: {@code 5s}); see {@link ExportTarget.Otlp#timeout()}. */
  public static final String OTEL_EXPORTER_OTLP_TIMEOUT = "OTEL_EXPORTER_OTLP_TIMEOUT";
  /** As {@link #OTEL_EXPORTER_OTLP_TIMEOUT}, for traces only; wins over it. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_TIMEOUT = "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT";
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

  /** OpenTelemetry's default OTLP endpoint for {@code http/protobuf}, used with {@code OTEL_TRACES_EXPORTER=otlp} and no endpoint. */
  static final String DEFAULT_OTLP_HTTP_ENDPOINT = "http://localhost:4318";
  /** OpenTelemetry's default OTLP endpoint for {@code grpc}. */
  static final String DEFAULT_OTLP_GRPC_ENDPOINT = "http://localhost:4317";
  /** OpenTelemetry's default Zipkin endpoint, used with {@code OTEL_TRACES_EXPORTER=zipkin} and no endpoint. */
  static final String DEFAULT_ZIPKIN_ENDPOINT = "http://localhost:9411/api/v2/spans";

  /** Variables whose values are credentials: never echoed, not even when malformed. */
  private static final Set<String> SECRET_VARIABLES = Set.of(
      OTEL_EXPORTER_OTLP_HEADERS, OTEL_EXPORTER_OTLP_TRACES_HEADERS);
  /** Variables that hold URLs: echoed with user-info and query values masked. */
  private static final Set<String> URL_VARIABLES = Set.of(
      OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_EXPORTER_ZIPKIN_ENDPOINT);

  private TraceEnvironment() {
  }

  /**
   * The system property that means the same as {@code variable}, as OpenTelemetry spells it:
   * {@code OTEL_SERVICE_NAME} is {@code otel.service.name}.
   */
  public static String propertyName(String variable) {
    return variable.toLowerCase(Locale.ROOT).replace('_', '.');
  }

  /** A builder holding what {@code env} sets; the caller builds (and so validates) it. */
  static TraceConfig.Builder read(Map<String, String> env) {
    Map<String, String> properties = new LinkedHashMap<>();
    if (env != null) {
      env.forEach((name, value) -> {
        if (name != null && value != null) {
          properties.put(propertyName(name), value);
        }
      });
    }
    Variables vars = new Variables(DefaultConfigProperties.createFromMap(properties), Set.of());
    TraceConfig.Builder builder = TraceConfig.builder();
    apply(vars, builder);
    return builder;
  }

  /**
   * {@code config} with what this process's system properties and environment variables set applied
   * on top (system properties win over variables, as in OpenTelemetry), and, when tracing is off,
   * why.
   *
   * @throws IllegalArgumentException naming the variable or property whose value is wrong
   */
  static Effective applyProcessSettings(TraceConfig config) {
    ConfigProperties process = DefaultConfigProperties.createFromMap(processSettings());
    Variables vars = new Variables(process, systemPropertyNames());
    TraceConfig.Builder builder = config.toBuilder();
    apply(vars, builder);
    TraceConfig effective = builder.build();
    return new Effective(effective, effective.enabled() ? null : offReason(vars, config));
  }

  /**
   * This process's environment variables and system properties as OpenTelemetry's property names,
   * a property winning over the variable of the same name ({@code OTEL_TRACES_EXPORTER} and
   * {@code -Dotel.traces.exporter} are {@code otel.traces.exporter}), as OpenTelemetry's own
   * {@code DefaultConfigProperties.create} merges them. Built here because that method's signature
   * differs across the supported OpenTelemetry range (1.49 takes a map; 1.68 also a
   * {@code ComponentLoader}, a class 1.49 lacks), while {@code createFromMap} is the same in all.
   */
  private static Map<String, String> processSettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    System.getenv().forEach((name, value) -> settings.put(name.toLowerCase(Locale.ROOT).replace('_', '.'), value));
    System.getProperties().forEach((name, value) -> {
      if (name instanceof String key && value instanceof String text) {
        settings.put(key.toLowerCase(Locale.ROOT).replace('-', '.'), text);
      }
    });
    return settings;
  }

  /** The configuration a run starts with, and, when tracing is off, why (for the startup line). */
  record Effective(TraceConfig config, String offReason) {
  }

  private static String offReason(Variables vars, TraceConfig given) {
    if (vars.bool(OTEL_SDK_DISABLED).orElse(false)) {
      return vars.shown(OTEL_SDK_DISABLED) + "=true";
    }
    Optional<Boolean> enabled = vars.bool(ENABLED);
    if (enabled.isPresent()) {
      return vars.shown(ENABLED) + "=false";
    }
    return given.enabled() ? "the configuration turned it off"
        : "not enabled: the TraceConfig says enabled(false), the default; turn it on with "
            + "TraceConfig.builder().enabled(true) or " + ENABLED + "=true";
  }

  private static Set<String> systemPropertyNames() {
    try {
      return System.getProperties().stringPropertyNames();
    } catch (SecurityException e) {
      return Set.of();
    }
  }

  /** Applies every variable {@code vars} sets to {@code builder}; unset ones leave the builder as it is. */
  private static void apply(Variables vars, TraceConfig.Builder builder) {
    vars.bool(ENABLED).ifPresent(builder::enabled);
    if (vars.bool(OTEL_SDK_DISABLED).orElse(false)) {
      builder.enabled(false);
    }
    Map<String, String> resource = vars.keyValues(OTEL_RESOURCE_ATTRIBUTES);
    // As the OpenTelemetry spec says: OTEL_SERVICE_NAME wins over service.name in OTEL_RESOURCE_ATTRIBUTES.
    String serviceFromResource = resource.remove("service.name");
    String runFromResource = resource.remove(SpanAttributes.RUN_ID);
    if (!resource.isEmpty()) {
      Map<String, String> merged = new LinkedHashMap<>(builder.resourceAttributesSoFar());
      merged.putAll(resource);
      builder.resourceAttributes(merged);
    }
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
    applyExport(vars, builder);
    vars.text(EXTERNAL_TRACE_JSONL).map(Path::of).ifPresent(builder::externalTraceJsonlPath);
    vars.integer(OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT).ifPresent(builder::maxAttributeLength);
    vars.integer(MAX_ATTRIBUTE_LENGTH).ifPresent(builder::maxAttributeLength);
    vars.integer(MAX_ARRAY_LENGTH).ifPresent(builder::maxArrayLength);
    vars.integer(OTEL_BSP_MAX_QUEUE_SIZE).ifPresent(builder::exportQueueSize);
    vars.integer(OTEL_BSP_MAX_EXPORT_BATCH_SIZE).ifPresent(builder::exportBatchSize);
    vars.duration(OTEL_BSP_SCHEDULE_DELAY).ifPresent(builder::exportDelay);
    vars.duration(OTEL_BSP_EXPORT_TIMEOUT).ifPresent(builder::exportTimeout);
    vars.list(LIVE_ATTRIBUTE_KEYS).ifPresent(builder::liveAttributeKeys);
    vars.text(LIVE_ENDPOINT).ifPresent(builder::liveEndpoint);
    vars.bool(PREVIEWS).ifPresent(builder::previewsEnabled);
    vars.integer(PREVIEW_MAX_BYTES).ifPresent(builder::previewMaxBytes);
    vars.sampler(OTEL_TRACES_SAMPLER).ifPresent(builder::sampler);
    vars.ratio(OTEL_TRACES_SAMPLER_ARG).ifPresent(builder::samplerArgument);
    vars.list(OTEL_PROPAGATORS).ifPresent(builder::propagators);
    vars.integer(RANK).or(() -> vars.integer(TORCH_RANK)).ifPresent(builder::rank);
    vars.integer(LOCAL_RANK).ifPresent(builder::localRank);
    applyRunFiles(vars, builder);
  }

  /** {@link #PART_MAX_BYTES} and {@link #PART_CODEC} over the builder's {@link RunFileSettings}. */
  private static void applyRunFiles(Variables vars, TraceConfig.Builder builder) {
    RunFileSettings files = builder.runFilesSoFar();
    Optional<Long> bytes = vars.longInteger(PART_MAX_BYTES);
    Optional<String> codec = vars.text(PART_CODEC);
    try {
      if (bytes.isPresent()) {
        files = files.withPartMaxBytes(bytes.get());
      }
    } catch (IllegalArgumentException e) {
      throw Variables.wrong(vars.shown(PART_MAX_BYTES), bytes.get().toString(), "0 (one file, never closed as parts) or "
          + "a size in bytes of at least " + RunFileSettings.MIN_PART_MAX_BYTES + ", e.g. " + RunFileSettings.DEFAULT_PART_MAX_BYTES);
    }
    try {
      if (codec.isPresent()) {
        files = files.withCodec(codec.get());
      }
    } catch (IllegalArgumentException e) {
      throw Variables.wrong(vars.shown(PART_CODEC), codec.get(), "a codec on the class path (" + String.join(", ",
          io.spanweave.runtime.internal.parts.PartCodecs.names()) + ") or " + RunFileSettings.NONE);
    }
    builder.runFiles(files);
  }

  /**
   * The export choice: {@link #OTEL_TRACES_EXPORTER} when set, naming the targets, whose settings
   * come from the endpoint variables, else from what the builder had, else OpenTelemetry's defaults
   * ({@code http://localhost:4318}); without it, an endpoint variable picks its collector, as
   * before {@code OTEL_TRACES_EXPORTER} existed, and the builder's choice stays otherwise.
   */
  private static void applyExport(Variables vars, TraceConfig.Builder builder) {
    ExportTarget current = builder.exportSoFar();
    otlp(vars, null, false); // a wrong OTLP variable fails here, even when no OTLP target uses it
    Optional<List<String>> names = vars.list(OTEL_TRACES_EXPORTER);
    if (names.isPresent()) {
      builder.export(exportTarget(vars, names.get(), current));
      return;
    }
    Optional<String> zipkin = vars.text(OTEL_EXPORTER_ZIPKIN_ENDPOINT);
    boolean otlpEndpoint = vars.text(OTEL_EXPORTER_OTLP_ENDPOINT).isPresent()
        || vars.text(OTEL_EXPORTER_OTLP_TRACES_ENDPOINT).isPresent();
    if (current instanceof ExportTarget.Composite composite && (zipkin.isPresent() || otlpSettingsSet(vars))) {
      List<ExportTarget> parts = new ArrayList<>();
      for (ExportTarget part : composite.parts()) {
        if (part instanceof ExportTarget.Otlp otlp) {
          parts.add(otlp(vars, otlp, false));
        } else if (part instanceof ExportTarget.Zipkin z) {
          parts.add(new ExportTarget.Zipkin(zipkin.orElse(z.endpoint())));
        } else {
          parts.add(part);
        }
      }
      builder.export(new ExportTarget.Composite(parts));
      return;
    }
    if (zipkin.isPresent() && otlpEndpoint) {
      // Both endpoints and no list saying which: the shortcut setters, so that build() gives its clear error.
      ExportTarget.Otlp merged = otlp(vars, null, false);
      builder.externalZipkinEndpoint(zipkin.get()).externalOtlpEndpoint(merged.endpoint())
          .externalOtlpTracesEndpoint(merged.tracesEndpoint());
    } else if (zipkin.isPresent()) {
      builder.export(new ExportTarget.Zipkin(zipkin.get()));
    } else if (otlpEndpoint || current instanceof ExportTarget.Otlp && otlpSettingsSet(vars)) {
      builder.export(otlp(vars, current instanceof ExportTarget.Otlp otlp ? otlp : null, false));
    }
  }

  private static boolean otlpSettingsSet(Variables vars) {
    for (String name : List.of(OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
        OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, OTEL_EXPORTER_OTLP_HEADERS,
        OTEL_EXPORTER_OTLP_TRACES_HEADERS, OTEL_EXPORTER_OTLP_COMPRESSION, OTEL_EXPORTER_OTLP_TRACES_COMPRESSION,
        OTEL_EXPORTER_OTLP_TIMEOUT, OTEL_EXPORTER_OTLP_TRACES_TIMEOUT)) {
      if (vars.text(name).isPresent()) {
        return true;
      }
    }
    return false;
  }

  private static ExportTarget exportTarget(Variables vars, List<String> names, ExportTarget current) {
    List<ExportTarget> parts = new ArrayList<>();
    for (String raw : names) {
      String name = raw.toLowerCase(Locale.ROOT);
      ExportTarget part;
      switch (name) {
        case LOCAL_FILE_EXPORTER:
          part = ExportTarget.localFile();
          break;
        case "otlp":
          part = otlp(vars, find(current, ExportTarget.Otlp.class), true);
          break;
        case "zipkin": {
          ExportTarget.Zipkin known = find(current, ExportTarget.Zipkin.class);
          part = new ExportTarget.Zipkin(vars.text(OTEL_EXPORTER_ZIPKIN_ENDPOINT)
              .orElse(known != null ? known.endpoint() : DEFAULT_ZIPKIN_ENDPOINT));
          break;
        }
        case "console":
        case "logging":
          part = ExportTarget.Console.INSTANCE;
          break;
        case "none":
          if (names.size() > 1) {
            throw Variables.wrong(vars.shown(OTEL_TRACES_EXPORTER), String.join(",", names),
                "'none' alone: it cannot be listed with other exporters");
          }
          return ExportTarget.None.INSTANCE;
        default:
          throw Variables.wrong(vars.shown(OTEL_TRACES_EXPORTER), String.join(",", names),
              "a comma-separated list of " + LOCAL_FILE_EXPORTER + ", otlp, zipkin, console (or logging) and none");
      }
      if (!parts.contains(part)) {
        parts.add(part);
      }
    }
    return parts.size() == 1 ? parts.get(0) : new ExportTarget.Composite(parts);
  }

  private static <T extends ExportTarget> T find(ExportTarget target, Class<T> kind) {
    for (ExportTarget part : target.parts()) {
      if (kind.isInstance(part)) {
        return kind.cast(part);
      }
    }
    return null;
  }

  /**
   * An OTLP target: {@code base}'s settings (the builder's, when it had one), each replaced by its
   * variable when set; the traces-only variables win over the generic ones, as the OpenTelemetry
   * spec says. {@code defaultEndpoint}: without any endpoint, OpenTelemetry's default for the protocol.
   */
  private static ExportTarget.Otlp otlp(Variables vars, ExportTarget.Otlp base, boolean defaultEndpoint) {
    String endpoint = base == null ? null : base.endpoint();
    String tracesEndpoint = base == null ? null : base.tracesEndpoint();
    OtlpProtocol protocol = base == null ? OtlpProtocol.HTTP_PROTOBUF : base.protocol();
    Map<String, String> headers = base == null ? Map.of() : base.headers();
    String compression = base == null ? null : base.compression();
    Duration timeout = base == null ? null : base.timeout();
    Optional<String> genericEndpoint = vars.text(OTEL_EXPORTER_OTLP_ENDPOINT);
    Optional<String> tracesOnlyEndpoint = vars.text(OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
    if (genericEndpoint.isPresent()) {
      endpoint = genericEndpoint.get();
      tracesEndpoint = null;
    }
    if (tracesOnlyEndpoint.isPresent()) {
      tracesEndpoint = tracesOnlyEndpoint.get();
    }
    protocol = vars.protocol(OTEL_EXPORTER_OTLP_TRACES_PROTOCOL).or(() -> vars.protocol(OTEL_EXPORTER_OTLP_PROTOCOL))
        .orElse(protocol);
    Map<String, String> tracesHeaders = vars.keyValues(OTEL_EXPORTER_OTLP_TRACES_HEADERS);
    Map<String, String> genericHeaders = vars.keyValues(OTEL_EXPORTER_OTLP_HEADERS);
    if (!tracesHeaders.isEmpty()) {
      headers = tracesHeaders;
    } else if (!genericHeaders.isEmpty()) {
      headers = genericHeaders;
    }
    compression = vars.compression(OTEL_EXPORTER_OTLP_TRACES_COMPRESSION)
        .or(() -> vars.compression(OTEL_EXPORTER_OTLP_COMPRESSION)).orElse(compression);
    timeout = vars.duration(OTEL_EXPORTER_OTLP_TRACES_TIMEOUT).or(() -> vars.duration(OTEL_EXPORTER_OTLP_TIMEOUT))
        .orElse(timeout);
    if (endpoint == null && tracesEndpoint == null && defaultEndpoint) {
      endpoint = protocol == OtlpProtocol.GRPC ? DEFAULT_OTLP_GRPC_ENDPOINT : DEFAULT_OTLP_HTTP_ENDPOINT;
    }
    return new ExportTarget.Otlp(endpoint, tracesEndpoint, protocol, headers, compression, timeout);
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

  /**
   * Typed reads of one set of settings, through OpenTelemetry's {@link ConfigProperties} (its naming
   * and its precedence, system property over variable), each failure naming the variable or the
   * system property it came from, and never echoing a credential.
   */
  private static final class Variables {

    private final ConfigProperties properties;
    /** The system properties of the process, to say {@code -Dotel.x} rather than {@code OTEL_X} when one was set. */
    private final Set<String> systemProperties;

    Variables(ConfigProperties properties, Set<String> systemProperties) {
      this.properties = properties;
      this.systemProperties = systemProperties;
    }

    /** How the user set {@code name}: the variable, or {@code -D<property>} when a system property set it. */
    String shown(String name) {
      String property = propertyName(name);
      return systemProperties.contains(property) ? "-D" + property : name;
    }

    Optional<String> text(String name) {
      String value = properties.getString(propertyName(name));
      return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }

    /**
     * Our own parse rather than {@link ConfigProperties#getBoolean}: OpenTelemetry reads anything
     * but {@code true} as false, so {@code OTEL_SDK_DISABLED=yes} would leave tracing on silently;
     * we accept the documented forms and reject the rest with a message.
     */
    Optional<Boolean> bool(String name) {
      return text(name).map(value -> {
        switch (value.toLowerCase(Locale.ROOT)) {
          case "true": case "1": case "yes": case "on":
            return true;
          case "false": case "0": case "no": case "off":
            return false;
          default:
            throw wrong(shown(name), value, "true or false");
        }
      });
    }

    Optional<Integer> integer(String name) {
      return text(name).map(value -> {
        try {
          return Integer.parseInt(value);
        } catch (NumberFormatException e) {
          throw wrong(shown(name), value, "a whole number");
        }
      });
    }

    Optional<Long> longInteger(String name) {
      return text(name).map(value -> {
        try {
          return Long.parseLong(value);
        } catch (NumberFormatException e) {
          throw wrong(shown(name), value, "a whole number");
        }
      });
    }

    /** Milliseconds, or a number with OpenTelemetry's units ({@code ms}, {@code s}, {@code m}, ...). */
    Optional<Duration> duration(String name) {
      Optional<Duration> duration;
      try {
        duration = text(name).map(value -> properties.getDuration(propertyName(name)));
      } catch (ConfigurationException e) {
        throw wrong(shown(name), text(name).orElse(""), "a number of milliseconds, e.g. 5000, or one with a unit, e.g. 5s");
      }
      return duration;
    }

    Optional<OtlpProtocol> protocol(String name) {
      return text(name).map(value -> {
        try {
          return OtlpProtocol.parse(value);
        } catch (IllegalArgumentException e) {
          throw wrong(shown(name), value, "'http/protobuf' or 'grpc'");
        }
      });
    }

    Optional<String> compression(String name) {
      return text(name).map(value -> {
        String normalized = value.toLowerCase(Locale.ROOT);
        if (!normalized.equals("gzip") && !normalized.equals("none")) {
          throw wrong(shown(name), value, "'gzip' or 'none'");
        }
        return normalized;
      });
    }

    Optional<TraceSampler> sampler(String name) {
      return text(name).map(value -> {
        try {
          return TraceSampler.parse(value);
        } catch (IllegalArgumentException e) {
          throw wrong(shown(name), value, "one of always_on, always_off, traceidratio, parentbased_always_on, "
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
          throw wrong(shown(name), value, "a number from 0 to 1, e.g. 0.1");
        }
        if (!(ratio >= 0 && ratio <= 1)) {
          throw wrong(shown(name), value, "a number from 0 to 1, e.g. 0.1");
        }
        return ratio;
      });
    }

    Optional<List<String>> list(String name) {
      return text(name).map(value -> properties.getList(propertyName(name)));
    }

    /**
     * {@code key=value,key=value} with URL-encoded values, as the OpenTelemetry spec defines it.
     * Our own parse rather than {@link ConfigProperties#getMap}: that one neither decodes the
     * values nor keeps a malformed header's credential out of its message.
     */
    Map<String, String> keyValues(String name) {
      Map<String, String> result = new LinkedHashMap<>();
      Optional<String> text = text(name);
      if (text.isEmpty()) {
        return result;
      }
      // Header values are credentials: never echo them in an error message, not even malformed.
      boolean headers = SECRET_VARIABLES.contains(name);
      String shown = headers ? "<hidden>" : text.get();
      for (String pair : text.get().split(",")) {
        if (pair.isBlank()) {
          continue;
        }
        int equals = pair.indexOf('=');
        if (equals <= 0) {
          throw wrong(shown(name), shown, headers
              ? "comma-separated header=value pairs with URL-encoded values, e.g. authorization=Bearer%20<token>,x-team=rl"
              : "comma-separated key=value pairs, e.g. deployment.environment=prod,team=rl");
        }
        String key = pair.substring(0, equals).trim();
        try {
          result.put(key, URLDecoder.decode(pair.substring(equals + 1).trim(), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
          throw wrong(shown(name), shown, "key=value pairs whose values are URL-encoded");
        }
      }
      return result;
    }

    static IllegalArgumentException wrong(String name, String value, String expected) {
      boolean url = URL_VARIABLES.stream().anyMatch(v -> name.equals(v) || name.equals("-D" + propertyName(v)));
      String shownValue = url ? SecretValues.maskUrl(value) : value;
      return new IllegalArgumentException("Invalid environment: " + name + " is '" + shownValue + "'; set it to "
          + expected + " or unset it");
    }
  }
}
