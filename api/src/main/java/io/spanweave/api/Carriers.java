package io.spanweave.api;

import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;
import io.spanweave.api.internal.ActiveTracing;
import java.util.Map;

/** Adapts the two carrier shapes we accept, {@code Map<String, String>} and {@link TraceCarrier}, to OTel propagators. */
final class Carriers {

  static final TextMapGetter<Map<String, String>> MAP_GETTER = new TextMapGetter<>() {
    @Override
    public Iterable<String> keys(Map<String, String> carrier) {
      return carrier.keySet();
    }

    @Override
    public String get(Map<String, String> carrier, String key) {
      return carrier == null ? null : carrier.get(key);
    }
  };

  static final TextMapSetter<Map<String, String>> MAP_SETTER = (carrier, key, value) -> {
    if (carrier != null) {
      carrier.put(key, value);
    }
  };

  static final TextMapGetter<TraceCarrier> CARRIER_GETTER = new TextMapGetter<>() {
    @Override
    public Iterable<String> keys(TraceCarrier carrier) {
      return carrier.keys();
    }

    @Override
    public String get(TraceCarrier carrier, String key) {
      return carrier == null ? null : carrier.get(key);
    }
  };

  static final TextMapSetter<TraceCarrier> CARRIER_SETTER = (carrier, key, value) -> {
    if (carrier != null) {
      carrier.set(key, value);
    }
  };

  private Carriers() {
  }

  /**
   * Writes {@code context} into {@code carrier} (a {@code Map<String, String>} or a
   * {@link TraceCarrier}) with this run's id in its baggage ({@code spanweave.run.id}), so that
   * the receiver can tell a carrier of another run.
   */
  static void inject(ActiveTracing active, Context context, Object carrier) {
    context = RunBaggage.withRun(context, active.runId);
    if (carrier instanceof TraceCarrier) {
      active.propagators.getTextMapPropagator().inject(context, (TraceCarrier) carrier, CARRIER_SETTER);
    } else {
      @SuppressWarnings("unchecked")
      Map<String, String> map = (Map<String, String>) carrier;
      active.propagators.getTextMapPropagator().inject(context, map, MAP_SETTER);
    }
  }

  /** The context in {@code carrier}; the root context for {@code null}. */
  static Context extract(ActiveTracing active, Object carrier) {
    if (carrier == null) {
      return Context.root();
    }
    if (carrier instanceof TraceCarrier) {
      return active.propagators.getTextMapPropagator().extract(Context.root(), (TraceCarrier) carrier, CARRIER_GETTER);
    }
    @SuppressWarnings("unchecked")
    Map<String, String> map = (Map<String, String>) carrier;
    return active.propagators.getTextMapPropagator().extract(Context.root(), map, MAP_GETTER);
  }
}
