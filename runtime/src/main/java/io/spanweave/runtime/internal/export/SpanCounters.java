package io.spanweave.runtime.internal.export;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What became of the run's spans: written or lost; why they were lost is in {@link
 * io.spanweave.api.TracingFaults}.
 */
public final class SpanCounters {

  /** Spans written to the run's trace output. */
  public final AtomicLong exported = new AtomicLong();

  /** Spans lost: a full queue, a failed write, a span that ended after close. */
  public final AtomicLong dropped = new AtomicLong();

  /** live.jsonl records lost; the spans themselves may still have been exported. */
  final AtomicLong liveDropped = new AtomicLong();
}
