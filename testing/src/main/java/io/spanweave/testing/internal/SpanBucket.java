package io.spanweave.testing.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The spans of one recorder: those that ended, in the order they ended, and those that started in
 * its context and are still open. Written by the span processor on whatever thread a span starts or
 * ends; read by the test. Ended spans are kept as plain values ({@link EndedSpan}): the public
 * package turns them into its own types, which this package never names.
 */
public final class SpanBucket {

  /**
   * An open span: its name (for the failure tree) and its parent (to tell the test's own scopes).
   */
  private record OpenSpan(String name, String parentSpanId) {}

  private final List<EndedSpan> ended = new ArrayList<>(); // guarded by this
  private final Map<String, OpenSpan> open = new LinkedHashMap<>(); // by span id; guarded by this
  private final Set<String> owned = new HashSet<>(); // every span id filed here; guarded by this
  private volatile boolean closed;

  synchronized void started(String spanId, String name, String parentSpanId) {
    owned.add(spanId);
    open.put(spanId, new OpenSpan(name, parentSpanId));
  }

  synchronized void ended(String spanId, EndedSpan span) {
    open.remove(spanId);
    ended.add(span);
    notifyAll();
  }

  /** Stops taking new spans; spans already open still land here when they end. */
  void close() {
    closed = true;
  }

  boolean isClosed() {
    return closed;
  }

  /**
   * The ids of the spans filed here that ended; those still open keep their place until they end.
   */
  synchronized Set<String> endedSpanIds() {
    Set<String> ids = new HashSet<>(owned);
    ids.removeAll(open.keySet());
    return ids;
  }

  /** The spans that ended so far. */
  public synchronized List<EndedSpan> ended() {
    return List.copyOf(ended);
  }

  /** The names of the spans still open. */
  public synchronized List<String> openNames() {
    return open.values().stream().map(OpenSpan::name).toList();
  }

  /**
   * The spans that ended, once every span open elsewhere has ended, waiting at most {@code
   * patience}. The span current on the calling thread and its open ancestors are not waited for:
   * the test that asserts inside its own scope holds them open itself. Others, such as a stage
   * whose {@code CompletionStage} completed a moment ago on another thread, end at once.
   */
  public synchronized List<EndedSpan> settled(String currentSpanId, Duration patience) {
    long deadline = System.nanoTime() + patience.toNanos();
    while (hasOpenOtherThan(currentSpanId)) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        break;
      }
      try {
        wait(Math.max(1, left / 1_000_000L));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return List.copyOf(ended);
  }

  private boolean hasOpenOtherThan(String currentSpanId) {
    Set<String> held = new HashSet<>();
    String id = currentSpanId;
    while (id != null && open.containsKey(id) && held.add(id)) {
      id = open.get(id).parentSpanId();
    }
    return open.size() > held.size();
  }
}
