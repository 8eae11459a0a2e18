package io.spanweave.runtime;

import io.opentelemetry.api.OpenTelemetry;
import java.time.Duration;

/**
 * The seam between the runtime and the telemetry SDK behind it: {@link Tracing} asks a backend for
 * a tracer and propagators and tells it when to flush and close. The one implementation lives in
 * {@code io.spanweave.runtime.otel}, the only package that may import the OpenTelemetry SDK;
 * application code never implements or calls this interface.
 */
public interface TracingBackend {

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

  /** Flushes, then stops the backend's threads and closes its files. Idempotent; never throws. */
  void close(Duration timeout);
}
