package io.spanweave.api;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;
import io.spanweave.api.internal.ActiveTracing;
import java.util.Map;

/**
 * Adapts the two carrier shapes we accept, {@code Map<String, String>} and {@link TraceCarrier}, to
 * OTel propagators.
 */
final class Carriers {

  static final TextMapGetter<Map<String, String>> MAP_GETTER =
      new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
          return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
          return carrier == null ? null : carrier.get(key);
        }
      };

  static final TextMapSetter<Map<String, String>> MAP_SETTER =
      (carrier, key, value) -> {
        if (carrier != null) {
          carrier.put(key, value);
        }
      };

  static final TextMapGetter<TraceCarrier> CARRIER_GETTER =
      new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(TraceCarrier carrier) {
          return carrier.keys();
        }

        @Override
        public String get(TraceCarrier carrier, String key) {
          return carrier == null ? null : carrier.get(key);
        }
      };

  static final TextMapSetter<TraceCarrier> CARRIER_SETTER =
      (carrier, key, value) -> {
        if (carrier != null) {
          carrier.set(key, value);
        }
      };

  private Carriers() {}

  /**
   * Writes {@code context} into {@code carrier} (a {@code Map<String, String>} or a {@link
   * TraceCarrier}) with this run's id in its baggage ({@code spanweave.run.id}), so that the
   * receiver can tell a carrier of another run.
   */
  static void inject(ActiveTracing active, Context context, Object carrier) {
    context = RunBaggage.withRun(context, active.runId);
    if (carrier instanceof TraceCarrier) {
      active
          .propagators
          .getTextMapPropagator()
          .inject(context, (TraceCarrier) carrier, CARRIER_SETTER);
    } else {
      @SuppressWarnings("unchecked")
      Map<String, String> map = (Map<String, String>) carrier;
      active.propagators.getTextMapPropagator().inject(context, map, MAP_SETTER);
    }
  }

  /**
   * Whether {@code extracted} has a valid parent span but no spanweave run id: a caller that does
   * not use spanweave (plain W3C Trace Context), or one that lost the baggage on the way. Such a
   * parent is joined and the span marked {@code spanweave.parent.run_verified=false}, or, with
   * strict carriers, refused.
   */
  static boolean unverified(Context extracted) {
    return RunBaggage.runOf(extracted) == null
        && Span.fromContext(extracted).getSpanContext().isValid();
  }

  /** The one fault reported when strict carriers refuse a parent without a run id. */
  static void reportRefusedUnverified(ActiveTracing active, String spanName) {
    TracingFaults.report(
        "carrier",
        "the carrier of span '"
            + spanName
            + "' has a traceparent but no spanweave run id "
            + "(spanweave.run.id in its baggage), and strict carriers are on (SPANWEAVE_STRICT_CARRIERS, "
            + "TraceConfig.strictCarriers), so the span starts a new trace in run "
            + active.runId
            + " instead of joining "
            + "it. Start the caller with this run's TraceRuntime.childEnvironment(), or turn strict carriers off to join "
            + "traces of services that do not use spanweave",
        null);
  }

  /** The context in {@code carrier}; the root context for {@code null}. */
  static Context extract(ActiveTracing active, Object carrier) {
    if (carrier == null) {
      return Context.root();
    }
    if (carrier instanceof TraceCarrier) {
      return active
          .propagators
          .getTextMapPropagator()
          .extract(Context.root(), (TraceCarrier) carrier, CARRIER_GETTER);
    }
    @SuppressWarnings("unchecked")
    Map<String, String> map = (Map<String, String>) carrier;
    return active.propagators.getTextMapPropagator().extract(Context.root(), map, MAP_GETTER);
  }
}
