package io.spanweave.api.internal;

import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.spanweave.conventions.AttributeValuePolicy;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * What the hot path needs while tracing is on, published in one volatile field so that the check
 * "is tracing on?" is a single read and tracing off allocates nothing. The SDK installs it when a
 * runtime starts and removes it when the runtime closes; the API reads it.
 *
 * <p>Not part of spanweave's API: this package is the seam between the API and the SDK and may
 * change in any release. Application code never calls it.
 */
public final class ActiveTracing {

  /** {@code null} while tracing is off. */
  private static volatile ActiveTracing current;

  private static final AtomicLong GENERATIONS = new AtomicLong();

  /**
   * Tells this runtime apart from earlier and later ones (never 0), for what static objects such as
   * advices do once per runtime, without keeping a closed runtime reachable.
   */
  public final long generation = GENERATIONS.incrementAndGet();

  public final Tracer tracer;
  public final ContextPropagators propagators;
  public final String runId;
  public final int maxStringLength;
  public final int maxArrayLength;
  public final boolean previewsEnabled;
  public final int previewMaxBytes;

  /** {@code spanweave.rank} and {@code spanweave.local_rank}; {@code null} when not known. */
  public final Long rank;

  public final Long localRank;

  /** The names of the extensions the configuration turned on, such as the rollout preset's. */
  public final Set<String> extensions;

  /**
   * Whether every span carries {@code spanweave.run.id} as a span attribute: when spans go through
   * an application's own OpenTelemetry, whose resource is the application's and does not name the
   * run.
   */
  public final boolean runIdOnSpans;

  /**
   * Whether a carrier with a {@code traceparent} but no spanweave run id is refused (the span
   * starts a new trace) instead of joined and marked {@code spanweave.parent.run_verified=false}.
   */
  public final boolean strictCarriers;

  private final Consumer<Collection<String>> liveAttributeKeys;

  /**
   * @param liveAttributeKeys adds keys to the attributes the SDK's {@code live.jsonl} records
   *     carry; it must never throw
   */
  public ActiveTracing(
      Tracer tracer,
      ContextPropagators propagators,
      String runId,
      int maxStringLength,
      int maxArrayLength,
      boolean previewsEnabled,
      int previewMaxBytes,
      Long rank,
      Long localRank,
      Set<String> extensions,
      boolean runIdOnSpans,
      boolean strictCarriers,
      Consumer<Collection<String>> liveAttributeKeys) {
    this.strictCarriers = strictCarriers;
    this.tracer = tracer;
    this.propagators = propagators;
    this.runId = runId;
    this.maxStringLength = maxStringLength;
    this.maxArrayLength = maxArrayLength;
    this.previewsEnabled = previewsEnabled;
    this.previewMaxBytes = previewMaxBytes;
    this.rank = rank;
    this.localRank = localRank;
    this.extensions = Set.copyOf(extensions);
    this.runIdOnSpans = runIdOnSpans;
    this.liveAttributeKeys = liveAttributeKeys;
  }

  /**
   * The tracing that records spans now, or {@code null} while tracing is off: one volatile read.
   */
  public static ActiveTracing current() {
    return current;
  }

  /** Makes {@code active} the tracing that records spans, replacing any other. */
  public static void install(ActiveTracing active) {
    current = active;
  }

  /** Turns tracing off if {@code active} is still the one installed; a later runtime stays. */
  public static synchronized void uninstall(ActiveTracing active) {
    if (current == active) {
      current = null;
    }
  }

  /** Makes this run's {@code live.jsonl} records carry {@code keys} too, from now on. */
  public void addLiveAttributeKeys(Collection<String> keys) {
    liveAttributeKeys.accept(keys);
  }

  /**
   * {@code value} cut at the configured string length, see {@link AttributeValuePolicy#truncate}.
   */
  public String truncate(String value) {
    return AttributeValuePolicy.truncate(value, maxStringLength);
  }
}
