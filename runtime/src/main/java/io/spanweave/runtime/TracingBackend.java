package io.spanweave.runtime;

import io.opentelemetry.api.OpenTelemetry;
import io.spanweave.runtime.internal.attempts.RunAttempt;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * What a run records through: {@link Tracing} asks a backend for a tracer and propagators and tells
 * it when to flush and close. {@link SdkBackend} is spanweave's own OpenTelemetry SDK with the
 * run's files; {@link ApplicationOpenTelemetryBackend} is an {@code OpenTelemetry} the application
 * owns.
 */
interface TracingBackend {

  /** The tracer provider and propagators spans are made with. */
  OpenTelemetry openTelemetry();

  /** Spans written to the run's trace output so far. */
  long exportedSpans();

  /** Spans lost so far: a full queue, a failed write, or a span that ended after close. */
  long droppedSpans();

  /**
   * Writes every span that has ended so far, waiting at most {@code timeout}. Returns whether
   * everything was written in time; never throws.
   */
  boolean flush(Duration timeout);

  /**
   * The base URL of the local collector this backend runs for child processes, such as {@code
   * http://10.1.2.3:41873}; empty when spans go to an external collector.
   */
  default Optional<String> collectorEndpoint() {
    return Optional.empty();
  }

  /**
   * The headers a child must send to {@link #collectorEndpoint()}: its bearer token. Empty without
   * a collector.
   */
  default Map<String, String> collectorHeaders() {
    return Map.of();
  }

  /** Spans the local collector received from other processes so far; 0 without a collector. */
  default long collectedSpans() {
    return 0;
  }

  /**
   * Makes the {@code live.jsonl} records written from now on carry the attributes {@code keys} too,
   * besides {@code TraceConfig.live().attributeKeys()}: how an advice names what is in flight. A
   * backend without live records ignores it; never throws.
   */
  default void addLiveAttributeKeys(Collection<String> keys) {}

  /**
   * The attempt of the run this process claimed as its driver; empty in a worker and without a run
   * folder of its own.
   */
  default Optional<RunAttempt> attempt() {
    return Optional.empty();
  }

  /** Flushes, then stops the backend's threads and closes its files. Idempotent; never throws. */
  void close(Duration timeout);
}
