package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;

import java.util.List;
import java.util.Objects;

/**
 * How the trace context crosses processes: which propagators write and read carriers, and whether a
 * carrier from outside spanweave is trusted.
 *
 * @param propagators by OpenTelemetry's names ({@code OTEL_PROPAGATORS}): {@code tracecontext},
 *     {@code baggage}, {@code none}, or one a {@code ConfigurablePropagatorProvider} on the class
 *     path offers (such as {@code b3} from {@code opentelemetry-extension-trace-propagators}).
 *     Default {@code tracecontext,baggage}. An application's own {@code OpenTelemetry} keeps its
 *     propagators
 * @param strictCarriers whether a carrier with a W3C {@code traceparent} but no spanweave run id is
 *     refused: the span then starts a new trace, and the first such carrier is reported as a fault,
 *     as a carrier of another run is. Default {@code false}: such a carrier is joined (W3C
 *     behaviour, how spans join from services that do not use spanweave), and the span is marked
 *     {@code spanweave.parent.run_verified=false} ({@code SPANWEAVE_STRICT_CARRIERS})
 */
public record PropagationSettings(List<String> propagators, boolean strictCarriers) {

  /** W3C trace context and baggage, the OpenTelemetry default; carriers from outside are joined. */
  public static final PropagationSettings DEFAULT =
      new PropagationSettings(List.of("tracecontext", "baggage"), false);

  /**
   * The names are checked against the class path when the {@link TraceConfig} is built.
   *
   * @throws IllegalArgumentException naming the setting that is wrong
   */
  public PropagationSettings {
    require(
        propagators != null,
        "propagation.propagators is null; use e.g. List.of(\"tracecontext\", \"baggage\")");
    for (String name : propagators) {
      require(
          name != null && !name.isBlank(),
          "propagation.propagators holds a blank name; use e.g. tracecontext,baggage");
    }
    propagators = List.copyOf(propagators);
    require(
        !propagators.contains("none") || propagators.size() == 1,
        "propagation.propagators lists 'none' with others "
            + propagators
            + "; use 'none' alone to propagate nothing");
  }

  /** Other propagators, the same trust in carriers. */
  public PropagationSettings withPropagators(List<String> propagators) {
    return new PropagationSettings(
        Objects.requireNonNull(propagators, "propagators"), strictCarriers);
  }

  /** The same propagators, refusing carriers without a spanweave run id or not. */
  public PropagationSettings withStrictCarriers(boolean strictCarriers) {
    return new PropagationSettings(propagators, strictCarriers);
  }

  /**
   * These settings with what {@code env} sets replaced: {@code OTEL_PROPAGATORS} and {@code
   * SPANWEAVE_STRICT_CARRIERS}; unset or empty keep these. Whether each propagator is known is
   * checked when the configuration is built.
   *
   * @throws IllegalArgumentException naming the variable whose value is wrong
   */
  PropagationSettings withEnvironment(EnvironmentValues env) {
    return env.part(
        () ->
            new PropagationSettings(
                env.list(TraceEnvironment.OTEL_PROPAGATORS).orElse(propagators),
                env.bool(TraceEnvironment.STRICT_CARRIERS).orElse(strictCarriers)),
        TraceEnvironment.OTEL_PROPAGATORS,
        TraceEnvironment.STRICT_CARRIERS);
  }
}
