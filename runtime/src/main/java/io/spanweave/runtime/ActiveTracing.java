package io.spanweave.runtime;

import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.ContextPropagators;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the hot path needs while tracing is on, published in one volatile field so that the check
 * "is tracing on?" is a single read and tracing off allocates nothing. {@link Tracing} installs
 * it on configure and removes it on close.
 */
final class ActiveTracing {

  /** {@code null} while tracing is off. */
  static volatile ActiveTracing current;

  private static final AtomicLong GENERATIONS = new AtomicLong();

  /**
   * Tells this runtime apart from earlier and later ones (never 0), for what static objects such
   * as advices do once per runtime, without keeping a closed runtime reachable.
   */
  final long generation = GENERATIONS.incrementAndGet();

  final Tracer tracer;
  final ContextPropagators propagators;
  /** The runtime's configuration, for {@link Tracing#activeConfig()}. */
  final TraceConfig config;
  final String runId;
  final int maxStringLength;
  final int maxArrayLength;
  final boolean previewsEnabled;
  final int previewMaxBytes;
  /** {@code spanweave.rank} and {@code spanweave.local_rank}; {@code null} when not known. */
  final Long rank;
  final Long localRank;
  private final TracingBackend backend;

  ActiveTracing(Tracer tracer, ContextPropagators propagators, TraceConfig config, TracingBackend backend) {
    this.backend = backend;
    this.tracer = tracer;
    this.propagators = propagators;
    this.config = config;
    this.runId = config.runId();
    this.maxStringLength = config.maxAttributeLength();
    this.maxArrayLength = config.maxArrayLength();
    this.previewsEnabled = config.previewsEnabled();
    this.previewMaxBytes = config.previewMaxBytes();
    this.rank = config.rank().isPresent() ? Long.valueOf(config.rank().getAsInt()) : null;
    this.localRank = config.localRank().isPresent() ? Long.valueOf(config.localRank().getAsInt()) : null;
  }

  /** Makes this run's {@code live.jsonl} records carry {@code keys} too, from now on. */
  void addLiveAttributeKeys(Collection<String> keys) {
    backend.addLiveAttributeKeys(keys);
  }

  /**
   * Writes {@code context} into {@code carrier} with this run's id in its baggage
   * ({@code spanweave.run.id}), so that the receiver can refuse a carrier of another run.
   */
  void inject(Context context, Object carrier) {
    context = RunBaggage.withRun(context, runId);
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
