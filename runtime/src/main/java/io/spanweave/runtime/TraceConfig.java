package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;
import static io.spanweave.runtime.ConfigChecks.requirePart;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * How tracing runs: a few settings of the run itself and one immutable part per concern, each with
 * its defaults ({@code ViewerSettings.DEFAULT}, ...) and {@code with} methods to change one
 * setting; the builder hands each part to a function that returns it changed. Made by {@link
 * #builder()} or read from the environment by {@link #fromEnvironment(Map)}; every part checks
 * itself when it is made and the whole when it is built, so a wrong setting fails at startup with a
 * message that names it ({@code viewer.port}) and says what to do.
 *
 * <pre>{@code
 * TraceConfig config = TraceConfig.builder()
 *     .enabled(true)
 *     .serviceName("xtuner-rollout")
 *     .outputDir(Path.of("work_dirs/trace"))
 *     .viewer(viewer -> viewer.withEnabled(true))
 *     .build();
 * try (TraceRuntime runtime = Tracing.configure(config)) {
 *   ...
 * }
 * }</pre>
 *
 * <table>
 *   <caption>The parts</caption>
 *   <tr><th>accessor and builder method</th><th>part</th><th>what it decides</th></tr>
 *   <tr><td>{@link #export()}</td><td>{@link ExportTarget}</td><td>where finished spans go</td></tr>
 *   <tr><td>{@link #batch()}</td><td>{@link BatchSettings}</td><td>the export queue and its timeouts</td></tr>
 *   <tr><td>{@link #collector()}</td><td>{@link CollectorSettings}</td><td>the local collector children export to</td></tr>
 *   <tr><td>{@link #collectorTls()}</td><td>{@link CollectorTlsSettings}</td><td>TLS and mTLS on that collector</td></tr>
 *   <tr><td>{@link #exporterTls()}</td><td>{@link ExporterTlsSettings}</td><td>the CAs and client certificate exporters use</td></tr>
 *   <tr><td>{@link #limits()}</td><td>{@link AttributeLimits}</td><td>how much of an attribute value is kept</td></tr>
 *   <tr><td>{@link #previews()}</td><td>{@link PreviewSettings}</td><td>previews of PREVIEW stages</td></tr>
 *   <tr><td>{@link #runFiles()}</td><td>{@link RunFileSettings}</td><td>the run's file as parts, closed parts compressed</td></tr>
 *   <tr><td>{@link #sampling()}</td><td>{@link SamplingSettings}</td><td>which traces are kept</td></tr>
 *   <tr><td>{@link #propagation()}</td><td>{@link PropagationSettings}</td><td>how context crosses processes</td></tr>
 *   <tr><td>{@link #live()}</td><td>{@link LiveSettings}</td><td>the {@code live.jsonl} records</td></tr>
 *   <tr><td>{@link #viewer()}</td><td>{@link ViewerSettings}</td><td>the viewer the driver starts</td></tr>
 * </table>
 *
 * <p>A run writes {@code <outputDir>/<runId>/traces/traces.jsonl} and {@code live.jsonl} next to
 * it; see {@link TraceRuntime}.
 */
public final class TraceConfig {

  /** Default of {@link #serviceName()}. */
  public static final String DEFAULT_SERVICE_NAME = "spanweave";

  /** Default of {@link #outputDir()}, relative to the working directory. */
  public static final Path DEFAULT_OUTPUT_DIR = Path.of("work_dirs", "trace");

  private final boolean enabled;
  private final String serviceName;
  private final Path outputDir;
  private final String runId;
  private final Set<String> extensions;
  private final Map<String, String> resourceAttributes;
  private final Integer rank;
  private final Integer localRank;
  private final Long resumeStep;
  private final boolean keepLocalFile;
  private final Path externalTraceJsonlPath;
  private final ExportTarget export;
  private final BatchSettings batch;
  private final CollectorSettings collector;
  private final CollectorTlsSettings collectorTls;
  private final ExporterTlsSettings exporterTls;
  private final AttributeLimits limits;
  private final PreviewSettings previews;
  private final RunFileSettings runFiles;
  private final SamplingSettings sampling;
  private final PropagationSettings propagation;
  private final LiveSettings live;
  private final ViewerSettings viewer;
  private final boolean guardrails;

  private TraceConfig(Builder b) {
    this.enabled = b.enabled;
    this.serviceName = b.serviceName;
    this.outputDir = b.outputDir;
    this.runId = b.runId != null ? b.runId : RunIds.generate();
    this.extensions = Collections.unmodifiableSet(new TreeSet<>(b.extensions));
    this.resourceAttributes =
        Collections.unmodifiableMap(new LinkedHashMap<>(b.resourceAttributes));
    this.rank = b.rank;
    this.localRank = b.localRank;
    this.resumeStep = b.resumeStep;
    this.keepLocalFile = b.keepLocalFile;
    this.externalTraceJsonlPath = b.externalTraceJsonlPath;
    this.export = b.export;
    this.batch = b.batch;
    this.collector = b.collector;
    this.collectorTls = b.collectorTls;
    this.exporterTls = b.exporterTls;
    this.limits = b.limits;
    this.previews = b.previews;
    this.runFiles = b.runFiles;
    this.sampling = b.sampling;
    this.propagation = b.propagation;
    this.live = b.live;
    this.viewer = b.viewer;
    this.guardrails = b.guardrails;
  }

  /** A builder with every default. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Reads the configuration from environment variables, the OpenTelemetry ones and ours; see {@link
   * TraceEnvironment} for every variable. Only {@code environment} is read: the process's own
   * variables and {@code -D} properties are applied later, by {@link
   * Tracing#configure(TraceConfig)}, over whatever config it is given.
   *
   * @throws IllegalArgumentException naming the variable whose value is wrong
   */
  public static TraceConfig fromEnvironment(Map<String, String> environment) {
    return TraceEnvironment.read(environment);
  }

  /** A builder holding this configuration, to change a few settings. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Whether spans are recorded at all. Off (the default): no file, no thread, one static check per
   * traced call.
   */
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
   * microsecond, then 8 random hex digits). Child processes receive it through {@link
   * TraceRuntime#childEnvironment()} to join the run.
   */
  public String runId() {
    return runId;
  }

  /** The directory of this run, {@code <outputDir>/<runId>}, absolute; see {@link RunLayout}. */
  public Path runDir() {
    return RunLayout.runDir(this);
  }

  /**
   * The extensions turned on for this run, by name, such as the rollout preset's ({@code
   * RolloutTrace.EXTENSION}); default none. An extension is a module that adds behaviour to advised
   * stages (the rollout preset records call chains and sample attributes); it asks {@code
   * Trace.extensionEnabled(name)} at span start. Child processes inherit the list through {@link
   * TraceRuntime#childEnvironment()}.
   */
  public Set<String> extensions() {
    return extensions;
  }

  /**
   * Extra resource attributes on every span, such as {@code deployment.environment}; also read from
   * {@code OTEL_RESOURCE_ATTRIBUTES}. {@code service.name} and {@code spanweave.run.id} are set by
   * {@link #serviceName()} and {@link #runId()}, not here.
   */
  public Map<String, String> resourceAttributes() {
    return resourceAttributes;
  }

  /**
   * The distributed rank of this process, recorded as {@code spanweave.rank} on its spans; read
   * from {@code SPANWEAVE_RANK} or {@code RANK} (torchrun, DeepSpeed). Empty when unknown.
   */
  public OptionalInt rank() {
    return rank == null ? OptionalInt.empty() : OptionalInt.of(rank);
  }

  /**
   * The rank of this process on its node ({@code LOCAL_RANK}), recorded as {@code
   * spanweave.local_rank}; empty when unknown.
   */
  public OptionalInt localRank() {
    return localRank == null ? OptionalInt.empty() : OptionalInt.of(localRank);
  }

  /**
   * The step a trainer resumed from, when this process is a restart of the run from a checkpoint:
   * the first step it records again. It is written in the record of this process's attempt of the
   * run ({@code <runDir>/attempts}), so that the viewer can mark where the run resumed; read from
   * {@code SPANWEAVE_RESUME_STEP}. A value known only once the checkpoint is loaded goes to {@link
   * TraceRuntime#resumedFrom(long)} instead. Empty (the default) for a run's first start, or when
   * not known: the viewer then takes the new attempt's first step.
   */
  public OptionalLong resumeStep() {
    return resumeStep == null ? OptionalLong.empty() : OptionalLong.of(resumeStep);
  }

  /** Where finished spans go; default {@link ExportTarget#localFile()}. */
  public ExportTarget export() {
    return export;
  }

  /**
   * Whether a process that exports to an external collector also writes every span it makes to the
   * run's own {@code traces.jsonl}, so that spans the endpoint never received are not lost for
   * good: the file can be sent to the endpoint later ({@link Replay}). Default {@code false};
   * without an external collector the run's file is written anyway.
   */
  public boolean keepLocalFile() {
    return keepLocalFile;
  }

  /**
   * Where the external collector's file exporter writes its JSON lines, so that the viewer can read
   * a run exported to an external collector; {@code null} by default. It does not configure or
   * start that collector, and is not handed to child processes. Only valid when {@link #export()}
   * goes to an external collector.
   */
  public Path externalTraceJsonlPath() {
    return externalTraceJsonlPath;
  }

  /** The export queue and its timeouts. */
  public BatchSettings batch() {
    return batch;
  }

  /** The local collector children export to. */
  public CollectorSettings collector() {
    return collector;
  }

  /** TLS (and mTLS) on the local collector; off by default. */
  public CollectorTlsSettings collectorTls() {
    return collectorTls;
  }

  /** The CAs to trust and the client certificate to present when posting spans to a collector. */
  public ExporterTlsSettings exporterTls() {
    return exporterTls;
  }

  /** How much of an attribute value is kept. */
  public AttributeLimits limits() {
    return limits;
  }

  /** Previews of {@code Capture.PREVIEW} stages. */
  public PreviewSettings previews() {
    return previews;
  }

  /**
   * How the run's {@code traces.jsonl} is kept on disk: parts of a size, closed parts compressed.
   */
  public RunFileSettings runFiles() {
    return runFiles;
  }

  /** Which traces are kept. */
  public SamplingSettings sampling() {
    return sampling;
  }

  /** How the trace context crosses processes. */
  public PropagationSettings propagation() {
    return propagation;
  }

  /** The {@code live.jsonl} records of work in flight. */
  public LiveSettings live() {
    return live;
  }

  /** The viewer in the driver's process. */
  public ViewerSettings viewer() {
    return viewer;
  }

  /**
   * Whether the run-time guardrails hold every span that reaches this run's files (workers' spans
   * received by the local collector, and this process's spans, the application's own OpenTelemetry
   * spans among them): payload attributes and events left out, secrets redacted, the span kept
   * ({@code io.spanweave.conventions.ContentPolicy}). Default {@code true}; {@code false} ({@code
   * SPANWEAVE_GUARDRAILS=off}) is for debugging only and is warned about at every start.
   */
  public boolean guardrails() {
    return guardrails;
  }

  @Override
  public String toString() {
    return "TraceConfig{enabled="
        + enabled
        + ", serviceName="
        + serviceName
        + ", runDir="
        + runDir()
        + ", viewer="
        + (viewer.enabled() ? viewer.host() + ":" + viewer.port() : "off")
        + ", export="
        + export
        + "}";
  }

  /**
   * Builds a {@link TraceConfig}: one method per setting of the run, and one per part that changes
   * the part with its {@code with} methods, such as {@code batch(batch -> batch.withDelay(d))};
   * {@link #build()} checks what the parts cannot check alone.
   */
  public static final class Builder {

    private boolean enabled;
    private String serviceName = DEFAULT_SERVICE_NAME;
    private Path outputDir = DEFAULT_OUTPUT_DIR;
    private String runId;
    private final Set<String> extensions = new TreeSet<>();
    private Map<String, String> resourceAttributes = new LinkedHashMap<>();
    private Integer rank;
    private Integer localRank;
    private Long resumeStep;
    private boolean keepLocalFile;
    private Path externalTraceJsonlPath;
    private ExportTarget export = ExportTarget.localFile();
    private BatchSettings batch = BatchSettings.DEFAULT;
    private CollectorSettings collector = CollectorSettings.DEFAULT;
    private CollectorTlsSettings collectorTls = CollectorTlsSettings.NONE;
    private ExporterTlsSettings exporterTls = ExporterTlsSettings.DEFAULT;
    private AttributeLimits limits = AttributeLimits.DEFAULT;
    private PreviewSettings previews = PreviewSettings.DEFAULT;
    private RunFileSettings runFiles = RunFileSettings.DEFAULT;
    private SamplingSettings sampling = SamplingSettings.DEFAULT;
    private PropagationSettings propagation = PropagationSettings.DEFAULT;
    private LiveSettings live = LiveSettings.DEFAULT;
    private ViewerSettings viewer = ViewerSettings.DEFAULT;
    private boolean guardrails = true;

    private Builder() {}

    private Builder(TraceConfig c) {
      enabled = c.enabled;
      serviceName = c.serviceName;
      outputDir = c.outputDir;
      runId = c.runId;
      extensions.addAll(c.extensions);
      resourceAttributes = new LinkedHashMap<>(c.resourceAttributes);
      rank = c.rank;
      localRank = c.localRank;
      resumeStep = c.resumeStep;
      keepLocalFile = c.keepLocalFile;
      externalTraceJsonlPath = c.externalTraceJsonlPath;
      export = c.export;
      batch = c.batch;
      collector = c.collector;
      collectorTls = c.collectorTls;
      exporterTls = c.exporterTls;
      limits = c.limits;
      previews = c.previews;
      runFiles = c.runFiles;
      sampling = c.sampling;
      propagation = c.propagation;
      live = c.live;
      viewer = c.viewer;
      guardrails = c.guardrails;
    }

    /** See {@link TraceConfig#resumeStep()}; {@code null} for none. */
    public Builder resumeStep(Long resumeStep) {
      this.resumeStep = resumeStep;
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

    /** Turns the extension {@code name} on; see {@link TraceConfig#extensions()}. */
    public Builder enableExtension(String name) {
      require(
          name != null && !name.isBlank() && name.indexOf(',') < 0,
          "extension name '"
              + name
              + "' is blank or holds a comma; use the constant the extension defines");
      this.extensions.add(name.trim());
      return this;
    }

    /** Turns the extension {@code name} off; see {@link TraceConfig#extensions()}. */
    public Builder disableExtension(String name) {
      this.extensions.remove(name);
      return this;
    }

    /** Adds one resource attribute; see {@link TraceConfig#resourceAttributes()}. */
    public Builder resourceAttribute(String key, String value) {
      this.resourceAttributes.put(key, value);
      return this;
    }

    /** Replaces the resource attributes; see {@link TraceConfig#resourceAttributes()}. */
    public Builder resourceAttributes(Map<String, String> attributes) {
      this.resourceAttributes =
          new LinkedHashMap<>(Objects.requireNonNull(attributes, "resourceAttributes"));
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
     * See {@link TraceConfig#guardrails()}: {@code false} only while debugging, and warned about.
     */
    public Builder guardrails(boolean guardrails) {
      this.guardrails = guardrails;
      return this;
    }

    /** See {@link TraceConfig#keepLocalFile()}. */
    public Builder keepLocalFile(boolean keepLocalFile) {
      this.keepLocalFile = keepLocalFile;
      return this;
    }

    /** See {@link TraceConfig#externalTraceJsonlPath()}; {@code null} for none. */
    public Builder externalTraceJsonlPath(Path externalTraceJsonlPath) {
      this.externalTraceJsonlPath = externalTraceJsonlPath;
      return this;
    }

    /**
     * Where finished spans go, replacing the choice made so far; see {@link TraceConfig#export()}.
     */
    public Builder export(ExportTarget export) {
      this.export =
          requirePart(
              export,
              "export",
              "use ExportTarget.localFile() (the default), an OTLP or Zipkin "
                  + "target, or ExportTarget.None.INSTANCE");
      return this;
    }

    /**
     * Changes {@link TraceConfig#batch()}: {@code change} maps the current settings to new ones.
     */
    public Builder batch(UnaryOperator<BatchSettings> change) {
      this.batch = ConfigChecks.changed(batch, change, "batch");
      return this;
    }

    /**
     * Changes {@link TraceConfig#collector()}: {@code change} maps the current settings to new
     * ones.
     */
    public Builder collector(UnaryOperator<CollectorSettings> change) {
      this.collector = ConfigChecks.changed(collector, change, "collector");
      return this;
    }

    /**
     * Changes {@link TraceConfig#collectorTls()}: {@code change} maps the current settings to new
     * ones.
     */
    public Builder collectorTls(UnaryOperator<CollectorTlsSettings> change) {
      this.collectorTls = ConfigChecks.changed(collectorTls, change, "collectorTls");
      return this;
    }

    /**
     * Changes {@link TraceConfig#exporterTls()}: {@code change} maps the current settings to new
     * ones.
     */
    public Builder exporterTls(UnaryOperator<ExporterTlsSettings> change) {
      this.exporterTls = ConfigChecks.changed(exporterTls, change, "exporterTls");
      return this;
    }

    /**
     * Changes {@link TraceConfig#limits()}: {@code change} maps the current settings to new ones.
     */
    public Builder limits(UnaryOperator<AttributeLimits> change) {
      this.limits = ConfigChecks.changed(limits, change, "limits");
      return this;
    }

    /**
     * Changes {@link TraceConfig#previews()}: {@code change} maps the current settings to new ones.
     */
    public Builder previews(UnaryOperator<PreviewSettings> change) {
      this.previews = ConfigChecks.changed(previews, change, "previews");
      return this;
    }

    /**
     * Changes {@link TraceConfig#runFiles()}: {@code change} maps the current settings to new ones.
     */
    public Builder runFiles(UnaryOperator<RunFileSettings> change) {
      this.runFiles = ConfigChecks.changed(runFiles, change, "runFiles");
      return this;
    }

    /**
     * Changes {@link TraceConfig#sampling()}: {@code change} maps the current settings to new ones.
     */
    public Builder sampling(UnaryOperator<SamplingSettings> change) {
      this.sampling = ConfigChecks.changed(sampling, change, "sampling");
      return this;
    }

    /**
     * Changes {@link TraceConfig#propagation()}: {@code change} maps the current settings to new
     * ones.
     */
    public Builder propagation(UnaryOperator<PropagationSettings> change) {
      this.propagation = ConfigChecks.changed(propagation, change, "propagation");
      return this;
    }

    /** Changes {@link TraceConfig#live()}: {@code change} maps the current settings to new ones. */
    public Builder live(UnaryOperator<LiveSettings> change) {
      this.live = ConfigChecks.changed(live, change, "live");
      return this;
    }

    /**
     * Changes {@link TraceConfig#viewer()}: {@code change} maps the current settings to new ones.
     */
    public Builder viewer(UnaryOperator<ViewerSettings> change) {
      this.viewer = ConfigChecks.changed(viewer, change, "viewer");
      return this;
    }

    /**
     * Checks the settings of the run and how the parts go together, and builds the configuration.
     *
     * @throws IllegalArgumentException naming the setting that is wrong and what to do instead
     */
    public TraceConfig build() {
      RunSettingsChecks.checkRun(serviceName, outputDir, runId, rank, localRank, resumeStep);
      ResourceAttributeChecks.check(resourceAttributes);
      RunSettingsChecks.checkExternalFile(externalTraceJsonlPath, export, viewer);
      RunSettingsChecks.checkPropagators(propagation);
      return new TraceConfig(this);
    }
  }
}
