package io.spanweave.runtime;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SdkTracerProviderBuilder;
import io.opentelemetry.sdk.trace.SpanLimits;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.GuardrailFields;
import io.spanweave.conventions.SpanAttributes;
import io.spanweave.runfiles.internal.parts.PartCodecs;
import io.spanweave.runtime.internal.attempts.RunAttempt;
import io.spanweave.runtime.internal.collector.BindAddress;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.export.LiveRecordSender;
import io.spanweave.runtime.internal.export.LiveRecordSink;
import io.spanweave.runtime.internal.export.LiveSpanProcessor;
import io.spanweave.runtime.internal.export.NonBlockingBatchSpanProcessor;
import io.spanweave.runtime.internal.export.OtlpJsonLinesSpanExporter;
import io.spanweave.runtime.internal.export.SpanCounters;
import io.spanweave.runtime.internal.guard.GuardrailReport;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import io.spanweave.runtime.internal.jsonl.LiveFileRotation;
import io.spanweave.runtime.internal.parts.TraceParts;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The OpenTelemetry SDK behind a run: a tracer provider whose resource names the service and the
 * run, W3C trace-context and baggage propagation, and two processors that never block the traced
 * code, one exporting finished spans and one writing {@code live.jsonl}. Nothing is registered as
 * the global OpenTelemetry: several runtimes (and tests) must not leak into each other.
 *
 * <p>Where finished spans go:
 *
 * <ul>
 *   <li>no external collector configured (the driver, by default): into the run's {@code
 *       traces.jsonl}, written here, and the backend runs the {@link LocalCollector} that child
 *       processes export to, which appends to the same file through the same {@link JsonLinesFile};
 *   <li>an external collector configured (an OpenTelemetry Collector, Jaeger, Tempo, Zipkin, or, in
 *       a child process, the driver's local collector): exported there, and no file of finished
 *       spans is opened.
 * </ul>
 *
 * <p>{@code live.jsonl} is written in the run's directory, rotated at the size of a trace part with
 * the start records of the spans still open carried into the new file. A worker started with the
 * driver's {@code childEnvironment()} ({@link LiveSettings#endpoint()} set) sends its live records
 * to the driver's collector instead, which appends them to the driver's file, so work in flight
 * shows there from every host; any other process that exports to a collector writes the run's path
 * on its own host, or, when it cannot create it, goes on without live records.
 */
final class SdkBackend implements TracingBackend {

  private final OpenTelemetrySdk sdk;
  private final SdkTracerProvider tracerProvider;
  private final SpanCounters counters;
  private final LocalCollector collector;

  /** The run's traces.jsonl and its parts; {@code null} when this process writes none. */
  private final TraceParts traceParts;

  private final JsonLinesFile liveFile;

  /** {@code null} when this process writes no live records. */
  private final LiveSpanProcessor liveProcessor;

  /**
   * The attempt of the run this driver claimed; {@code null} in a worker, which is in its driver's.
   */
  private final RunAttempt attempt;

  /**
   * What the run-time guardrails took out of the spans written to the run's file; {@code null} when
   * none is.
   */
  private final GuardrailReport guardrails;

  private boolean closed;

  private SdkBackend(
      OpenTelemetrySdk sdk,
      SdkTracerProvider tracerProvider,
      SpanCounters counters,
      LocalCollector collector,
      TraceParts traceParts,
      JsonLinesFile liveFile,
      LiveSpanProcessor liveProcessor,
      RunAttempt attempt,
      GuardrailReport guardrails) {
    this.guardrails = guardrails;
    this.sdk = sdk;
    this.tracerProvider = tracerProvider;
    this.counters = counters;
    this.collector = collector;
    this.traceParts = traceParts;
    this.liveFile = liveFile;
    this.liveProcessor = liveProcessor;
    this.attempt = attempt;
  }

  /**
   * Creates the run's files, starts the local collector when this process owns the run's trace
   * file, and starts the SDK.
   *
   * @param extraExporter also receives every span, synchronously as it ends; {@code null} for none
   * @throws IOException when the run's files cannot be created or the collector's port cannot be
   *     bound
   */
  static SdkBackend start(TraceConfig config, SpanExporter extraExporter) throws IOException {
    TraceParts traceParts = null;
    JsonLinesFile traceFile = null;
    LocalCollector collector = null;
    JsonLinesFile liveFile = null;
    GuardrailReport guardrails = null;
    try {
      SpanExporter spanExporter;
      if (config.export() instanceof ExportTarget.None) {
        spanExporter =
            SpanExporter
                .composite(); // spans are made for whatever else watches them, and go nowhere
      } else if (config.export() instanceof ExportTarget.Composite
          || config.export() instanceof ExportTarget.Console) {
        // OTEL_TRACES_EXPORTER lists: the local file (with its collector) when listed, and every
        // other part.
        if (config.export().includesLocalFile()) {
          traceParts = openTraceParts(config, true);
          traceFile = traceParts.file();
          guardrails = guardrails(config);
          liveFile = openLiveFile(config);
          collector = startCollector(config, traceFile, liveFile, guardrails);
        } else {
          liveFile = openLiveFileIfPossible(config);
        }
        spanExporter = ExportParts.exporter(config, traceFile, guardrails);
      } else if (config.export().isExternal()) {
        spanExporter = CollectorExporters.reporting(config, config.export());
        // A worker of a driver with a local collector sends its live records there instead
        // (liveSink).
        liveFile = config.live().endpoint() == null ? openLiveFileIfPossible(config) : null;
        if (config.keepLocalFile()) {
          traceParts = openTraceParts(config, false);
          traceFile = traceParts.file();
          guardrails = guardrails(config);
        }
      } else {
        traceParts = openTraceParts(config, true);
        traceFile = traceParts.file();
        guardrails = guardrails(config);
        liveFile = openLiveFile(config);
        collector = startCollector(config, traceFile, liveFile, guardrails);
        spanExporter = new OtlpJsonLinesSpanExporter(traceFile, guardrails);
      }
      RunAttempt attempt = collector == null ? null : claimAttempt(config);
      return start(
          config,
          spanExporter,
          collector,
          traceParts,
          liveFile,
          extraExporter,
          attempt,
          guardrails);
    } catch (IOException | RuntimeException e) {
      closeQuietly(collector, liveFile, traceParts);
      throw e;
    }
  }

  /**
   * The attempt of the run this process starts, claimed in the run's folder by the process that
   * owns the run's files (the driver, whose collector its workers export to), unless its resource
   * already names one: a worker started with a driver's {@code childEnvironment()} is in its
   * driver's attempt. {@code null}, reported, when the record cannot be written: the run goes on
   * without.
   */
  private static RunAttempt claimAttempt(TraceConfig config) {
    if (config.resourceAttributes().containsKey(SpanAttributes.RUN_ATTEMPT)) {
      return null;
    }
    try {
      return RunAttempt.claim(
          config.runDir(),
          config.runId(),
          config.serviceName(),
          config.resumeStep().isPresent() ? config.resumeStep().getAsLong() : null);
    } catch (IOException | RuntimeException e) {
      TracingFaults.report(
          "attempt",
          "could not claim an attempt of run "
              + config.runId()
              + " in "
              + config.runDir()
              + "; its spans carry no "
              + SpanAttributes.RUN_ATTEMPT
              + ", so a viewer cannot tell this "
              + "process apart from an earlier or later one of the same run",
          e);
      return null;
    }
  }

  /**
   * The run's {@code traces.jsonl}, closed as parts and compressed as {@link
   * TraceConfig#runFiles()} says; {@code ownsRunFiles} for the process whose collector the run's
   * workers export to, which closes the part being written as the last part when it closes.
   */
  private static TraceParts openTraceParts(TraceConfig config, boolean ownsRunFiles)
      throws IOException {
    RunFileSettings files = config.runFiles();
    return TraceParts.open(
        RunLayout.traceFile(config),
        files.partMaxBytes(),
        files.compresses() ? PartCodecs.find(files.codec()).orElseThrow() : null,
        ownsRunFiles);
  }

  /**
   * The report of the run-time guardrails every span written to the run's file is held to, kept
   * beside it for the viewer; a run that turned them off is warned about here.
   */
  private static GuardrailReport guardrails(TraceConfig config) {
    return GuardrailReport.start(
        config.runId(),
        RunLayout.traceFile(config).resolveSibling(GuardrailFields.FILE_NAME),
        config.guardrails());
  }

  /**
   * The local collector children export to, appending to {@code traceFile}, and their live records
   * to {@code liveFile}.
   */
  private static LocalCollector startCollector(
      TraceConfig config,
      JsonLinesFile traceFile,
      JsonLinesFile liveFile,
      GuardrailReport guardrails)
      throws IOException {
    CollectorSettings settings = config.collector();
    CollectorTlsSettings tls = config.collectorTls();
    InetAddress bind = BindAddress.resolve(settings.bindAddress());
    if (!tls.enabled()) {
      return LocalCollector.start(
          config.runId(),
          traceFile,
          liveFile,
          bind,
          settings.port(),
          settings.advertisedHost(),
          settings.maxRequestBytes(),
          guardrails);
    }
    return LocalCollector.start(
        config.runId(),
        traceFile,
        liveFile,
        bind,
        settings.port(),
        settings.advertisedHost(),
        settings.maxRequestBytes(),
        guardrails,
        tls.certificate(),
        tls.privateKey(),
        tls.clientCa());
  }

  private static SdkBackend start(
      TraceConfig config,
      SpanExporter spanExporter,
      LocalCollector collector,
      TraceParts traceParts,
      JsonLinesFile liveFile,
      SpanExporter extraExporter,
      RunAttempt attempt,
      GuardrailReport guardrails) {
    JsonLinesFile traceFile = traceParts == null ? null : traceParts.file();
    long delayNanos = config.batch().delay().toNanos();
    long timeoutNanos = config.batch().timeout().toNanos();
    SpanCounters counters = new SpanCounters();

    SdkTracerProviderBuilder provider =
        SdkTracerProvider.builder()
            .setResource(resource(config, attempt))
            .setSampler(TraceSamplers.create(config))
            .setSpanLimits(
                SpanLimits.builder().setMaxAttributeValueLength(safetyLimit(config)).build());
    LiveSpanProcessor liveProcessor = null;
    LiveRecordSink liveSink = liveSink(config, liveFile);
    if (liveSink != null) {
      liveProcessor =
          new LiveSpanProcessor(
              liveSink,
              config.runId(),
              config.serviceName(),
              attemptOf(config, attempt),
              config.live().attributeKeys(),
              counters,
              config.batch().queueSize(),
              config.batch().batchSize(),
              delayNanos,
              timeoutNanos);
      provider.addSpanProcessor(liveProcessor);
    }
    provider.addSpanProcessor(
        new NonBlockingBatchSpanProcessor(
            spanExporter,
            counters,
            config.batch().queueSize(),
            config.batch().batchSize(),
            delayNanos,
            timeoutNanos));
    if (config.keepLocalFile() && !config.export().includesLocalFile() && traceFile != null) {
      // keepLocalFile: every span also goes to the run's own file, on its own queue and counters,
      // so
      // that an endpoint that is down neither slows the file nor changes what droppedSpans()
      // counts.
      provider.addSpanProcessor(
          new NonBlockingBatchSpanProcessor(
              new OtlpJsonLinesSpanExporter(traceFile, guardrails),
              new SpanCounters(),
              config.batch().queueSize(),
              config.batch().batchSize(),
              delayNanos,
              timeoutNanos));
    }
    if (extraExporter != null) {
      provider.addSpanProcessor(SimpleSpanProcessor.create(extraExporter));
    }
    SdkTracerProvider tracerProvider = provider.build();
    OpenTelemetrySdk sdk =
        OpenTelemetrySdk.builder()
            .setTracerProvider(tracerProvider)
            .setPropagators(TracePropagators.create(config))
            .build();
    return new SdkBackend(
        sdk,
        tracerProvider,
        counters,
        collector,
        traceParts,
        liveFile,
        liveProcessor,
        attempt,
        guardrails);
  }

  /**
   * Where live records go: the driver's collector when this process is a worker told so ({@link
   * LiveSettings#endpoint()}, with the run's token), else the live file, if any.
   */
  private static LiveRecordSink liveSink(TraceConfig config, JsonLinesFile liveFile) {
    if (config.live().endpoint() != null && config.export().isExternal()) {
      try {
        return new LiveRecordSender(
            URI.create(config.live().endpoint()),
            config
                .export()
                .part(ExportTarget.Otlp.class)
                .map(ExportTarget.Otlp::headers)
                .orElse(Map.of()),
            ExporterTls.context(config));
      } catch (IllegalArgumentException e) {
        TracingFaults.report(
            "live",
            "the live endpoint '"
                + config.live().endpoint()
                + "' is not a URL, so this process "
                + "sends no live records; its spans still go to the collector",
            e);
        return null;
      }
    }
    return liveFile == null ? null : LiveRecordSink.of(liveFile);
  }

  /**
   * A process that exports to a collector may run on a host where the run's directory cannot be
   * created; its spans still reach the collector, so that costs the live records only.
   */
  private static JsonLinesFile openLiveFileIfPossible(TraceConfig config) {
    Path live = RunLayout.liveFile(config);
    try {
      return openLiveFile(config);
    } catch (IOException | RuntimeException e) {
      TracingFaults.report(
          "live",
          "could not create "
              + live
              + ", so this process writes no live.jsonl records; its "
              + "spans still go to the collector. Set SPANWEAVE_OUTPUT_DIR to a writable directory to get them",
          e);
      return null;
    }
  }

  /**
   * The run's {@code live.jsonl}, rotated at the size of a trace part (keeping the records of spans
   * still open, {@link LiveFileRotation}), or never when trace parts are off.
   */
  private static JsonLinesFile openLiveFile(TraceConfig config) throws IOException {
    long maxBytes = config.runFiles().partMaxBytes();
    return JsonLinesFile.open(
        RunLayout.liveFile(config), maxBytes == 0 ? null : new LiveFileRotation(maxBytes));
  }

  private static void closeQuietly(AutoCloseable... resources) {
    for (AutoCloseable resource : resources) {
      if (resource != null) {
        try {
          resource.close();
        } catch (Exception e) {
          // already failing to start; the first failure is the one reported
        }
      }
    }
  }

  /**
   * The SDK's own cap on string values, a safety net only: the runtime truncates user values to
   * {@code maxAttributeLength} itself, and must not have its own values (an exception's class name,
   * a stage) cut by a small user limit. Previews are bounded in bytes by the runtime, which a
   * character limit of the same number never cuts.
   */
  private static int safetyLimit(TraceConfig config) {
    return Math.max(
        Math.max(config.limits().maxStringLength(), config.previews().maxBytes()), 1024);
  }

  /**
   * The attempt the process is in: the one it claimed, or the one its resource names (a worker's);
   * {@code null} for none.
   */
  private static String attemptOf(TraceConfig config, RunAttempt attempt) {
    return attempt != null
        ? Integer.toString(attempt.number())
        : config.resourceAttributes().get(SpanAttributes.RUN_ATTEMPT);
  }

  /**
   * The SDK's default resource (telemetry.sdk.*), then the configured attributes, the service, the
   * run, the attempt and the process.
   */
  static Resource resource(TraceConfig config, RunAttempt attempt) {
    AttributesBuilder attributes = Attributes.builder();
    for (Map.Entry<String, String> attribute : config.resourceAttributes().entrySet()) {
      attributes.put(attribute.getKey(), attribute.getValue());
    }
    attributes.put("service.name", config.serviceName());
    attributes.put(SpanAttributes.RUN_ID, config.runId());
    if (attempt != null) {
      attributes.put(SpanAttributes.RUN_ATTEMPT, Integer.toString(attempt.number()));
    }
    attributes.put("process.pid", ProcessHandle.current().pid());
    return Resource.getDefault().merge(Resource.create(attributes.build()));
  }

  @Override
  public OpenTelemetry openTelemetry() {
    return sdk;
  }

  @Override
  public long exportedSpans() {
    return counters.exported.get();
  }

  @Override
  public long droppedSpans() {
    return counters.dropped.get();
  }

  @Override
  public boolean flush(Duration timeout) {
    try {
      return tracerProvider.forceFlush().join(timeout.toNanos(), TimeUnit.NANOSECONDS).isSuccess();
    } catch (RuntimeException e) {
      TracingFaults.report("export", "flushing the trace files failed", e);
      return false;
    }
  }

  @Override
  public void addLiveAttributeKeys(Collection<String> keys) {
    if (liveProcessor != null) {
      liveProcessor.addAttributeKeys(keys);
    }
  }

  @Override
  public Optional<String> collectorEndpoint() {
    return collector == null ? Optional.empty() : Optional.of(collector.endpoint());
  }

  @Override
  public Map<String, String> collectorHeaders() {
    return collector == null ? Map.of() : Map.of("Authorization", collector.authorizationHeader());
  }

  @Override
  public long collectedSpans() {
    return collector == null ? 0 : collector.receivedSpans();
  }

  /**
   * Writes this process's ended spans, then stops the collector (letting requests in progress
   * finish), then closes the files: children that export while the driver closes still land.
   */
  @Override
  public synchronized void close(Duration timeout) {
    if (closed) {
      return;
    }
    closed = true;
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      tracerProvider.shutdown().join(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (RuntimeException e) {
      TracingFaults.report("export", "closing the trace files failed", e);
    }
    reportUndelivered();
    if (collector != null) {
      collector.close();
    }
    if (guardrails != null) {
      guardrails.close();
    }
    if (traceParts != null) {
      try {
        // Closed parts still queued get what is left of the timeout; the rest stay plain and
        // readable.
        traceParts.close(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
      } catch (IOException e) {
        TracingFaults.report("export", "could not close " + traceParts.file().path(), e);
      }
    }
    closeFile(liveFile);
    if (attempt != null) {
      attempt.closed();
    }
  }

  @Override
  public Optional<RunAttempt> attempt() {
    return Optional.ofNullable(attempt);
  }

  /**
   * One line at close when spans were lost, with how many: the warning that named the cause was
   * logged once, at the first loss, and said nothing of the ones after it.
   */
  private void reportUndelivered() {
    long dropped = counters.dropped.get();
    if (dropped > 0) {
      System.getLogger("io.spanweave")
          .log(
              System.Logger.Level.INFO,
              "spanweave closed: "
                  + dropped
                  + " spans were "
                  + "not delivered (dropped; the first cause was logged as a warning), "
                  + counters.exported.get()
                  + " were delivered. TraceRuntime.droppedSpans() has the count.");
    }
  }

  private static void closeFile(JsonLinesFile file) {
    if (file == null) {
      return;
    }
    try {
      file.close();
    } catch (IOException e) {
      TracingFaults.report("export", "could not close " + file.path(), e);
    }
  }
}
