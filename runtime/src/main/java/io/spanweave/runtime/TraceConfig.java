package io.spanweave.runtime;

import io.spanweave.conventions.SecretValues;
import io.spanweave.conventions.SpanAttributes;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

/**
 * How tracing runs: immutable, made by {@link #builder()} or read from the environment by
 * {@link #fromEnvironment(Map)}, and checked when built, so that a wrong setting fails at startup
 * with a message that names the setting and says what to do.
 *
 * <pre>{@code
 * TraceConfig config = TraceConfig.builder()
 *     .enabled(true)
 *     .serviceName("xtuner-rollout")
 *     .outputDir(Path.of("work_dirs/trace"))
 *     .build();
 * try (TraceRuntime runtime = Tracing.configure(config)) {
 *   ...
 * }
 * }</pre>
 *
 * <p>A run writes {@code <outputDir>/<runId>/traces/traces.jsonl} and {@code live.jsonl} next to
 * it; see {@link TraceRuntime}.
 */
public final class TraceConfig {

  /** Default of {@link #serviceName()}. */
  public static final String DEFAULT_SERVICE_NAME = "spanweave";
  /** Default of {@link #outputDir()}, relative to the working directory. */
  public static final Path DEFAULT_OUTPUT_DIR = Path.of("work_dirs", "trace");
  /** Default of {@link #viewerHost()}: only this machine can open the viewer. */
  public static final String DEFAULT_VIEWER_HOST = "127.0.0.1";
  /** Default of {@link #viewerPort()}. */
  public static final int DEFAULT_VIEWER_PORT = 18080;
  /** Default of {@link #maxAttributeLength()}. */
  public static final int DEFAULT_MAX_ATTRIBUTE_LENGTH = 256;
  /** Default of {@link #maxArrayLength()}. */
  public static final int DEFAULT_MAX_ARRAY_LENGTH = 64;
  /** Default of {@link #exportQueueSize()}: a rollout step can end thousands of spans at once. */
  public static final int DEFAULT_EXPORT_QUEUE_SIZE = 8192;
  /** Default of {@link #exportBatchSize()}. */
  public static final int DEFAULT_EXPORT_BATCH_SIZE = 512;
  /** Default of {@link #exportDelay()}: short, so that the viewer sees finished spans soon. */
  public static final Duration DEFAULT_EXPORT_DELAY = Duration.ofSeconds(1);
  /**
   * Default of {@link #exportTimeout()}: 5 s, not OpenTelemetry's 30 s, because it also bounds how
   * long a program's exit waits for an endpoint that is down or never answers.
   */
  public static final Duration DEFAULT_EXPORT_TIMEOUT = Duration.ofSeconds(5);
  /** Default of {@link #collectorMaxRequestBytes()}: 16 MiB, far above a batch of 512 spans. */
  public static final long DEFAULT_COLLECTOR_MAX_REQUEST_BYTES = 16L * 1024 * 1024;
  /** Default of {@link #previewMaxBytes()}: 4 KiB. */
  public static final int DEFAULT_PREVIEW_MAX_BYTES = 4096;
  /** Default of {@link #sampler()}: the OpenTelemetry default, every trace kept. */
  public static final TraceSampler DEFAULT_SAMPLER = TraceSampler.PARENTBASED_ALWAYS_ON;
  /** Default of {@link #propagators()}: W3C trace context and baggage, the OpenTelemetry default. */
  public static final List<String> DEFAULT_PROPAGATORS = List.of("tracecontext", "baggage");
  /** Default of {@link #liveAttributeKeys()}. */
  public static final List<String> DEFAULT_LIVE_ATTRIBUTE_KEYS = List.of("sample.id");

  private final boolean enabled;
  private final String serviceName;
  private final Path outputDir;
  private final String runId;
  private final ViewerSettings viewer;
  private final Set<String> extensions;
  private final ExportTarget export;
  private final Path externalTraceJsonlPath;
  private final CollectorSettings collector;
  private final AttributeLimits limits;
  private final BatchSettings batch;
  private final List<String> liveAttributeKeys;
  private final Map<String, String> resourceAttributes;
  private final PreviewSettings previews;
  private final SamplingSettings sampling;
  private final Integer rank;
  private final Integer localRank;
  private final List<String> propagators;
  private final boolean keepLocalFile;
  private final String liveEndpoint;
  private final boolean strictCarriers;
  private final RunFileSettings runFiles;

  private TraceConfig(Builder b) {
    this.enabled = b.enabled;
    this.serviceName = b.serviceName;
    this.outputDir = b.outputDir;
    this.runId = b.runId != null ? b.runId : RunIds.generate();
    this.viewer = new ViewerSettings(b.viewerEnabled, b.viewerHost, b.viewerPort);
    this.extensions = Set.copyOf(b.extensions);
    this.export = b.exportTarget();
    this.externalTraceJsonlPath = b.externalTraceJsonlPath;
    this.collector = new CollectorSettings(b.collectorPort, b.collectorAdvertisedHost, b.collectorMaxRequestBytes,
        b.collectorBindAddress);
    this.limits = new AttributeLimits(b.maxAttributeLength, b.maxArrayLength);
    this.batch = new BatchSettings(b.exportQueueSize, b.exportBatchSize, b.exportDelay, b.exportTimeout);
    this.liveAttributeKeys = List.copyOf(b.liveAttributeKeys);
    this.resourceAttributes = Collections.unmodifiableMap(new LinkedHashMap<>(b.resourceAttributes));
    this.previews = new PreviewSettings(b.previewsEnabled, b.previewMaxBytes);
    this.sampling = new SamplingSettings(b.sampler, b.samplingRatio);
    this.rank = b.rank;
    this.localRank = b.localRank;
    this.propagators = List.copyOf(b.propagators);
    this.keepLocalFile = b.keepLocalFile;
    this.liveEndpoint = b.liveEndpoint;
    this.strictCarriers = b.strictCarriers;
    this.runFiles = b.runFiles;
  }

  /** A builder with every default. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Reads the configuration from environment variables, the OpenTelemetry ones and ours; see
   * {@link TraceEnvironment} for every variable. Only {@code environment} is read: the process's own
   * variables and {@code -D} properties are applied later, by {@link Tracing#configure(TraceConfig)},
   * over whatever config it is given.
   *
   * @throws IllegalArgumentException naming the variable whose value is wrong
   */
  public static TraceConfig fromEnvironment(Map<String, String> environment) {
    return TraceEnvironment.read(environment).build();
  }

  /** A builder holding this configuration, to change a few settings. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Where finished spans go; default {@link ExportTarget#localFile()}. */
  public ExportTarget export() {
    return export;
  }

  /** The local collector children export to; see the shortcuts {@link #collectorPort()} and the two below it. */
  public CollectorSettings collector() {
    return collector;
  }

  /** The export queue; see the shortcuts {@link #exportQueueSize()} and the three below it. */
  public BatchSettings batch() {
    return batch;
  }

  /** How much of an attribute value is kept; see {@link #maxAttributeLength()} and {@link #maxArrayLength()}. */
  public AttributeLimits limits() {
    return limits;
  }

  /** Previews; see {@link #previewsEnabled()} and {@link #previewMaxBytes()}. */
  public PreviewSettings previews() {
    return previews;
  }

  /** How the run's {@code traces.jsonl} is kept on disk: parts of a size, closed parts compressed; see {@link RunFileSettings}. */
  public RunFileSettings runFiles() {
    return runFiles;
  }

  /** Sampling; see {@link #sampler()} and {@link #samplingRatio()}. */
  public SamplingSettings sampling() {
    return sampling;
  }

  /** The viewer in the driver's process; see {@link #viewerEnabled()}, {@link #viewerHost()}, {@link #viewerPort()}. */
  public ViewerSettings viewer() {
    return viewer;
  }

  /** Whether spans are recorded at all. Off (the default): no file, no thread, one static check per traced call. */
  public boolean enabled() {
    return enabled;
  }

  /** The {@code service.name} resource attribute; default {@value #DEFAULT_SERVICE_NAME}. */
  public String serviceName() {
    return serviceName;
  }

  /** The directory that holds one sub-directory per run; default {@code work_dirs/trace}. */
  public Path outputDir() {
    return outputDir;
  }

  /**
   * The run id: the run's directory name and the {@code spanweave.run.id} resource attribute.
   * Generated when not set, such as {@code 20261129-073509-409337-5a14f69c} (UTC time to the
   * microsecond, then 8 random hex digits). Child processes receive it through
   * {@link TraceRuntime#childEnvironment()} to join the run.
   */
  public String runId() {
    return runId;
  }

  /** The directory of this run, {@code <outputDir>/<runId>}, absolute; see {@link RunLayout}. */
  public Path runDir() {
    return RunLayout.runDir(this);
  }

  /** Whether the driver starts the rollout viewer; default off. */
  public boolean viewerEnabled() {
    return viewer.enabled();
  }

  /** The address the viewer listens on; default {@value #DEFAULT_VIEWER_HOST}, only this machine. */
  public String viewerHost() {
    return viewer.host();
  }

  /** The viewer's port; default {@value #DEFAULT_VIEWER_PORT}, 0 picks a free port. */
  public int viewerPort() {
    return viewer.port();
  }

  /**
   * The extensions turned on for this run, by name, such as the rollout preset's
   * ({@code RolloutTrace.EXTENSION}); default none. An extension is a module that adds behaviour
   * to advised stages (the rollout preset records call chains and sample attributes); it asks
   * {@code Trace.extensionEnabled(name)} at span start. Child processes inherit the list through
   * {@link TraceRuntime#childEnvironment()}.
   */
  public Set<String> extensions() {
    return extensions;
  }

  /**
   * The OTLP endpoint of a collector run outside this process, such as {@code http://collector:4318}:
   * every process of the run exports there and the driver starts no local collector. That is the
   * OpenTelemetry Collector, Jaeger or Tempo of a run that outgrows one machine, and also, in a
   * child process, the driver's local collector, which {@link TraceRuntime#childEnvironment()}
   * names here. As for {@code OTEL_EXPORTER_OTLP_ENDPOINT}, it is the base URL: with
   * {@code http/protobuf} the exporter appends {@code /v1/traces}. {@code null} (the default): the
   * driver writes this run's {@code traces.jsonl} and runs the local collector for its children.
   */
  public String externalOtlpEndpoint() {
    ExportTarget.Otlp otlp = otlpPart();
    return otlp != null ? otlp.endpoint() : null;
  }

  /** The OTLP target of {@link #export()}, alone or in a composite; {@code null} without one. */
  private ExportTarget.Otlp otlpPart() {
    for (ExportTarget part : export.parts()) {
      if (part instanceof ExportTarget.Otlp otlp) {
        return otlp;
      }
    }
    return null;
  }

  /**
   * The full URL traces are sent to, used as it is, such as {@code https://ingest.example/otlp/v1/traces}:
   * what {@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT} says. It wins over {@link #externalOtlpEndpoint()}
   * (whose {@code /v1/traces} is appended) and otherwise means the same: every process of the run
   * exports there. {@code null} by default.
   */
  public String externalOtlpTracesEndpoint() {
    ExportTarget.Otlp otlp = otlpPart();
    return otlp != null ? otlp.tracesEndpoint() : null;
  }

  /**
   * The URL the OTLP exporter sends traces to: {@link #externalOtlpTracesEndpoint()} as it is, else
   * {@link #externalOtlpEndpoint()}, plus {@code /v1/traces} with {@code http/protobuf};
   * {@code null} when neither is set.
   */
  public String externalOtlpTracesUrl() {
    ExportTarget.Otlp otlp = otlpPart();
    return otlp != null ? otlp.tracesUrl() : null;
  }


  /** The protocol to {@link #externalOtlpEndpoint()}; default {@code http/protobuf}. */
  public OtlpProtocol externalOtlpProtocol() {
    ExportTarget.Otlp otlp = otlpPart();
    return otlp != null ? otlp.protocol() : OtlpProtocol.HTTP_PROTOBUF;
  }

  /** Compression of requests to {@link #externalOtlpEndpoint()}: {@code gzip} (the default) or {@code none}. */
  public String externalOtlpCompression() {
    ExportTarget.Otlp otlp = otlpPart();
    return otlp != null ? otlp.compression() : ExportTarget.Otlp.DEFAULT_COMPRESSION;
  }

  /**
   * The longest time one request to {@link #externalOtlpEndpoint()} may take
   * ({@code OTEL_EXPORTER_OTLP_TIMEOUT}); {@code null} (the default) derives it from {@link #exportTimeout()}.
   */
  public Duration externalOtlpTimeout() {
    ExportTarget.Otlp otlp = otlpPart();
    return otlp != null ? otlp.timeout() : null;
  }

  /** Headers sent to {@link #externalOtlpEndpoint()}, such as an authorization header; default none. */
  public Map<String, String> externalOtlpHeaders() {
    ExportTarget.Otlp otlp = otlpPart();
    return otlp != null ? otlp.headers() : Map.of();
  }

  /**
   * The span endpoint of a Zipkin server, such as {@code http://zipkin:9411/api/v2/spans} (as for
   * {@code OTEL_EXPORTER_ZIPKIN_ENDPOINT}, the full URL): every process exports there in Zipkin's
   * format, through OpenTelemetry's Zipkin exporter, and no local collector starts. Excludes
   * {@link #externalOtlpEndpoint()}; {@code null} by default.
   */
  public String externalZipkinEndpoint() {
    for (ExportTarget part : export.parts()) {
      if (part instanceof ExportTarget.Zipkin zipkin) {
        return zipkin.endpoint();
      }
    }
    return null;
  }

  /**
   * Whether spans go to a collector outside this process ({@link #externalOtlpEndpoint()},
   * {@link #externalOtlpTracesEndpoint()} or {@link #externalZipkinEndpoint()}).
   */
  public boolean exportsToExternalCollector() {
    return export.isExternal();
  }

  /**
   * Where the external collector's file exporter writes its JSON lines, so that the viewer can
   * read a run exported to an external collector; {@code null} by default. It does not configure
   * or start that collector, and is not handed to child processes. Only valid together with an
   * external endpoint.
   */
  public Path externalTraceJsonlPath() {
    return externalTraceJsonlPath;
  }

  /** The port of the driver's local collector that child processes export to; default 0, any free port. */
  public int collectorPort() {
    return collector.port();
  }

  /**
   * The host name or address the local collector gives child processes, such as a pod IP or a
   * service name; {@code null} (the default) advertises the address the collector listens on
   * ({@link #collectorBindAddress()}), and a routable address of this host when it listens on all
   * interfaces; see the collector section of {@code docs/deployment.md}.
   */
  public String collectorAdvertisedHost() {
    return collector.advertisedHost();
  }

  /**
   * The largest request body the local collector accepts, compressed and after decompression; a
   * larger one is refused with 413. Default {@value #DEFAULT_COLLECTOR_MAX_REQUEST_BYTES} bytes.
   */
  public long collectorMaxRequestBytes() {
    return collector.maxRequestBytes();
  }

  /**
   * Whether a process that exports to an external collector also writes every span it makes to the
   * run's own {@code traces.jsonl}, so that spans the endpoint never received are not lost for good:
   * the file can be sent to the endpoint later ({@link Replay}). Default {@code false}; without an
   * external collector the run's file is written anyway.
   */
  public boolean keepLocalFile() {
    return keepLocalFile;
  }

  /**
   * Where this process sends its {@code live.jsonl} records instead of writing them to a file of
   * its own: the driver's collector ({@code .../v1/spanweave/live}), which appends them to the
   * driver's {@code live.jsonl}, with {@link #externalOtlpHeaders()} (the run's bearer token). So
   * work in flight on every host shows in the driver's viewer. {@link TraceRuntime#childEnvironment()}
   * sets it for children of a driver that runs the local collector; {@code null} (the default):
   * records go to the run's {@code live.jsonl} on this host.
   */
  public String liveEndpoint() {
    return liveEndpoint;
  }

  /**
   * Whether a carrier with a W3C {@code traceparent} but no spanweave run id is refused: the span
   * then starts a new trace, and the first such carrier is reported as a fault, as a carrier of
   * another run is. Default {@code false}: such a carrier is joined (W3C behaviour, how spans join
   * from services that do not use spanweave), and the span is marked
   * {@code spanweave.parent.run_verified=false}.
   */
  public boolean strictCarriers() {
    return strictCarriers;
  }

  /**
   * Where the local collector listens: {@code null} (the default) or {@code loopback} for loopback
   * only, so that only processes on this host reach it; {@code all} for every interface, for
   * workers on other hosts; or one address of this host. Every request must carry the run's
   * bearer token whatever this says.
   */
  public String collectorBindAddress() {
    return collector.bindAddress();
  }

  /** Longest string attribute value kept, in characters; longer values are truncated. Default {@value #DEFAULT_MAX_ATTRIBUTE_LENGTH}. */
  public int maxAttributeLength() {
    return limits.maxStringLength();
  }

  /** Most elements kept of an array attribute; the rest are dropped. Default {@value #DEFAULT_MAX_ARRAY_LENGTH}. */
  public int maxArrayLength() {
    return limits.maxArrayLength();
  }

  /**
   * How many ended spans may wait for export (and, separately, how many live records may wait to
   * be written). When the queue is full new spans are dropped and counted, never waited for:
   * tracing does not slow the traced program down. Default {@value #DEFAULT_EXPORT_QUEUE_SIZE}.
   */
  public int exportQueueSize() {
    return batch.queueSize();
  }

  /** Most spans written in one batch, one {@code traces.jsonl} line; default {@value #DEFAULT_EXPORT_BATCH_SIZE}. */
  public int exportBatchSize() {
    return batch.batchSize();
  }

  /** Longest time an ended span waits before it is written; default 1 second. */
  public Duration exportDelay() {
    return batch.delay();
  }

  /**
   * Longest time one export (with its retries), a flush, or the whole final flush at close may take
   * ({@code OTEL_BSP_EXPORT_TIMEOUT}); default 5 seconds. What is not delivered by then is counted in
   * {@link TraceRuntime#droppedSpans()}.
   */
  public Duration exportTimeout() {
    return batch.timeout();
  }

  /**
   * The span attributes copied into {@code live.jsonl} records, so that in-flight work can be
   * named before its span ends; default {@code sample.id}. An enabled advice adds the keys of its
   * {@link io.spanweave.api.StageAdvice#liveAttributeKeys()} to these for the rest of the run.
   */
  public List<String> liveAttributeKeys() {
    return liveAttributeKeys;
  }

  /**
   * Extra resource attributes on every span, such as {@code deployment.environment}; also read
   * from {@code OTEL_RESOURCE_ATTRIBUTES}. {@code service.name} and {@code spanweave.run.id} are
   * set by {@link #serviceName()} and {@link #runId()}, not here.
   */
  public Map<String, String> resourceAttributes() {
    return resourceAttributes;
  }

  /**
   * Whether stages marked {@code @Traced(capture = Capture.PREVIEW)} (and {@code Trace.span(...,
   * Capture.PREVIEW)}) record previews; default on. Off, no preview and no exception message is
   * recorded anywhere, and such spans say {@code spanweave.redaction=not_captured}: the switch for
   * a production run whose code still has PREVIEW stages. Stages with the default
   * {@code Capture.OFF} never record previews either way.
   */
  public boolean previewsEnabled() {
    return previews.enabled();
  }

  /** Most UTF-8 bytes of one preview, after redaction; longer ones are cut on a character boundary. Default 4096. */
  public int previewMaxBytes() {
    return previews.maxBytes();
  }

  /** Which traces are recorded; default {@link TraceSampler#PARENTBASED_ALWAYS_ON}. See {@link #samplingRatio()}. */
  public TraceSampler sampler() {
    return sampling.sampler();
  }

  /**
   * The share of traces kept by the {@code traceidratio} samplers, 0 to 1; default 1. Setting it
   * with {@link Builder#samplingRatio(double)} also picks {@link TraceSampler#PARENTBASED_TRACEIDRATIO},
   * so a sample (a root span and everything under it) is kept or dropped whole.
   */
  public double samplingRatio() {
    return sampling.ratio();
  }

  /**
   * The distributed rank of this process, recorded as {@code spanweave.rank} on its spans; read
   * from {@code SPANWEAVE_RANK} or {@code RANK} (torchrun, DeepSpeed). Empty when unknown.
   */
  public OptionalInt rank() {
    return rank == null ? OptionalInt.empty() : OptionalInt.of(rank);
  }

  /** The rank of this process on its node ({@code LOCAL_RANK}), recorded as {@code spanweave.local_rank}; empty when unknown. */
  public OptionalInt localRank() {
    return localRank == null ? OptionalInt.empty() : OptionalInt.of(localRank);
  }

  /**
   * The propagators that carry the trace context across processes, by OpenTelemetry's names
   * ({@code OTEL_PROPAGATORS}): {@code tracecontext}, {@code baggage}, {@code none}, or one a
   * {@code ConfigurablePropagatorProvider} on the class path offers (such as {@code b3} from
   * {@code opentelemetry-extension-trace-propagators}). Default {@code tracecontext,baggage}. An
   * application's own {@code OpenTelemetry} keeps its propagators.
   */
  public List<String> propagators() {
    return propagators;
  }

  @Override
  public String toString() {
    return "TraceConfig{enabled=" + enabled + ", serviceName=" + serviceName + ", runDir=" + runDir()
        + ", viewer=" + (viewer.enabled() ? viewer.host() + ":" + viewer.port() : "off") + ", export=" + export + "}";
  }


  /** Builds a {@link TraceConfig}; {@link #build()} checks every setting. */
  public static final class Builder {

    private boolean enabled;
    private String serviceName = DEFAULT_SERVICE_NAME;
    private Path outputDir = DEFAULT_OUTPUT_DIR;
    private String runId;
    private boolean viewerEnabled;
    private String viewerHost = DEFAULT_VIEWER_HOST;
    private int viewerPort = DEFAULT_VIEWER_PORT;
    private final Set<String> extensions = new TreeSet<>();
    private String externalOtlpEndpoint;
    private OtlpProtocol externalOtlpProtocol = OtlpProtocol.HTTP_PROTOBUF;
    private String externalOtlpTracesEndpoint;
    private Map<String, String> externalOtlpHeaders = new LinkedHashMap<>();
    private String externalZipkinEndpoint;
    private Path externalTraceJsonlPath;
    /** {@link ExportTarget.None}: set only through {@link #export(ExportTarget)}. */
    private boolean exportNowhere;
    private int collectorPort;
    private String collectorAdvertisedHost;
    private long collectorMaxRequestBytes = DEFAULT_COLLECTOR_MAX_REQUEST_BYTES;
    private String collectorBindAddress;
    private int maxAttributeLength = DEFAULT_MAX_ATTRIBUTE_LENGTH;
    private int maxArrayLength = DEFAULT_MAX_ARRAY_LENGTH;
    private int exportQueueSize = DEFAULT_EXPORT_QUEUE_SIZE;
    private int exportBatchSize = DEFAULT_EXPORT_BATCH_SIZE;
    private Duration exportDelay = DEFAULT_EXPORT_DELAY;
    private Duration exportTimeout = DEFAULT_EXPORT_TIMEOUT;
    private List<String> liveAttributeKeys = new ArrayList<>(DEFAULT_LIVE_ATTRIBUTE_KEYS);
    private Map<String, String> resourceAttributes = new LinkedHashMap<>();
    private boolean previewsEnabled = true;
    private int previewMaxBytes = DEFAULT_PREVIEW_MAX_BYTES;
    private TraceSampler sampler = DEFAULT_SAMPLER;
    private double samplingRatio = 1.0;
    private Integer rank;
    private Integer localRank;
    private List<String> propagators = new ArrayList<>(DEFAULT_PROPAGATORS);
    private String externalOtlpCompression;
    private Duration externalOtlpTimeout;
    /** A {@link ExportTarget.Console} or {@link ExportTarget.Composite} choice: set only through {@link #export(ExportTarget)}. */
    private ExportTarget otherTarget;
    private boolean keepLocalFile;
    private String liveEndpoint;
    private boolean strictCarriers;
    private RunFileSettings runFiles = RunFileSettings.defaults();

    private Builder() {
    }

    private Builder(TraceConfig c) {
      enabled = c.enabled;
      serviceName = c.serviceName;
      outputDir = c.outputDir;
      runId = c.runId;
      viewerEnabled = c.viewer.enabled();
      viewerHost = c.viewer.host();
      viewerPort = c.viewer.port();
      extensions.addAll(c.extensions);
      export(c.export);
      externalTraceJsonlPath = c.externalTraceJsonlPath;
      collectorPort = c.collector.port();
      collectorAdvertisedHost = c.collector.advertisedHost();
      collectorMaxRequestBytes = c.collector.maxRequestBytes();
      collectorBindAddress = c.collector.bindAddress();
      maxAttributeLength = c.limits.maxStringLength();
      maxArrayLength = c.limits.maxArrayLength();
      exportQueueSize = c.batch.queueSize();
      exportBatchSize = c.batch.batchSize();
      exportDelay = c.batch.delay();
      exportTimeout = c.batch.timeout();
      liveAttributeKeys = new ArrayList<>(c.liveAttributeKeys);
      resourceAttributes = new LinkedHashMap<>(c.resourceAttributes);
      previewsEnabled = c.previews.enabled();
      previewMaxBytes = c.previews.maxBytes();
      sampler = c.sampling.sampler();
      samplingRatio = c.sampling.ratio();
      rank = c.rank;
      keepLocalFile = c.keepLocalFile;
      liveEndpoint = c.liveEndpoint;
      strictCarriers = c.strictCarriers;
      runFiles = c.runFiles;
      localRank = c.localRank;
      propagators = new ArrayList<>(c.propagators);
    }

    /**
     * Where finished spans go, replacing any external endpoint set so far; see {@link TraceConfig#export()}.
     * The {@code external*} setters below are shortcuts for the same choice; an endpoint setter
     * replaces a {@link ExportTarget.Composite} or {@link ExportTarget.Console} choice, and the
     * protocol and header setters do not change one: pass a new composite instead.
     */
    public Builder export(ExportTarget target) {
      Objects.requireNonNull(target, "export");
      externalOtlpEndpoint = null;
      externalOtlpTracesEndpoint = null;
      externalOtlpProtocol = OtlpProtocol.HTTP_PROTOBUF;
      externalOtlpHeaders = new LinkedHashMap<>();
      externalZipkinEndpoint = null;
      exportNowhere = false;
      externalOtlpCompression = null;
      externalOtlpTimeout = null;
      otherTarget = null;
      if (target instanceof ExportTarget.Otlp otlp) {
        externalOtlpEndpoint = otlp.endpoint();
        externalOtlpTracesEndpoint = otlp.tracesEndpoint();
        externalOtlpProtocol = otlp.protocol();
        externalOtlpHeaders = new LinkedHashMap<>(otlp.headers());
        externalOtlpCompression = otlp.compression();
        externalOtlpTimeout = otlp.timeout();
      } else if (target instanceof ExportTarget.Console || target instanceof ExportTarget.Composite) {
        otherTarget = target;
      } else if (target instanceof ExportTarget.Zipkin zipkin) {
        externalZipkinEndpoint = zipkin.endpoint();
      } else if (target instanceof ExportTarget.None) {
        exportNowhere = true;
      }
      return this;
    }

    /** The one export choice the settings make; checked by {@link #build()} first. */
    private ExportTarget exportTarget() {
      if (otherTarget != null) {
        return otherTarget;
      }
      if (externalZipkinEndpoint != null) {
        return new ExportTarget.Zipkin(externalZipkinEndpoint);
      }
      if (externalOtlpEndpoint != null || externalOtlpTracesEndpoint != null) {
        return new ExportTarget.Otlp(externalOtlpEndpoint, externalOtlpTracesEndpoint, externalOtlpProtocol,
            externalOtlpHeaders, externalOtlpCompression, externalOtlpTimeout);
      }
      return exportNowhere ? ExportTarget.None.INSTANCE : ExportTarget.localFile();
    }


    /** The export choice made so far; how the environment adds to it ({@link TraceEnvironment}). */
    ExportTarget exportSoFar() {
      return exportTarget();
    }

    /** The run file settings so far; the environment changes what it sets. */
    RunFileSettings runFilesSoFar() {
      return runFiles;
    }

    /** The resource attributes set so far; the environment's are added to them. */
    Map<String, String> resourceAttributesSoFar() {
      return resourceAttributes;
    }

    /** See {@link TraceConfig#propagators()}; replaces the list set so far. */
    public Builder propagators(List<String> names) {
      this.propagators = new ArrayList<>(Objects.requireNonNull(names, "propagators"));
      return this;
    }

    /** See {@link TraceConfig#enabled()}. */
    public Builder enabled(boolean enabled) {
      this.enabled = enabled;
      return this;
    }

    /** See {@link TraceConfig#serviceName()}. */
    public Builder serviceName(String serviceName) {
      this.serviceName = serviceName;
      return this;
    }

    /** See {@link TraceConfig#outputDir()}. */
    public Builder outputDir(Path outputDir) {
      this.outputDir = outputDir;
      return this;
    }

    /** See {@link TraceConfig#runId()}; {@code null} generates one. */
    public Builder runId(String runId) {
      this.runId = runId;
      return this;
    }

    /** See {@link TraceConfig#viewerEnabled()}. */
    public Builder viewerEnabled(boolean viewerEnabled) {
      this.viewerEnabled = viewerEnabled;
      return this;
    }

    /** See {@link TraceConfig#viewerHost()}. */
    public Builder viewerHost(String viewerHost) {
      this.viewerHost = viewerHost;
      return this;
    }

    /** See {@link TraceConfig#viewerPort()}. */
    public Builder viewerPort(int viewerPort) {
      this.viewerPort = viewerPort;
      return this;
    }

    /** Turns the extension {@code name} on; see {@link TraceConfig#extensions()}. */
    public Builder enableExtension(String name) {
      require(name != null && !name.isBlank() && name.indexOf(',') < 0,
          "extension name '" + name + "' is blank or holds a comma; use the constant the extension defines");
      this.extensions.add(name.trim());
      return this;
    }

    /** Turns the extension {@code name} off; see {@link TraceConfig#extensions()}. */
    public Builder disableExtension(String name) {
      this.extensions.remove(name);
      return this;
    }

    /** See {@link TraceConfig#externalOtlpEndpoint()}. */
    public Builder externalOtlpEndpoint(String externalOtlpEndpoint) {
      this.externalOtlpEndpoint = externalOtlpEndpoint;
      if (externalOtlpEndpoint != null) {
        otherTarget = null; // a shortcut makes a new single choice
      }
      return this;
    }

    /** See {@link TraceConfig#externalOtlpTracesEndpoint()}. */
    public Builder externalOtlpTracesEndpoint(String externalOtlpTracesEndpoint) {
      this.externalOtlpTracesEndpoint = externalOtlpTracesEndpoint;
      if (externalOtlpTracesEndpoint != null) {
        otherTarget = null; // a shortcut makes a new single choice
      }
      return this;
    }

    /** See {@link TraceConfig#externalOtlpProtocol()}. */
    public Builder externalOtlpProtocol(OtlpProtocol externalOtlpProtocol) {
      this.externalOtlpProtocol = externalOtlpProtocol;
      return this;
    }

    /** See {@link TraceConfig#externalOtlpHeaders()}; replaces the headers set so far. */
    public Builder externalOtlpHeaders(Map<String, String> headers) {
      this.externalOtlpHeaders = new LinkedHashMap<>(Objects.requireNonNull(headers, "externalOtlpHeaders"));
      return this;
    }

    /** See {@link TraceConfig#externalTraceJsonlPath()}. */
    public Builder externalTraceJsonlPath(Path externalTraceJsonlPath) {
      this.externalTraceJsonlPath = externalTraceJsonlPath;
      return this;
    }

    /** See {@link TraceConfig#collectorPort()}. */
    public Builder collectorPort(int collectorPort) {
      this.collectorPort = collectorPort;
      return this;
    }

    /** See {@link TraceConfig#externalZipkinEndpoint()}. */
    public Builder externalZipkinEndpoint(String externalZipkinEndpoint) {
      this.externalZipkinEndpoint = externalZipkinEndpoint;
      if (externalZipkinEndpoint != null) {
        otherTarget = null; // a shortcut makes a new single choice
      }
      return this;
    }

    /** See {@link TraceConfig#collectorAdvertisedHost()}. */
    public Builder collectorAdvertisedHost(String collectorAdvertisedHost) {
      this.collectorAdvertisedHost = collectorAdvertisedHost;
      return this;
    }

    /** See {@link TraceConfig#collectorMaxRequestBytes()}. */
    public Builder collectorMaxRequestBytes(long collectorMaxRequestBytes) {
      this.collectorMaxRequestBytes = collectorMaxRequestBytes;
      return this;
    }

    /** See {@link TraceConfig#collectorBindAddress()}. */
    public Builder collectorBindAddress(String collectorBindAddress) {
      this.collectorBindAddress = collectorBindAddress;
      return this;
    }

    /** See {@link TraceConfig#strictCarriers()}. */
    /** How the run's {@code traces.jsonl} is kept on disk; default {@link RunFileSettings#defaults()}. */
    public Builder runFiles(RunFileSettings runFiles) {
      this.runFiles = Objects.requireNonNull(runFiles, "runFiles");
      return this;
    }

    public Builder strictCarriers(boolean strictCarriers) {
      this.strictCarriers = strictCarriers;
      return this;
    }

    /** See {@link TraceConfig#keepLocalFile()}. */
    public Builder keepLocalFile(boolean keepLocalFile) {
      this.keepLocalFile = keepLocalFile;
      return this;
    }

    /** See {@link TraceConfig#liveEndpoint()}; {@code null} or blank for none. */
    public Builder liveEndpoint(String liveEndpoint) {
      this.liveEndpoint = liveEndpoint == null || liveEndpoint.isBlank() ? null : liveEndpoint.trim();
      return this;
    }

    /** {@code collectorBindAddress("all")}: the collector listens on every interface, for workers on other hosts. */
    public Builder collectorListenAll() {
      return collectorBindAddress("all");
    }

    /** See {@link TraceConfig#maxAttributeLength()}. */
    public Builder maxAttributeLength(int maxAttributeLength) {
      this.maxAttributeLength = maxAttributeLength;
      return this;
    }

    /** See {@link TraceConfig#maxArrayLength()}. */
    public Builder maxArrayLength(int maxArrayLength) {
      this.maxArrayLength = maxArrayLength;
      return this;
    }

    /** See {@link TraceConfig#exportQueueSize()}. */
    public Builder exportQueueSize(int exportQueueSize) {
      this.exportQueueSize = exportQueueSize;
      return this;
    }

    /** See {@link TraceConfig#exportBatchSize()}. */
    public Builder exportBatchSize(int exportBatchSize) {
      this.exportBatchSize = exportBatchSize;
      return this;
    }

    /** See {@link TraceConfig#exportDelay()}. */
    public Builder exportDelay(Duration exportDelay) {
      this.exportDelay = exportDelay;
      return this;
    }

    /** See {@link TraceConfig#exportTimeout()}. */
    public Builder exportTimeout(Duration exportTimeout) {
      this.exportTimeout = exportTimeout;
      return this;
    }

    /** See {@link TraceConfig#liveAttributeKeys()}; replaces the keys set so far. */
    public Builder liveAttributeKeys(List<String> keys) {
      this.liveAttributeKeys = new ArrayList<>(Objects.requireNonNull(keys, "liveAttributeKeys"));
      return this;
    }

    /** Adds one resource attribute; see {@link TraceConfig#resourceAttributes()}. */
    public Builder resourceAttribute(String key, String value) {
      this.resourceAttributes.put(key, value);
      return this;
    }

    /** Replaces the resource attributes; see {@link TraceConfig#resourceAttributes()}. */
    public Builder resourceAttributes(Map<String, String> attributes) {
      this.resourceAttributes = new LinkedHashMap<>(Objects.requireNonNull(attributes, "resourceAttributes"));
      return this;
    }

    /** See {@link TraceConfig#previewsEnabled()}. */
    public Builder previewsEnabled(boolean previewsEnabled) {
      this.previewsEnabled = previewsEnabled;
      return this;
    }

    /** See {@link TraceConfig#previewMaxBytes()}. */
    public Builder previewMaxBytes(int previewMaxBytes) {
      this.previewMaxBytes = previewMaxBytes;
      return this;
    }

    /** See {@link TraceConfig#sampler()}; keeps the ratio set so far. */
    public Builder sampler(TraceSampler sampler) {
      this.sampler = sampler;
      return this;
    }

    /**
     * Keeps {@code ratio} (0 to 1) of the samples, whole: sets the ratio and the sampler
     * {@link TraceSampler#PARENTBASED_TRACEIDRATIO}. See {@link TraceConfig#samplingRatio()}.
     */
    public Builder samplingRatio(double ratio) {
      this.samplingRatio = ratio;
      this.sampler = TraceSampler.PARENTBASED_TRACEIDRATIO;
      return this;
    }

    /** Sets the ratio of {@link TraceConfig#samplingRatio()} without changing the sampler (as {@code OTEL_TRACES_SAMPLER_ARG} does). */
    Builder samplerArgument(double ratio) {
      this.samplingRatio = ratio;
      return this;
    }

    /** See {@link TraceConfig#rank()}; {@code null} for unknown. */
    public Builder rank(Integer rank) {
      this.rank = rank;
      return this;
    }

    /** See {@link TraceConfig#localRank()}; {@code null} for unknown. */
    public Builder localRank(Integer localRank) {
      this.localRank = localRank;
      return this;
    }

    /**
     * Checks every setting and builds the configuration.
     *
     * @throws IllegalArgumentException naming the setting that is wrong and what to do instead
     */
    public TraceConfig build() {
      require(serviceName != null && !serviceName.isBlank(),
          "serviceName is blank; set it to the name of the program, e.g. serviceName(\"rollout\") or OTEL_SERVICE_NAME");
      require(outputDir != null, "outputDir is null; set it to the directory that holds the runs, e.g. Path.of(\"work_dirs/trace\")");
      require(runId == null || RunIds.isValid(runId),
          "runId '" + runId + "' cannot name a directory; use letters, digits, '.', '_' and '-' (at most 128), "
              + "or leave it unset to generate one");
      require(viewerHost != null && !viewerHost.isBlank(),
          "viewerHost is blank; set it to the address the viewer listens on, e.g. 127.0.0.1 or 0.0.0.0");
      require(viewerPort >= 0 && viewerPort <= 65535, "viewerPort " + viewerPort + " is not a TCP port; use 1-65535, or 0 for any free port");
      require(collectorPort >= 0 && collectorPort <= 65535,
          "collectorPort " + collectorPort + " is not a TCP port; use 1-65535, or 0 for any free port");
      require(collectorMaxRequestBytes >= 1024, "collectorMaxRequestBytes " + collectorMaxRequestBytes
          + " is too small for an OTLP request; use at least 1024, e.g. 16777216 (16 MiB)");
      require(collectorAdvertisedHost == null || !collectorAdvertisedHost.isBlank(),
          "collectorAdvertisedHost is blank; set it to a host name or address children can reach, or leave it unset "
              + "to pick this host's routable address");
      require(collectorBindAddress == null || !collectorBindAddress.isBlank(),
          "collectorBindAddress is blank; use loopback (the default), all, or an address of this host");
      require(maxAttributeLength >= 1, "maxAttributeLength " + maxAttributeLength + " must be at least 1 character");
      require(maxArrayLength >= 1, "maxArrayLength " + maxArrayLength + " must be at least 1 element");
      require(exportQueueSize >= 1, "exportQueueSize " + exportQueueSize + " must be at least 1 span");
      require(exportBatchSize >= 1 && exportBatchSize <= exportQueueSize,
          "exportBatchSize " + exportBatchSize + " must be between 1 and exportQueueSize (" + exportQueueSize + ")");
      require(exportDelay != null && !exportDelay.isNegative() && !exportDelay.isZero(),
          "exportDelay " + exportDelay + " must be a positive duration, e.g. Duration.ofSeconds(1)");
      require(exportTimeout != null && !exportTimeout.isNegative() && !exportTimeout.isZero(),
          "exportTimeout " + exportTimeout + " must be a positive duration, e.g. Duration.ofSeconds(30)");
      require(externalOtlpProtocol != null, "externalOtlpProtocol is null; use OtlpProtocol.HTTP_PROTOBUF or OtlpProtocol.GRPC");
      for (String key : liveAttributeKeys) {
        require(key != null && !key.isBlank(), "liveAttributeKeys holds a blank key; list attribute keys such as \"sample.id\"");
      }
      require(previewMaxBytes >= 16, "previewMaxBytes " + previewMaxBytes + " is too small for a preview; use at least 16, "
          + "e.g. 4096, or turn previews off with previewsEnabled(false)");
      require(sampler != null, "sampler is null; use e.g. TraceSampler.PARENTBASED_TRACEIDRATIO with samplingRatio(0.1)");
      require(samplingRatio >= 0 && samplingRatio <= 1, "samplingRatio " + samplingRatio
          + " is not a share of traces; use a number from 0 (none) to 1 (all), e.g. 0.1");
      require(rank == null || rank >= 0, "rank " + rank + " is negative; use the process's RANK (0 or more), or leave it unset");
      require(localRank == null || localRank >= 0, "localRank " + localRank + " is negative; use LOCAL_RANK (0 or more), "
          + "or leave it unset");
      checkResourceAttributes();
      checkExternalExport();
      checkPropagators();
      return new TraceConfig(this);
    }

    private void checkResourceAttributes() {
      for (Map.Entry<String, String> attribute : resourceAttributes.entrySet()) {
        String key = attribute.getKey();
        require(key != null && !key.isBlank(), "resourceAttributes holds a blank key; every resource attribute needs a name");
        require(attribute.getValue() != null, "resource attribute '" + key + "' has no value; give it one or leave it out");
        require(!key.equals("service.name"), "resourceAttributes sets service.name; set it with serviceName(...) instead");
        require(!key.equals(SpanAttributes.RUN_ID),
            "resourceAttributes sets " + SpanAttributes.RUN_ID + "; set it with runId(...) instead");
      }
    }

    private void checkExternalExport() {
      if (externalOtlpEndpoint != null) {
        require(isHttpUrl(externalOtlpEndpoint), "externalOtlpEndpoint '" + SecretValues.maskUrl(externalOtlpEndpoint)
            + "' is not an http(s) URL; use e.g. http://collector:4318 (http/protobuf) or http://collector:4317 (grpc)");
      }
      if (externalOtlpTracesEndpoint != null) {
        require(isHttpUrl(externalOtlpTracesEndpoint), "externalOtlpTracesEndpoint '"
            + SecretValues.maskUrl(externalOtlpTracesEndpoint)
            + "' is not an http(s) URL; give the full traces URL, e.g. http://collector:4318/v1/traces (http/protobuf) "
            + "or http://collector:4317 (grpc)");
      }
      if (externalZipkinEndpoint != null) {
        require(isHttpUrl(externalZipkinEndpoint), "externalZipkinEndpoint '" + SecretValues.maskUrl(externalZipkinEndpoint)
            + "' is not an http(s) URL; use Zipkin's span endpoint, e.g. http://zipkin:9411/api/v2/spans");
        String otlp = externalOtlpEndpoint != null ? "externalOtlpEndpoint" : "externalOtlpTracesEndpoint";
        require(externalOtlpEndpoint == null && externalOtlpTracesEndpoint == null, otlp + " and externalZipkinEndpoint "
            + "are both set; spans go to one external collector, so keep one of them (OTEL_EXPORTER_OTLP_ENDPOINT or "
            + "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_ZIPKIN_ENDPOINT), or send to both with "
            + "OTEL_TRACES_EXPORTER=otlp,zipkin (an ExportTarget.Composite)");
      }
      if (otherTarget != null) {
        checkOtherTarget();
        return;
      }
      boolean external = externalOtlpEndpoint != null || externalOtlpTracesEndpoint != null || externalZipkinEndpoint != null;
      if (externalTraceJsonlPath != null) {
        require(external, "externalTraceJsonlPath is set but externalOtlpEndpoint is not; it names the file "
            + "an external collector writes, so set externalOtlpEndpoint (or externalZipkinEndpoint) too, or remove "
            + "externalTraceJsonlPath to keep traces in this run's own traces.jsonl");
      }
      require(!(viewerEnabled && external && externalTraceJsonlPath == null),
          "viewerEnabled with an external collector (externalOtlpEndpoint or externalZipkinEndpoint) needs "
              + "externalTraceJsonlPath: spans go to the external collector, so "
              + "the viewer can only read the JSON lines that collector's file exporter writes; set externalTraceJsonlPath "
              + "to that file, or turn the viewer off");
    }

    /** A composite's parts are checked as the single targets are; its local file part serves the viewer. */
    private void checkOtherTarget() {
      for (ExportTarget part : otherTarget.parts()) {
        if (part instanceof ExportTarget.Otlp otlp) {
          for (String url : new String[] {otlp.endpoint(), otlp.tracesEndpoint()}) {
            require(url == null || isHttpUrl(url), "OTLP endpoint '" + SecretValues.maskUrl(url)
                + "' is not an http(s) URL; use e.g. http://collector:4318 (http/protobuf) or http://collector:4317 (grpc)");
          }
          require(otlp.endpoint() != null || otlp.tracesEndpoint() != null,
              "the OTLP target has no endpoint; give one, e.g. http://collector:4318");
        } else if (part instanceof ExportTarget.Zipkin zipkin) {
          require(isHttpUrl(zipkin.endpoint()), "Zipkin endpoint '" + SecretValues.maskUrl(zipkin.endpoint())
              + "' is not an http(s) URL; use Zipkin's span endpoint, e.g. http://zipkin:9411/api/v2/spans");
        }
      }
      boolean external = otherTarget.isExternal();
      if (externalTraceJsonlPath != null) {
        require(external, "externalTraceJsonlPath is set but the export has no external collector; it names the file "
            + "an external collector writes, so export to one too, or remove externalTraceJsonlPath");
      }
      require(!(viewerEnabled && !otherTarget.includesLocalFile() && externalTraceJsonlPath == null),
          "viewerEnabled with an export that writes no local traces file (" + otherTarget.exporterName() + ") needs "
              + "externalTraceJsonlPath; add the local file (ExportTarget.localFile(), OTEL_TRACES_EXPORTER=spanweave,...), "
              + "set externalTraceJsonlPath, or turn the viewer off");
    }

    private void checkPropagators() {
      for (String name : propagators) {
        require(name != null && !name.isBlank(), "propagators holds a blank name; use e.g. tracecontext,baggage");
      }
      require(!propagators.contains("none") || propagators.size() == 1,
          "propagators lists 'none' with others " + propagators + "; use 'none' alone to propagate nothing");
      for (String name : propagators) {
        require(TracePropagators.isKnown(name), "propagator '" + name + "' is unknown; use tracecontext, baggage or "
            + "none, or add the artifact that provides it (e.g. io.opentelemetry:opentelemetry-extension-trace-propagators "
            + "for b3, b3multi, jaeger, ottrace) to the class path");
      }
    }

    private static boolean isHttpUrl(String value) {
      try {
        URI uri = new URI(value);
        return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
      } catch (URISyntaxException e) {
        return false;
      }
    }

    private static void require(boolean condition, String message) {
      if (!condition) {
        throw new IllegalArgumentException("Invalid TraceConfig: " + message);
      }
    }
  }
}
