package io.spanweave.viewer.ingest;

/**
 * Holds the full pass over a big file back until the first view has been answered. Reading newest
 * first, the latest step is complete after the first chunks; but the first answers come from a cold
 * HTTP path (class loading, the interpreter) that competes for the CPU with the parse threads, the
 * indexing thread and the JIT compiling them. On a loaded 2-core machine that made the first view
 * take seconds though its data had been ready for most of them. So, after the first chunks, the
 * ingest thread waits until a data request that arrived during the wait has been answered and the
 * API has then been quiet for a moment (the page asks for several things at once), or until {@link
 * #MAX_HOLD_MILLIS}, whichever comes first: with no page open, indexing waits at most that long.
 *
 * <p>Thread-safe: the HTTP threads report requests, the ingest thread waits.
 */
public final class FirstViewHold {
  /** Longest wait; a page opened later finds the full pass well under way. */
  static final long MAX_HOLD_MILLIS = 1000;

  /** How long the API must be quiet after the view was answered. */
  static final long QUIET_MILLIS = 40;

  private volatile boolean released;
  private volatile boolean closing;
  private boolean holding;
  private int inFlight;

  /** Data requests that arrived while holding and have not been answered yet. */
  private int heldRequests;

  private boolean answered;
  private long lastAnswerNanos;

  /**
   * Reports that a request arrived; {@code data} is false for the status poll, which a page asks
   * before and independently of its view.
   *
   * @return whether {@link #ended} must be called for it
   */
  public boolean started(boolean data) {
    if (released) {
      return false;
    }
    synchronized (this) {
      inFlight++;
      if (holding && data) {
        heldRequests++;
      }
      return true;
    }
  }

  /** Reports the answer to a request whose {@link #started} returned true. */
  public void ended(boolean data) {
    synchronized (this) {
      inFlight--;
      if (holding && data && heldRequests > 0) {
        heldRequests--;
        answered = true;
      }
      lastAnswerNanos = System.nanoTime();
      notifyAll();
    }
  }

  /**
   * Waits (once; later calls return at once) until the view asked during the wait was answered, or
   * at most {@link #MAX_HOLD_MILLIS}.
   */
  public void await() throws InterruptedException {
    if (released) {
      return;
    }
    synchronized (this) {
      holding = true;
      long deadline = System.nanoTime() + MAX_HOLD_MILLIS * 1_000_000L;
      try {
        while (true) {
          long now = System.nanoTime();
          if (now >= deadline || closing) {
            return;
          }
          long wait = deadline - now;
          if (answered && inFlight == 0) {
            long quietUntil = lastAnswerNanos + QUIET_MILLIS * 1_000_000L;
            if (now >= quietUntil) {
              return;
            }
            wait = Math.min(wait, quietUntil - now);
          }
          wait(Math.max(1, wait / 1_000_000L));
        }
      } finally {
        holding = false;
        released = true;
        notifyAll();
      }
    }
  }

  /** Lets indexing run without waiting (the viewer is closing). */
  public void release() {
    closing = true;
    released = true;
    synchronized (this) {
      notifyAll();
    }
  }
}
