package io.spanweave.runtime;

import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.ContextPropagators;
import java.util.Map;

/**
 * What the hot path needs while tracing is on, published in one volatile field so that the check
 * "is tracing on?" is a single read and tracing off allocates nothing. {@link Tracing} installs
 * it on configure and removes it on close.
 */
final class ActiveTracing {

  /** {@code null} while tracing is off. */
  static volatile ActiveTracing current;

  final Tracer tracer;
  final ContextPropagators propagators;
  final String runId;
  final int maxStringLength;
  final int maxArrayLength;

  ActiveTracing(Tracer tracer, ContextPropagators propagators, String runId,
      int maxStringLength, int maxArrayLength) {
    this.tracer = tracer;
    this.propagators = propagators;
    this.runId = runId;
    this.maxStringLength = maxStringLength;
    this.maxArrayLength = maxArrayLength;
  }

  void inject(Context context, Object carrier) {
    if (carrier instanceof TraceCarrier) {
      propagators.getTextMapPropagator().inject(context, (TraceCarrier) carrier, Carriers.CARRIER_SETTER);
    } else {
      @SuppressWarnings("unchecked")
      Map<String, String> map = (Map<String, String>) carrier;
      propagators.getTextMapPropagator().inject(context, map, Carriers.MAP_SETTER);
    }
  }

  Context extract(Object carrier) {
    if (carrier == null) {
      return Context.root();
    }
    if (carrier instanceof TraceCarrier) {
      return propagators.getTextMapPropagator().extract(Context.root(), (TraceCarrier) carrier, Carriers.CARRIER_GETTER);
    }
    @SuppressWarnings("unchecked")
    Map<String, String> map = (Map<String, String>) carrier;
    return propagators.getTextMapPropagator().extract(Context.root(), map, Carriers.MAP_GETTER);
  }

  String truncate(String value) {
    if (value == null || value.length() <= maxStringLength) {
      return value;
    }
    int end = maxStringLength;
    if (end > 0 && Character.isHighSurrogate(value.charAt(end - 1))) {
      end--; // never split a surrogate pair
    }
    return value.substring(0, end);
  }
}
