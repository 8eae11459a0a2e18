package io.spanweave.runtime.internal.export;

import io.opentelemetry.sdk.trace.ReadableSpan;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Decides which {@code live.jsonl} records are not worth writing: the start and the end of a span
 * that had already ended when the live worker reached its start record. {@code live.jsonl} exists
 * to show work in flight; such a span never was in flight as far as any reader could tell (the
 * viewer would add it and remove it in the same read), and writing both records cost the live worker
 * more CPU than encoding the span for {@code traces.jsonl}. A span still running when its start
 * record is reached keeps both records, and a process killed mid-span leaves its start record
 * without an end, as before.
 *
 * <p>The end record of a skipped start is already queued behind it (the span ended before), so the
 * span is remembered, by identity, until that end record comes by. An end record that never comes
 * (dropped by a full queue) would be remembered forever, so past {@code limit} spans the memory is
 * cleared; the price is an end record without a start for a span or two, which readers ignore (the
 * viewer keeps such ends aside and nothing is in flight).
 *
 * <p>Used by the live worker only; not thread-safe.
 */
final class ShortSpanSkipper {

  private final Set<ReadableSpan> startsSkipped = Collections.newSetFromMap(new IdentityHashMap<>());
  private final int limit;

  /**
   * {@code limit}: how many skipped spans to remember at most; their end records wait in the live
   * queue, so a small multiple of its capacity.
   */
  ShortSpanSkipper(int limit) {
    this.limit = limit;
  }

  /** Whether to skip the start record of {@code span}: yes when it has ended already. */
  boolean skipStart(ReadableSpan span) {
    if (!span.hasEnded()) {
      return false;
    }
    if (startsSkipped.size() >= limit) {
      startsSkipped.clear();
    }
    startsSkipped.add(span);
    return true;
  }

  /** Whether to skip the end record of {@code span}: yes when its start record was skipped. */
  boolean skipEnd(ReadableSpan span) {
    return startsSkipped.remove(span);
  }
}
