package io.spanweave.runtime;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.spanweave.api.TracingFaults;
import io.spanweave.api.internal.ActiveTracing;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Turns tracing on and off for the whole process. At most one {@link TraceRuntime} is current;
 * configuring again closes the previous one first.
 *
 * <pre>{@code
 * try (TraceRuntime runtime = Tracing.configure(TraceConfig.builder().enabled(true).build())) {
 *   pipeline.run();
 * }                                     // or Tracing.close() at the end of the program
 * }</pre>
 *
 * <p>With tracing off ({@link TraceConfig#enabled()} false) nothing is started: no file, no thread,
 * and every traced call costs one static check.
 */
public final class Tracing {

  private static final System.Logger LOG = System.getLogger("io.spanweave");
  private static final String TRACER_NAME = "io.spanweave";
  private static final Object LOCK = new Object();
  private static TraceRuntime current; // guarded by LOCK

  /** The configuration of {@link #current}, readable without the lock. */
  private static volatile TraceConfig activeConfig;

  private Tracing() {}

  /**
   * Starts tracing as {@code config} says, after closing the current runtime if any, and logs one
   * line naming the trace file (or, with tracing off, saying why). What this process's system
   * properties and environment variables set ({@code -Dotel.*}, {@code OTEL_*}, {@code
   * SPANWEAVE_*}; see {@link TraceEnvironment}) overrides {@code config}, and {@code
   * OTEL_SDK_DISABLED=true} turns tracing off whatever {@code config} says: then no port is opened,
   * no thread started and no file written. If the run's files cannot be created, the fault is
   * reported and tracing stays off: tracing never stops the program.
   */
  public static TraceRuntime configure(TraceConfig config) {
    if (globalOpenTelemetryIsSet()) {
      // The application (or the OpenTelemetry javaagent) registered its OpenTelemetry: one SDK, not
      // two.
      return configure(config, GlobalOpenTelemetry.get());
    }
    return configure(config, c -> SdkTracing.startBackend(c, null));
  }

  /**
   * Whether the application (or the javaagent) registered a global OpenTelemetry. The OpenTelemetry
   * API has said so only since 1.5x; an application on an older one (Spring Boot 3.5 manages 1.49)
   * gets spanweave's own SDK, as before, instead of a {@code NoSuchMethodError}.
   */
  private static boolean globalOpenTelemetryIsSet() {
    try {
      return GlobalOpenTelemetry.isSet();
    } catch (NoSuchMethodError olderApi) {
      return false;
    }
  }

  /**
   * Starts tracing as {@code config} says, recording through {@code openTelemetry}, the one the
   * application already owns (its own SDK, a Spring bean, {@code GlobalOpenTelemetry.get()}): its
   * tracer provider, resource, sampler, exporters and propagators are used, and spanweave starts no
   * SDK, exporter, file or collector of its own. Spans still carry spanweave's attributes (stage,
   * kind, metrics, run id baggage). Closing the runtime flushes {@code openTelemetry} when it is an
   * SDK, and never shuts it down: that stays the application's.
   *
   * <pre>{@code
   * OpenTelemetrySdk sdk = ...;                        // the application's own
   * try (TraceRuntime runtime = Tracing.configure(TraceConfig.builder().enabled(true).build(), sdk)) {
   *   pipeline.run();
   * }
   * }</pre>
   */
  public static TraceRuntime configure(TraceConfig config, OpenTelemetry openTelemetry) {
    Objects.requireNonNull(openTelemetry, "openTelemetry");
    return configure(config, c -> new ApplicationOpenTelemetryBackend(openTelemetry));
  }

  /**
   * As {@link #configure(TraceConfig)} with the backend made by {@code backends}; this is how
   * {@link SdkTracing} adds an exporter.
   */
  static TraceRuntime configure(TraceConfig given, Function<TraceConfig, TracingBackend> backends) {
    Objects.requireNonNull(given, "config");
    Objects.requireNonNull(backends, "backends");
    // The process's -Dotel.*/OTEL_* (and spanweave's) settings override the builder's; see
    // TraceEnvironment.
    TraceEnvironment.Effective effective = TraceEnvironment.applyProcessSettings(given);
    TraceConfig config = effective.config();
    synchronized (LOCK) {
      if (current != null) {
        current.close(); // calls uninstall, which needs LOCK: re-entrant, same thread
      }
      if (!config.enabled()) {
        LOG.log(Level.INFO, StartupLine.off(config, effective.offReason()));
        return TraceRuntime.disabled(config);
      }
      TracingBackend backend;
      try {
        backend = backends.apply(config);
      } catch (RuntimeException | LinkageError e) {
        TracingFaults.report(
            "start", "could not start tracing for run " + config.runId() + "; tracing is off", e);
        return TraceRuntime.disabled(config);
      }
      OpenTelemetry otel = backend.openTelemetry();
      ActiveTracing active = activeTracing(config, otel, backend);
      TraceRuntime runtime = new TraceRuntime(config, backend, active);
      current = runtime;
      activeConfig = config;
      ActiveTracing.install(active);
      if (config.viewer().enabled()) {
        runtime.startViewer();
      }
      // One line; a warning when the viewer was asked for and could not start (it says why and how
      // to start it).
      LOG.log(
          runtime.viewerLaunch().filter(launch -> !launch.started()).isPresent()
              ? Level.WARNING
              : Level.INFO,
          StartupLine.compose(runtime));
      StartupLine.clearTextWarning(runtime).ifPresent(warning -> LOG.log(Level.WARNING, warning));
      return runtime;
    }
  }

  /**
   * Configures tracing from this process's environment variables, see {@link TraceEnvironment}; the
   * way a child process joins the run of the parent that passed it {@link
   * TraceRuntime#childEnvironment()}.
   *
   * @throws IllegalArgumentException when a variable has a value that cannot be used, naming it
   */
  public static TraceRuntime configureFromEnvironment() {
    return configure(
        TraceConfig.builder().build()); // configure applies the system properties and environment
  }

  /**
   * Closes the current runtime, if any: writes every ended span and turns tracing off. Never
   * throws.
   */
  public static void close() {
    TraceRuntime runtime;
    synchronized (LOCK) {
      runtime = current;
    }
    if (runtime != null) {
      runtime.close();
    }
  }

  /** The current runtime; empty while tracing is off. */
  public static Optional<TraceRuntime> current() {
    synchronized (LOCK) {
      return Optional.ofNullable(current);
    }
  }

  /**
   * The configuration of the runtime that records spans now, or {@code null} while tracing is off.
   * Unlike {@link #current()} it takes no lock and allocates nothing (one volatile read), so code
   * that runs at every span start, such as an advice's {@link
   * io.spanweave.api.StageAdvice#enabled()}, can ask it which options are on.
   */
  public static TraceConfig activeConfig() {
    return activeConfig;
  }

  /** Whether spans are being recorded now. */
  public static boolean isEnabled() {
    return ActiveTracing.current() != null;
  }

  /** What the API's hot path reads of {@code config}, with the backend's tracer and propagators. */
  private static ActiveTracing activeTracing(
      TraceConfig config, OpenTelemetry otel, TracingBackend backend) {
    return new ActiveTracing(
        otel.getTracer(TRACER_NAME),
        otel.getPropagators(),
        config.runId(),
        config.limits().maxStringLength(),
        config.limits().maxArrayLength(),
        config.previews().enabled(),
        config.previews().maxBytes(),
        config.rank().isPresent() ? Long.valueOf(config.rank().getAsInt()) : null,
        config.localRank().isPresent() ? Long.valueOf(config.localRank().getAsInt()) : null,
        config.extensions(),
        runIdOnSpans(config, backend),
        config.propagation().strictCarriers(),
        backend::addLiveAttributeKeys);
  }

  /**
   * Whether every span carries {@code spanweave.run.id} itself, not only its resource: through an
   * application's OpenTelemetry (whose resource is the application's), and when spans go to Zipkin,
   * whose span model keeps only the resource's service name, so a viewer reading Zipkin could not
   * tell runs apart otherwise.
   */
  private static boolean runIdOnSpans(TraceConfig config, TracingBackend backend) {
    return backend instanceof ApplicationOpenTelemetryBackend
        || config.export().part(ExportTarget.Zipkin.class).isPresent();
  }

  /**
   * Called by {@link TraceRuntime#close()}: turns the hot-path switch off if it is still {@code
   * runtime}'s.
   */
  static void uninstall(TraceRuntime runtime) {
    synchronized (LOCK) {
      if (current == runtime) {
        current = null;
      }
      if (activeConfig == runtime.config()) {
        activeConfig = null;
      }
      ActiveTracing.uninstall(runtime.active());
    }
  }
}
