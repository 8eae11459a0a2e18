package io.spanweave.runtime;

import io.spanweave.api.TracingFaults;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.conventions.SpanAttributes;
import io.spanweave.runtime.internal.attempts.RunAttempt;
import io.spanweave.runtime.internal.collector.LocalCollector;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One configured run of tracing, returned by {@link Tracing#configure(TraceConfig)}. Closing it
 * writes every span that has ended, stops tracing and releases its files and threads.
 *
 * <pre>{@code
 * try (TraceRuntime runtime = Tracing.configure(config)) {
 *   ProcessBuilder child = new ProcessBuilder("java", "-cp", cp, "my.Worker");
 *   child.environment().putAll(runtime.childEnvironment());   // the child joins this run
 *   ...
 * }
 * }</pre>
 *
 * <p>With tracing off the runtime still answers its run id and paths, but owns no file and no
 * thread, and nothing is written.
 */
public final class TraceRuntime implements AutoCloseable {

  private final TraceConfig config;
  private final TracingBackend backend;
  private final ActiveTracing active;
  private final Thread shutdownHook;
  private volatile boolean closed;

  /**
   * Counted down when {@link #close()} has finished, for a second closer (the shutdown hook) to
   * wait on.
   */
  private final CountDownLatch closeFinished = new CountDownLatch(1);

  private volatile ViewerLauncher.Launch
      viewerLaunch; // set once, by Tracing.configure, when viewerEnabled
  private volatile boolean viewerDetached;

  /** A runtime that traces nothing. */
  static TraceRuntime disabled(TraceConfig config) {
    return new TraceRuntime(config, null, null);
  }

  TraceRuntime(TraceConfig config, TracingBackend backend, ActiveTracing active) {
    this.config = config;
    this.backend = backend;
    this.active = active;
    if (backend != null) {
      // Spans that ended but wait in the queue would be lost when the program exits without
      // close().
      Thread hook = new Thread(this::closeAtExit, "spanweave-shutdown");
      try {
        Runtime.getRuntime().addShutdownHook(hook);
      } catch (IllegalStateException e) {
        hook = null; // configured while the JVM is exiting: nothing left to flush at exit
      }
      this.shutdownHook = hook;
    } else {
      this.shutdownHook = null;
    }
  }

  ActiveTracing active() {
    return active;
  }

  /** Whether this runtime records spans: tracing was on and the runtime is not closed. */
  public boolean isEnabled() {
    return backend != null && !closed;
  }

  /** The configuration this runtime runs with. */
  public TraceConfig config() {
    return config;
  }

  /** The run id, also the {@code spanweave.run.id} resource attribute of every span. */
  public String runId() {
    return config.runId();
  }

  /**
   * The attempt of the run this process records in: 1 for a run's first driver, 2 for the first
   * restart with the same run id (resumed from a checkpoint, say), and so on; the {@code
   * spanweave.run.attempt} resource attribute of every span. A driver claims its number in the
   * run's folder when it starts (two drivers starting at once get two numbers); a worker started
   * with {@link #childEnvironment()} is in its driver's attempt. Empty with tracing off, and in a
   * process that neither owns the run's files nor was given an attempt.
   */
  public OptionalInt attempt() {
    if (backend == null) {
      return OptionalInt.empty();
    }
    Optional<RunAttempt> claimed = backend.attempt();
    if (claimed.isPresent()) {
      return OptionalInt.of(claimed.get().number());
    }
    String given = config.resourceAttributes().get(SpanAttributes.RUN_ATTEMPT);
    return given == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(given.trim()));
  }

  /**
   * Records that this attempt resumed the run from {@code step}: the first step it records again,
   * known once the trainer has loaded its checkpoint. The viewer marks the restart there and counts
   * each step from {@code step} on from this attempt. Same as {@link TraceConfig#resumeStep()} for
   * a value known at start. Does nothing in a process that did not claim an attempt (a worker) or
   * with tracing off; never throws.
   *
   * <pre>{@code
   * long start = checkpoint.map(Checkpoint::nextStep).orElse(0L);
   * runtime.resumedFrom(start);
   * for (long step = start; step < steps; step++) { ... }
   * }</pre>
   */
  public void resumedFrom(long step) {
    if (step < 0) {
      TracingFaults.report(
          "attempt", "resumedFrom(" + step + ") ignored: a step is 0 or more", null);
      return;
    }
    if (backend != null) {
      backend.attempt().ifPresent(attempt -> attempt.resumedFrom(step));
    }
  }

  /** The {@code service.name} of every span. */
  public String serviceName() {
    return config.serviceName();
  }

  /**
   * Whether spans go through an {@code OpenTelemetry} the application owns, not spanweave's own
   * SDK.
   */
  boolean recordsThroughApplicationOpenTelemetry() {
    return backend instanceof ApplicationOpenTelemetryBackend;
  }

  /** {@code <outputDir>/<runId>}, absolute. */
  public Path runDir() {
    return RunLayout.runDir(config);
  }

  /**
   * The file of finished spans, one OTLP/JSON request per line: {@code
   * <runDir>/traces/traces.jsonl}, written by the driver and its local collector, or, with an
   * external collector, the file its file exporter writes ({@link
   * TraceConfig#externalTraceJsonlPath()}) when one is named.
   */
  public Path traceFile() {
    return config.externalTraceJsonlPath() != null
        ? config.externalTraceJsonlPath()
        : RunLayout.traceFile(config);
  }

  /**
   * The base URL of the local collector this process runs for its children, such as {@code
   * http://10.1.2.3:41873} (they post to {@code /v1/traces}); empty when tracing is off or spans go
   * to an external collector.
   */
  public Optional<String> collectorEndpoint() {
    return backend == null ? Optional.empty() : backend.collectorEndpoint();
  }

  /** Spans the local collector received from other processes so far; 0 without one. */
  public long collectedSpans() {
    return backend == null ? 0 : backend.collectedSpans();
  }

  /** {@code <runDir>/traces/live.jsonl}: one record per span start and end. */
  public Path liveFile() {
    return RunLayout.liveFile(config);
  }

  /**
   * The environment variables a child process needs to join this run: add them to its {@code
   * ProcessBuilder.environment()} and call {@link Tracing#configureFromEnvironment()} in the child.
   * The child then records with the same run id, service name and limits, never starts a viewer or
   * a collector of its own, and exports its spans:
   *
   * <ul>
   *   <li>to this process's local collector when it runs one (the default): the standard {@code
   *       OTEL_EXPORTER_OTLP_ENDPOINT} names its routable address (and {@code
   *       OTEL_EXPORTER_OTLP_TRACES_ENDPOINT} its full traces URL), {@code
   *       OTEL_EXPORTER_OTLP_PROTOCOL} and {@code OTEL_EXPORTER_OTLP_TRACES_PROTOCOL} are {@code
   *       http/protobuf}, and {@code OTEL_EXPORTER_OTLP_HEADERS} carries the run's bearer token, so
   *       the child may run on another host; {@code SPANWEAVE_LIVE_ENDPOINT} sends its {@code
   *       live.jsonl} records to the same collector, into this process's {@link #liveFile()};
   *   <li>to the same external collector as this process otherwise (OTLP or Zipkin, with the same
   *       headers).
   * </ul>
   *
   * {@code OTEL_RESOURCE_ATTRIBUTES} holds this process's resource attributes and {@code
   * spanweave.run.id}, so that a worker in any language, with any OpenTelemetry SDK, records its
   * spans in this run. Variables that the parent's own environment may hold and that would take the
   * child elsewhere are set empty, which {@link TraceConfig#fromEnvironment(Map)} reads as unset.
   * With TLS on the collector ({@link TraceConfig#collectorTls()}) the endpoint is {@code
   * https://}, and {@code OTEL_EXPORTER_OTLP_CERTIFICATE} names the CA file to trust it by (with
   * mTLS, {@code OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE} and {@code _CLIENT_KEY} the children's
   * certificate and key), the standard variables every OpenTelemetry SDK reads; the files must
   * exist at the same paths on the child's host. The values hold a credential (the token): pass
   * them to the child's environment only, never log them. With tracing off this is just {@code
   * SPANWEAVE_ENABLED=false}.
   */
  public Map<String, String> childEnvironment() {
    Map<String, String> env = new LinkedHashMap<>();
    if (backend == null) {
      env.put(TraceEnvironment.ENABLED, "false");
      return env;
    }
    env.put(TraceEnvironment.ENABLED, "true");
    env.put(TraceEnvironment.OTEL_SDK_DISABLED, "false");
    env.put(TraceEnvironment.RUN_ID, config.runId());
    env.put(TraceEnvironment.OTEL_SERVICE_NAME, config.serviceName());
    env.put(
        TraceEnvironment.OUTPUT_DIR, config.outputDir().toAbsolutePath().normalize().toString());
    env.put(TraceEnvironment.EXTENSIONS, String.join(",", config.extensions()));
    env.put(TraceEnvironment.VIEWER_ENABLED, "false");
    // Every OpenTelemetry SDK reads the run id from here, so a worker in any language carries it.
    Map<String, String> resource = new LinkedHashMap<>(config.resourceAttributes());
    resource.put(SpanAttributes.RUN_ID, config.runId());
    // Workers are in their driver's attempt, and say so on every span, in any language.
    attempt()
        .ifPresent(attempt -> resource.put(SpanAttributes.RUN_ATTEMPT, Integer.toString(attempt)));
    env.put(TraceEnvironment.RESUME_STEP, ""); // the driver's to record, once per attempt
    env.put(TraceEnvironment.OTEL_RESOURCE_ATTRIBUTES, TraceEnvironment.formatKeyValues(resource));
    env.put(
        TraceEnvironment.MAX_ATTRIBUTE_LENGTH, Integer.toString(config.limits().maxStringLength()));
    env.put(TraceEnvironment.MAX_ARRAY_LENGTH, Integer.toString(config.limits().maxArrayLength()));
    env.put(TraceEnvironment.LIVE_ATTRIBUTE_KEYS, String.join(",", config.live().attributeKeys()));
    // The child follows the same preview switch and sampler; its rank is its launcher's to set.
    env.put(TraceEnvironment.PREVIEWS, Boolean.toString(config.previews().enabled()));
    env.put(TraceEnvironment.PREVIEW_MAX_BYTES, Integer.toString(config.previews().maxBytes()));
    env.put(TraceEnvironment.OTEL_TRACES_SAMPLER, config.sampling().sampler().value());
    env.put(TraceEnvironment.OTEL_TRACES_SAMPLER_ARG, Double.toString(config.sampling().ratio()));
    // Only the viewer of the driver reads the external collector's file; children never get it.
    env.put(TraceEnvironment.EXTERNAL_TRACE_JSONL, "");
    // A signal-specific variable in the parent's environment would win over what is set here.
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, "");
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, "");
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_HEADERS, "");
    // The child follows the driver's propagators, and its exporter list, not one it inherits.
    env.put(
        TraceEnvironment.OTEL_PROPAGATORS, String.join(",", config.propagation().propagators()));
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_COMPRESSION, "");
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_COMPRESSION, "");
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_TIMEOUT, "");
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT, "");
    putTls(env, backend.collectorEndpoint().isPresent());
    Optional<String> collector = backend.collectorEndpoint();
    env.put(
        TraceEnvironment.LIVE_ENDPOINT, ""); // a child of a child writes where its own parent says
    env.put(
        TraceEnvironment.OTEL_TRACES_EXPORTER,
        collector.isPresent() ? "otlp" : config.export().exporterName());
    if (collector.isPresent()) {
      // The traces variants too: inference engines such as vLLM read only those, and default to
      // gRPC.
      String headers = TraceEnvironment.formatKeyValues(backend.collectorHeaders());
      env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_ENDPOINT, collector.get());
      env.put(
          TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
          collector.get() + LocalCollector.TRACES_PATH);
      env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_PROTOCOL, OtlpProtocol.HTTP_PROTOBUF.value());
      env.put(
          TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, OtlpProtocol.HTTP_PROTOBUF.value());
      env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_HEADERS, headers);
      env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_HEADERS, headers);
      env.put(TraceEnvironment.OTEL_EXPORTER_ZIPKIN_ENDPOINT, "");
      // Live records too go to the collector, into this driver's live.jsonl, from any host.
      env.put(TraceEnvironment.LIVE_ENDPOINT, collector.get() + LocalCollector.LIVE_PATH);
    } else if (config.export() instanceof ExportTarget.Zipkin) {
      env.put(
          TraceEnvironment.OTEL_EXPORTER_ZIPKIN_ENDPOINT,
          ((ExportTarget.Zipkin) config.export()).endpoint());
      env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_ENDPOINT, "");
      env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_HEADERS, "");
    } else {
      Optional<ExportTarget.Otlp> otlp = config.export().part(ExportTarget.Otlp.class);
      String protocol =
          otlp.map(ExportTarget.Otlp::protocol).orElse(OtlpProtocol.HTTP_PROTOBUF).value();
      env.put(
          TraceEnvironment.OTEL_EXPORTER_OTLP_ENDPOINT,
          otlp.map(ExportTarget.Otlp::endpoint).orElse(""));
      env.put(
          TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
          otlp.map(ExportTarget.Otlp::tracesUrl).orElse(""));
      env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_PROTOCOL, protocol);
      env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, protocol);
      env.put(
          TraceEnvironment.OTEL_EXPORTER_OTLP_HEADERS,
          TraceEnvironment.formatKeyValues(otlp.map(ExportTarget.Otlp::headers).orElse(Map.of())));
      env.put(
          TraceEnvironment.OTEL_EXPORTER_OTLP_COMPRESSION,
          otlp.map(ExportTarget.Otlp::compression).orElse(ExportTarget.Otlp.DEFAULT_COMPRESSION));
      otlp.map(ExportTarget.Otlp::timeout)
          .ifPresent(
              timeout ->
                  env.put(
                      TraceEnvironment.OTEL_EXPORTER_OTLP_TIMEOUT,
                      Long.toString(timeout.toMillis())));
      env.put(
          TraceEnvironment.OTEL_EXPORTER_ZIPKIN_ENDPOINT,
          config
              .export()
              .part(ExportTarget.Zipkin.class)
              .map(ExportTarget.Zipkin::endpoint)
              .orElse(""));
    }
    return env;
  }

  /**
   * OpenTelemetry's certificate variables for a child (the {@code _TRACES_} twins too, since those
   * win): to this process's TLS collector, the CA children trust it by and, with mTLS, the client
   * certificate and key given for children; to an external collector, this process's own files. Set
   * empty when there are none, so that a value in the parent's environment does not leak through.
   */
  private void putTls(Map<String, String> env, boolean toLocalCollector) {
    String trusted = "";
    String certificate = "";
    String key = "";
    CollectorTlsSettings collectorTls = config.collectorTls();
    ExporterTlsSettings exporterTls = config.exporterTls();
    if (toLocalCollector && collectorTls.enabled()) {
      trusted = absolute(collectorTls.trustedByChildren());
      certificate = absolute(collectorTls.childCertificate());
      key = absolute(collectorTls.childKey());
    } else if (!toLocalCollector) {
      trusted = absolute(exporterTls.trustedCertificates());
      certificate = absolute(exporterTls.clientCertificate());
      key = absolute(exporterTls.clientKey());
    }
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_CERTIFICATE, trusted);
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE, trusted);
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE, certificate);
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE, certificate);
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_CLIENT_KEY, key);
    env.put(TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY, key);
  }

  private static String absolute(Path file) {
    return file == null ? "" : file.toAbsolutePath().normalize().toString();
  }

  /**
   * Spans this process exported so far: written to {@link #traceFile()}, or accepted by the
   * external collector; 0 with tracing off. Spans of children that reach the local collector are
   * counted by {@link #collectedSpans()}.
   */
  public long exportedSpans() {
    return backend == null ? 0 : backend.exportedSpans();
  }

  /**
   * The URL of the viewer this runtime started (when {@link ViewerSettings#enabled()} and the
   * {@code spanweave-viewer} jar is on the class path), such as {@code http://127.0.0.1:18080/};
   * empty when none runs.
   */
  public Optional<String> viewerUrl() {
    ViewerLauncher.Launch launch = viewerLaunch;
    return launch == null || !launch.started() ? Optional.empty() : Optional.of(launch.url());
  }

  /**
   * The shell command that opens this run in the viewer by hand, such as {@code java -jar
   * .../spanweave-viewer.jar --trace-jsonl ... --run-id ... --port 18080}; empty unless {@link
   * ViewerSettings#enabled()}. Also in the startup log line.
   */
  public Optional<String> viewerCommand() {
    ViewerLauncher.Launch launch = viewerLaunch;
    return launch == null ? Optional.empty() : Optional.of(launch.restartCommand());
  }

  /**
   * Hands the running viewer over to the caller: {@link #close()} then leaves it serving (the run's
   * files stay readable after tracing stops), and closing the returned handle stops it. This is how
   * a program keeps the viewer open after its run until the user interrupts it. The viewer's
   * threads are daemon threads: the program must keep its JVM alive while it should serve. Empty
   * when no viewer runs.
   */
  public Optional<AutoCloseable> detachViewer() {
    ViewerLauncher.Launch launch = viewerLaunch;
    if (launch == null || !launch.started()) {
      return Optional.empty();
    }
    viewerDetached = true;
    return Optional.of(launch.viewer());
  }

  /**
   * Starts the viewer; called once by {@link Tracing#configure(TraceConfig)} when the config asks
   * for it.
   */
  void startViewer() {
    viewerLaunch = ViewerLauncher.start(this);
  }

  Optional<ViewerLauncher.Launch> viewerLaunch() {
    return Optional.ofNullable(viewerLaunch);
  }

  /** Spans lost so far (full queue, failed write, ended after close); 0 with tracing off. */
  public long droppedSpans() {
    return backend == null ? 0 : backend.droppedSpans();
  }

  /**
   * Writes every span that has ended so far, waiting at most the export timeout. Returns whether
   * all of them were handled in time; never throws.
   */
  public boolean flush() {
    if (backend == null || closed) {
      return true;
    }
    return backend.flush(config.batch().timeout());
  }

  /** Whether {@link #close()} was called. */
  public boolean isClosed() {
    return closed;
  }

  /**
   * Stops tracing (when this is the current runtime), writes every span that has ended and closes
   * the files; waits at most the export timeout. Idempotent; never throws.
   */
  @Override
  public void close() {
    shutDown(true);
  }

  private void closeAtExit() {
    shutDown(false);
  }

  private void shutDown(boolean removeHook) {
    synchronized (this) {
      if (closed) {
        awaitClosed(); // another thread closes: wait for it, so that an exit does not cut its flush
        // short
        return;
      }
      closed = true;
    }
    try {
      Tracing.uninstall(this);
      if (backend != null) {
        backend.close(config.batch().timeout());
      }
      closeViewer();
    } finally {
      closeFinished.countDown();
    }
    if (removeHook && shutdownHook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // The JVM is already exiting; the hook runs and finds the runtime closed.
      }
    }
  }

  /**
   * Waits for the close under way in another thread, at most the export timeout and a little more.
   */
  private void awaitClosed() {
    try {
      closeFinished.await(config.batch().timeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void closeViewer() {
    ViewerLauncher.Launch launch = viewerLaunch;
    if (launch == null || !launch.started() || viewerDetached) {
      return;
    }
    try {
      launch.viewer().close();
    } catch (Exception | LinkageError e) {
      TracingFaults.report("viewer", "could not stop the viewer at " + launch.url(), e);
    }
  }

  @Override
  public String toString() {
    return "TraceRuntime{run="
        + runId()
        + ", service="
        + serviceName()
        + ", "
        + (isEnabled() ? "on" : "off")
        + "}";
  }
}
