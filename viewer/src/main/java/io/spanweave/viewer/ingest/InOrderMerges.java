package io.spanweave.viewer.ingest;

import java.util.HashMap;
import java.util.Map;

/**
 * Runs the merges of chunks' summaries into their part's segments and the run's summary in the
 * order the chunks were read, on whichever thread offers the next one: a parse thread merges the
 * chunk it summarised as soon as the chunks before it are merged, so the single ingest thread no
 * longer merges every chunk of a long file. The order is the reading order, as when the ingest
 * thread merged them all: the summaries (sums of metric values included) stay the same to the bit.
 *
 * <p>One merge runs at a time; each chunk's number must be offered once, from 0 up, or the merges
 * after a missing one wait.
 */
final class InOrderMerges {
  private final Map<Long, Runnable> waiting = new HashMap<>();

  /** Number of the next chunk to merge: every chunk before it is merged. */
  private long next;

  private boolean running;
  private RuntimeException failure;

  /**
   * Offers chunk {@code chunk}'s merge; runs it here (and the ones after it that are waiting) when
   * it is next and no other thread is merging.
   */
  void offer(long chunk, Runnable merge) {
    synchronized (this) {
      waiting.put(chunk, merge);
      if (running) {
        return; // the thread merging now runs it when its turn comes
      }
      running = true;
    }
    while (true) {
      Runnable now;
      synchronized (this) {
        now = waiting.remove(next);
        if (now == null) {
          running = false;
          return;
        }
      }
      try {
        now.run();
      } catch (RuntimeException e) {
        synchronized (this) {
          if (failure == null) {
            failure = e;
          }
        }
      }
      synchronized (this) {
        next++;
        notifyAll();
      }
    }
  }

  /**
   * Waits until chunk {@code chunk} and every one before it are merged; throws (once) when a merge
   * failed since the last call, as the merge itself threw when this thread ran it.
   */
  synchronized void awaitThrough(long chunk) throws InterruptedException {
    while (next <= chunk) {
      wait();
    }
    RuntimeException failed = failure;
    if (failed != null) {
      failure = null;
      throw new IllegalStateException("merging a chunk's summaries failed", failed);
    }
  }
}
