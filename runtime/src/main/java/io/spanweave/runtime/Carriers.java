package io.spanweave.runtime;

import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;
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
}
