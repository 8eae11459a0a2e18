package io.spanweave.runtime;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The environment variables {@link TraceConfig#fromEnvironment(Map)} reads: the standard
 * OpenTelemetry ones where one exists, {@code SPANWEAVE_*} for the rest. Unset or empty variables
 * keep the {@link TraceConfig} defaults.
 *
 * <p>Every variable has a system property of the same name in OpenTelemetry's spelling, lower case
 * with dots ({@code OTEL_SERVICE_NAME} is {@code -Dotel.service.name}, {@code SPANWEAVE_OUTPUT_DIR}
 * is {@code -Dspanweave.output.dir}), and, as in OpenTelemetry's autoconfigure module, a system
 * property wins over its variable: both are read through OpenTelemetry's own {@code
 * DefaultConfigProperties}. {@link Tracing#configure(TraceConfig)} applies what this process's
 * system properties and environment set on top of the {@link TraceConfig} it is given: the
 * environment overrides the builder, and {@code OTEL_SDK_DISABLED=true} always turns tracing off.
 *
 * <p>OpenTelemetry's {@code DefaultConfigProperties} does the naming, the precedence and the
 * parsing of numbers, durations and lists. Each part of the {@link TraceConfig} reads its own
 * variables (its package-private {@code withEnvironment}, the run's own settings in {@code
 * RunEnvironment}, the export in {@code ExportEnvironment}); this class names the variables and
 * puts the parts together, and the messages name a wrong variable without echoing a credential.
 */
public final class TraceEnvironment {

  /** {@code true} turns tracing on; default off. */
  public static final String ENABLED = "SPANWEAVE_ENABLED";

  /** The run to join or start; see {@link TraceConfig#runId()}. */
  public static final String RUN_ID = "SPANWEAVE_RUN_ID";

  /** See {@link TraceConfig#outputDir()}. */
  public static final String OUTPUT_DIR = "SPANWEAVE_OUTPUT_DIR";

  /**
   * See {@link TraceConfig#extensions()}: the names of the extensions to turn on, comma separated.
   */
  public static final String EXTENSIONS = "SPANWEAVE_EXTENSIONS";

  /** See {@link ViewerSettings#enabled()}. */
  public static final String VIEWER_ENABLED = "SPANWEAVE_VIEWER_ENABLED";

  /** See {@link ViewerSettings#host()}. */
  public static final String VIEWER_HOST = "SPANWEAVE_VIEWER_HOST";

  /** See {@link ViewerSettings#port()}. */
  public static final String VIEWER_PORT = "SPANWEAVE_VIEWER_PORT";

  /** See {@link CollectorSettings#port()}. */
  public static final String COLLECTOR_PORT = "SPANWEAVE_COLLECTOR_PORT";

  /** See {@link CollectorSettings#advertisedHost()}. */
  public static final String COLLECTOR_HOST = "SPANWEAVE_COLLECTOR_HOST";

  /** See {@link CollectorSettings#bindAddress()}. */
  public static final String COLLECTOR_BIND = "SPANWEAVE_COLLECTOR_BIND";

  /**
   * A PEM certificate chain: TLS on the collector; see {@link CollectorTlsSettings#certificate()}.
   */
  public static final String COLLECTOR_TLS_CERT = "SPANWEAVE_COLLECTOR_TLS_CERT";

  /** Its PKCS#8 PEM private key; see {@link CollectorTlsSettings#privateKey()}. */
  public static final String COLLECTOR_TLS_KEY = "SPANWEAVE_COLLECTOR_TLS_KEY";

  /** A PEM CA bundle: mTLS; see {@link CollectorTlsSettings#clientCa()}. */
  public static final String COLLECTOR_TLS_CLIENT_CA = "SPANWEAVE_COLLECTOR_TLS_CLIENT_CA";

  /** The CA bundle children trust; see {@link CollectorTlsSettings#childCa()}. */
  public static final String COLLECTOR_TLS_CA = "SPANWEAVE_COLLECTOR_TLS_CA";

  /**
   * The client certificate children present; see {@link CollectorTlsSettings#childCertificate()}.
   */
  public static final String COLLECTOR_TLS_CHILD_CERT = "SPANWEAVE_COLLECTOR_TLS_CHILD_CERT";

  /** Its private key; see {@link CollectorTlsSettings#childKey()}. */
  public static final String COLLECTOR_TLS_CHILD_KEY = "SPANWEAVE_COLLECTOR_TLS_CHILD_KEY";

  /**
   * {@code on}/{@code off} ({@code true}/{@code false}); see {@link TraceConfig#guardrails()}. Off
   * is warned about.
   */
  public static final String GUARDRAILS = "SPANWEAVE_GUARDRAILS";

  /** {@code true}/{@code false}; see {@link TraceConfig#keepLocalFile()}. */
  public static final String KEEP_LOCAL_FILE = "SPANWEAVE_KEEP_LOCAL_FILE";

  /** {@code true}/{@code false}; see {@link PropagationSettings#strictCarriers()}. */
  public static final String STRICT_CARRIERS = "SPANWEAVE_STRICT_CARRIERS";

  /** See {@link CollectorSettings#maxRequestBytes()}. */
  public static final String COLLECTOR_MAX_REQUEST_BYTES = "SPANWEAVE_COLLECTOR_MAX_REQUEST_BYTES";

  /** See {@link TraceConfig#externalTraceJsonlPath()}. */
  public static final String EXTERNAL_TRACE_JSONL = "SPANWEAVE_EXTERNAL_TRACE_JSONL";

  /**
   * See {@link AttributeLimits#maxStringLength()}; {@link #OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT} also
   * works.
   */
  public static final String MAX_ATTRIBUTE_LENGTH = "SPANWEAVE_MAX_ATTRIBUTE_LENGTH";

  /** See {@link AttributeLimits#maxArrayLength()}. */
  public static final String MAX_ARRAY_LENGTH = "SPANWEAVE_MAX_ARRAY_LENGTH";

  /** See {@link TraceConfig#resumeStep()}: the step a restarted trainer resumed from. */
  public static final String RESUME_STEP = "SPANWEAVE_RESUME_STEP";

  /** See {@link LiveSettings#endpoint()}: set by the driver for its children. */
  public static final String LIVE_ENDPOINT = "SPANWEAVE_LIVE_ENDPOINT";

  /** See {@link LiveSettings#attributeKeys()}: comma-separated keys. */
  public static final String LIVE_ATTRIBUTE_KEYS = "SPANWEAVE_LIVE_ATTRIBUTE_KEYS";

  /**
   * Bytes at which {@code traces.jsonl} is closed as a part, 0 for never; see {@link
   * RunFileSettings#partMaxBytes()}.
   */
  public static final String PART_MAX_BYTES = "SPANWEAVE_PART_MAX_BYTES";

  /** {@code gzip}, {@code none} or a codec module's name; see {@link RunFileSettings#codec()}. */
  public static final String PART_CODEC = "SPANWEAVE_PART_CODEC";

  /** {@code false} switches previews off everywhere; see {@link PreviewSettings#enabled()}. */
  public static final String PREVIEWS = "SPANWEAVE_PREVIEWS";

  /** See {@link PreviewSettings#maxBytes()}. */
  public static final String PREVIEW_MAX_BYTES = "SPANWEAVE_PREVIEW_MAX_BYTES";

  /** See {@link TraceConfig#rank()}; wins over {@link #TORCH_RANK}. */
  public static final String RANK = "SPANWEAVE_RANK";

  /**
   * The global rank set by torchrun, DeepSpeed and most launchers; see {@link TraceConfig#rank()}.
   */
  public static final String TORCH_RANK = "RANK";

  /** The rank on the node set by the same launchers; see {@link TraceConfig#localRank()}. */
  public static final String LOCAL_RANK = "LOCAL_RANK";

  /** See {@link TraceConfig#serviceName()}. */
  public static final String OTEL_SERVICE_NAME = "OTEL_SERVICE_NAME";

  /**
   * {@code true} turns tracing off whatever {@link #ENABLED} says, as for every OpenTelemetry SDK.
   */
  public static final String OTEL_SDK_DISABLED = "OTEL_SDK_DISABLED";

  /**
   * {@code key=value,key=value}, values URL-encoded; see {@link TraceConfig#resourceAttributes()}.
   */
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

  /**
   * Comma-separated propagator names, such as {@code tracecontext,baggage}; see {@link
   * PropagationSettings#propagators()}.
   */
  public static final String OTEL_PROPAGATORS = "OTEL_PROPAGATORS";

  /** {@code gzip} or {@code none}; see {@link ExportTarget.Otlp#compression()}. */
  public static final String OTEL_EXPORTER_OTLP_COMPRESSION = "OTEL_EXPORTER_OTLP_COMPRESSION";

  /** As {@link #OTEL_EXPORTER_OTLP_COMPRESSION}, for traces only; wins over it. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_COMPRESSION =
      "OTEL_EXPORTER_OTLP_TRACES_COMPRESSION";

  /**
   * Milliseconds (or a number with a unit: {@code 5s}); see {@link ExportTarget.Otlp#timeout()}.
   */
  public static final String OTEL_EXPORTER_OTLP_TIMEOUT = "OTEL_EXPORTER_OTLP_TIMEOUT";

  /** As {@link #OTEL_EXPORTER_OTLP_TIMEOUT}, for traces only; wins over it. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_TIMEOUT =
      "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT";

  /** The base URL of an OTLP collector; see {@link ExportTarget.Otlp#endpoint()}. */
  public static final String OTEL_EXPORTER_OTLP_ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT";

  /** {@code http/protobuf} or {@code grpc}; see {@link ExportTarget.Otlp#protocol()}. */
  public static final String OTEL_EXPORTER_OTLP_PROTOCOL = "OTEL_EXPORTER_OTLP_PROTOCOL";

  /** {@code key=value,key=value}, values URL-encoded; see {@link ExportTarget.Otlp#headers()}. */
  public static final String OTEL_EXPORTER_OTLP_HEADERS = "OTEL_EXPORTER_OTLP_HEADERS";

  /**
   * The full traces URL, used as it is and winning over {@link #OTEL_EXPORTER_OTLP_ENDPOINT}; see
   * {@link ExportTarget.Otlp#tracesEndpoint()}.
   */
  public static final String OTEL_EXPORTER_OTLP_TRACES_ENDPOINT =
      "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT";

  /** As {@link #OTEL_EXPORTER_OTLP_PROTOCOL}, for traces only; wins over it. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_PROTOCOL =
      "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL";

  /** As {@link #OTEL_EXPORTER_OTLP_HEADERS}, for traces only; wins over it. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_HEADERS =
      "OTEL_EXPORTER_OTLP_TRACES_HEADERS";

  /** PEM CAs to trust; see {@link ExporterTlsSettings#trustedCertificates()}. */
  public static final String OTEL_EXPORTER_OTLP_CERTIFICATE = "OTEL_EXPORTER_OTLP_CERTIFICATE";

  /** As {@link #OTEL_EXPORTER_OTLP_CERTIFICATE}, for traces only; wins over it. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE =
      "OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE";

  /** A PEM client certificate for mTLS; see {@link ExporterTlsSettings#clientCertificate()}. */
  public static final String OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE =
      "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE";

  /** As {@link #OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE}, for traces only; wins over it. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE =
      "OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE";

  /** Its PKCS#8 PEM key; see {@link ExporterTlsSettings#clientKey()}. */
  public static final String OTEL_EXPORTER_OTLP_CLIENT_KEY = "OTEL_EXPORTER_OTLP_CLIENT_KEY";

  /** As {@link #OTEL_EXPORTER_OTLP_CLIENT_KEY}, for traces only; wins over it. */
  public static final String OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY =
      "OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY";

  /** The full span URL of a Zipkin server; see {@link ExportTarget.Zipkin#endpoint()}. */
  public static final String OTEL_EXPORTER_ZIPKIN_ENDPOINT = "OTEL_EXPORTER_ZIPKIN_ENDPOINT";

  /**
   * See {@link SamplingSettings#sampler()}: {@code always_on}, {@code parentbased_traceidratio},
   * ...
   */
  public static final String OTEL_TRACES_SAMPLER = "OTEL_TRACES_SAMPLER";

  /**
   * The ratio of the {@code traceidratio} samplers, 0 to 1; see {@link SamplingSettings#ratio()}.
   */
  public static final String OTEL_TRACES_SAMPLER_ARG = "OTEL_TRACES_SAMPLER_ARG";

  /** See {@link AttributeLimits#maxStringLength()}. */
  public static final String OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT =
      "OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT";

  /** See {@link BatchSettings#queueSize()}. */
  public static final String OTEL_BSP_MAX_QUEUE_SIZE = "OTEL_BSP_MAX_QUEUE_SIZE";

  /** See {@link BatchSettings#batchSize()}. */
  public static final String OTEL_BSP_MAX_EXPORT_BATCH_SIZE = "OTEL_BSP_MAX_EXPORT_BATCH_SIZE";

  /** Milliseconds; see {@link BatchSettings#delay()}. */
  public static final String OTEL_BSP_SCHEDULE_DELAY = "OTEL_BSP_SCHEDULE_DELAY";

  /** Milliseconds; see {@link BatchSettings#timeout()}. */
  public static final String OTEL_BSP_EXPORT_TIMEOUT = "OTEL_BSP_EXPORT_TIMEOUT";

  private TraceEnvironment() {}

  /**
   * The system property that means the same as {@code variable}, as OpenTelemetry spells it: {@code
   * OTEL_SERVICE_NAME} is {@code otel.service.name}.
   */
  public static String propertyName(String variable) {
    return variable.toLowerCase(Locale.ROOT).replace('_', '.');
  }

  /**
   * The configuration {@code env} describes, over the defaults; see {@link
   * TraceConfig#fromEnvironment(Map)}.
   */
  static TraceConfig read(Map<String, String> env) {
    return apply(EnvironmentValues.of(env), TraceConfig.builder().build());
  }

  /**
   * {@code config} with what this process's system properties and environment variables set applied
   * on top (system properties win over variables, as in OpenTelemetry), and, when tracing is off,
   * why. The one place the process's own settings are read for a run: {@link Tracing#configure}
   * calls it once.
   *
   * @throws IllegalArgumentException naming the variable or property whose value is wrong
   */
  static Effective applyProcessSettings(TraceConfig config) {
    EnvironmentValues vars = EnvironmentValues.ofProcess();
    TraceConfig effective = apply(vars, config);
    return new Effective(effective, effective.enabled() ? null : offReason(vars, config));
  }

  /** The configuration a run starts with, and, when tracing is off, why (for the startup line). */
  record Effective(TraceConfig config, String offReason) {}

  private static String offReason(EnvironmentValues vars, TraceConfig given) {
    if (vars.bool(OTEL_SDK_DISABLED).orElse(false)) {
      return vars.shown(OTEL_SDK_DISABLED) + "=true";
    }
    Optional<Boolean> enabled = vars.bool(ENABLED);
    if (enabled.isPresent()) {
      return vars.shown(ENABLED) + "=false";
    }
    return given.enabled()
        ? "the configuration turned it off"
        : "not enabled: the TraceConfig says enabled(false), the default; turn it on with "
            + "TraceConfig.builder().enabled(true) or "
            + ENABLED
            + "=true";
  }

  /**
   * {@code base} with every setting {@code vars} sets replaced; unset ones keep {@code base}'s.
   * Each part reads its own variables ({@code withEnvironment}); this only puts them together.
   */
  private static TraceConfig apply(EnvironmentValues vars, TraceConfig base) {
    TraceConfig.Builder builder = base.toBuilder();
    RunEnvironment.switchOn(vars, builder);
    RunEnvironment.identity(vars, base, builder);
    RunEnvironment.files(vars, builder);
    RunEnvironment.placement(vars, builder);
    builder.export(new ExportEnvironment(vars).apply(base.export()));
    builder.batch(batch -> batch.withEnvironment(vars));
    builder.collector(collector -> collector.withEnvironment(vars));
    builder.collectorTls(tls -> tls.withEnvironment(vars));
    builder.exporterTls(tls -> tls.withEnvironment(vars));
    builder.limits(limits -> limits.withEnvironment(vars));
    builder.previews(previews -> previews.withEnvironment(vars));
    builder.runFiles(files -> files.withEnvironment(vars));
    builder.sampling(sampling -> sampling.withEnvironment(vars));
    builder.propagation(propagation -> propagation.withEnvironment(vars));
    builder.live(live -> live.withEnvironment(vars));
    builder.viewer(viewer -> viewer.withEnvironment(vars));
    return builder.build();
  }

  /**
   * Formats {@code key=value,...} with URL-encoded values, the format of {@link
   * #OTEL_RESOURCE_ATTRIBUTES}.
   */
  static String formatKeyValues(Map<String, String> values) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, String> entry : values.entrySet()) {
      if (out.length() > 0) {
        out.append(',');
      }
      out.append(entry.getKey())
          .append('=')
          .append(URLEncoder.encode(entry.getValue(), StandardCharsets.UTF_8).replace("+", "%20"));
    }
    return out.toString();
  }
}
