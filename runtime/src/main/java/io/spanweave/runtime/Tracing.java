package io.spanweave.runtime;

import io.opentelemetry.api.OpenTelemetry;
import io.spanweave.runtime.otel.SdkTracing;
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
 * <p>With tracing off ({@link TraceConfig#enabled()} false) nothing is started: no file, no
 * thread, and every traced call costs one static check.
 */
public final class Tracing {

  private static final System.Logger LOG = System.getLogger("io.spanweave");
  private static final String TRACER_NAME = "io.spanweave";
  private static final Object LOCK = new Object();
  private static TraceRuntime current; // guarded by LOCK

  private Tracing() {
  }

  /**
   * Starts tracing as {@code config} says, after closing the current runtime if any, and logs one
   * line naming the trace file. If the run's files cannot be created, the fault is reported and
   * tracing stays off: tracing never stops the program.
   */
  public static TraceRuntime configure(TraceConfig config) {
    return configure(config, SdkTracing::startBackend);
  }

  /**
   * As {@link #configure(TraceConfig)} with the backend made by {@code backends}; this is how the
   * SDK adapter's test hook adds an exporter. Application code calls {@link #configure(TraceConfig)}.
   */
  public static TraceRuntime configure(TraceConfig config, Function<TraceConfig, TracingBackend> backends) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(backends, "backends");
    synchronized (LOCK) {
      if (current != null) {
        current.close(); // calls uninstall, which needs LOCK: re-entrant, same thread
      }
      if (!config.enabled()) {
        return TraceRuntime.disabled(config);
      }
      TracingBackend backend;
      try {
        backend = backends.apply(config);
      } catch (RuntimeException | LinkageError e) {
        TracingFaults.report("start", "could not start tracing for run " + config.runId() + "; tracing is off", e);
        return TraceRuntime.disabled(config);
      }
      OpenTelemetry otel = backend.openTelemetry();
      ActiveTracing active = new ActiveTracing(otel.getTracer(TRACER_NAME), otel.getPropagators(), config, backend);
      TraceRuntime runtime = new TraceRuntime(config, backend, active);
      current = runtime;
      ActiveTracing.current = active;
      if (config.viewerEnabled()) {
        runtime.startViewer();
      }
      // One line; a warning when the viewer was asked for and could not start (it says why and how to start it).
      LOG.log(runtime.viewerLaunch().filter(launch -> !launch.started()).isPresent() ? Level.WARNING : Level.INFO,
          StartupLine.compose(runtime));
      return runtime;
    }
  }

  /**
   * Configures tracing from this process's environment variables, see {@link TraceEnvironment}; the
   * way a child process joins the run of the parent that passed it
   * {@link TraceRuntime#childEnvironment()}.
   *
   * @throws IllegalArgumentException when a variable has a value that cannot be used, naming it
   */
  public static TraceRuntime configureFromEnvironment() {
    return configure(TraceConfig.fromEnvironment(System.getenv()));
  }

  /** Closes the current runtime, if any: writes every ended span and turns tracing off. Never throws. */
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
   * that runs at every span start, such as an advice's {@link StageAdvice#enabled()}, can ask it
   * which options are on.
   */
  public static TraceConfig activeConfig() {
    ActiveTracing active = ActiveTracing.current;
    return active == null ? null : active.config;
  }

  /** Whether spans are being recorded now. */
  public static boolean isEnabled() {
    return ActiveTracing.current != null;
  }

  /** Called by {@link TraceRuntime#close()}: turns the hot-path switch off if it is still {@code runtime}'s. */
  static void uninstall(TraceRuntime runtime) {
    synchronized (LOCK) {
      if (current == runtime) {
        current = null;
      }
      if (ActiveTracing.current == runtime.active()) {
        ActiveTracing.current = null;
      }
    }
  }
}
