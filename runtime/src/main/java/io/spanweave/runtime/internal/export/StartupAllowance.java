package io.spanweave.runtime.internal.export;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether a traced thread that finds the export queue full may wait for room instead of dropping
 * its span: only while the program starts, briefly, and only while the export worker makes
 * progress.
 *
 * <p>Why: in a program's first seconds the JIT has not compiled the export path yet, so the worker
 * writes spans many times slower than it will, while the traced code (compiled first, and catching
 * up on its own slow start) ends them at full rate; with the default queue a program recording
 * 200,000 spans a second from its first span lost 1.6-26% of its first million spans there
 * (docs/performance.md, "Cold start"). A bigger queue would need hundreds of megabytes for that;
 * waiting keeps the queue's memory bound and costs the program a fraction of a second once.
 *
 * <p>The allowance is open during the first {@link #WINDOW_NANOS} after an export worker first took
 * a span, for at most {@link #BUDGET_NANOS} of waiting in all (every thread's waits added up). A
 * wait ends as soon as the worker takes a batch. When the worker takes nothing for {@link
 * #STALL_NANOS} (an exporter stuck on a disk or an endpoint that does not answer) the allowance
 * closes for good: from then on a full queue drops spans and never waits, as it does once the
 * allowance is over.
 *
 * <p>The export processors share one allowance per process ({@link #process()}): what is cold is
 * the JVM's compiled code, not a runtime, so a runtime configured again later in the same process
 * gets no new allowance, and once a program is past its start a full queue always drops.
 */
final class StartupAllowance {

  /** How long after the worker first took a span a full queue may make a traced thread wait. */
  static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(30);

  /** The most all traced threads may wait in all. */
  static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(5);

  /** A worker that takes nothing for this long while a thread waits closes the allowance. */
  static final long STALL_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

  private static final StartupAllowance PROCESS = new StartupAllowance();

  private final long windowNanos;
  private final long budgetNanos;
  private final long stallNanos;
  private final AtomicLong waitedNanos = new AtomicLong();

  /** When the worker first took a span; 0 before that. Written by the worker only. */
  private volatile long firstTakeNanos;

  private volatile boolean closed;

  StartupAllowance() {
    this(WINDOW_NANOS, BUDGET_NANOS, STALL_NANOS);
  }

  StartupAllowance(long windowNanos, long budgetNanos, long stallNanos) {
    this.windowNanos = windowNanos;
    this.budgetNanos = budgetNanos;
    this.stallNanos = stallNanos;
  }

  /** The allowance of this process's export processors. */
  static StartupAllowance process() {
    return PROCESS;
  }

  /** An allowance that is always closed: a full queue drops at once. */
  static StartupAllowance none() {
    StartupAllowance none = new StartupAllowance(0, 0, 0);
    none.closed = true;
    return none;
  }

  /** The worker took items for the first time, or again; only the first call counts. */
  void taken(long nowNanos) {
    if (firstTakeNanos == 0) {
      firstTakeNanos = nowNanos == 0 ? 1 : nowNanos;
    }
  }

  /** Whether a thread that finds the queue full at {@code nowNanos} may wait for room. */
  boolean open(long nowNanos) {
    if (closed) {
      return false;
    }
    long first = firstTakeNanos;
    if ((first != 0 && nowNanos - first > windowNanos) || waitedNanos.get() >= budgetNanos) {
      closed = true;
      return false;
    }
    return true;
  }

  /** How long one wait may last before the worker counts as stalled. */
  long stallNanos() {
    return stallNanos;
  }

  /**
   * A thread waited {@code nanos}; {@code stalled} when the worker took nothing meanwhile, which
   * closes the allowance.
   */
  void waited(long nanos, boolean stalled) {
    waitedNanos.addAndGet(nanos);
    if (stalled) {
      closed = true;
    }
  }

  /** All threads' waits so far. */
  long waitedNanos() {
    return waitedNanos.get();
  }
}
