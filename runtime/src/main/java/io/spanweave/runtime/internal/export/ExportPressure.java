package io.spanweave.runtime.internal.export;

import java.util.concurrent.TimeUnit;

/**
 * Whether this process's span export is pressed for time: an export worker found its queue at least
 * half full in the last {@link #HOLD_NANOS}. Work that can wait, compressing a run's closed parts,
 * waits while it is, so that on a small machine the cores go to the traced threads and the export
 * worker first and the queue does not overflow (the parts stay plain and readable meanwhile).
 */
public final class ExportPressure {

  /** How long one sign of pressure counts. */
  static final long HOLD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  /** When pressure was last seen; 0 for never. */
  private static volatile long lastSeenNanos;

  /** When an export worker last found a backlog (more than a few batches queued); 0 for never. */
  private static volatile long lastBacklogNanos;

  private ExportPressure() {}

  /** An export worker found its queue at least half full. */
  static void seen() {
    long now = System.nanoTime();
    lastSeenNanos = now == 0 ? 1 : now;
  }

  /**
   * An export worker found more spans queued than it takes in a few batches: not idle, not pressed
   * yet.
   */
  static void backlog() {
    long now = System.nanoTime();
    lastBacklogNanos = now == 0 ? 1 : now;
  }

  /**
   * Whether every export worker kept its queue short within the last {@link #HOLD_NANOS} (no
   * backlog, no pressure): it keeps up with room to spare, so work that can wait may take a whole
   * core. Also true when nothing is exported at all (after the last span).
   */
  public static boolean idle() {
    long now = System.nanoTime();
    long backlog = lastBacklogNanos;
    return !now() && (backlog == 0 || now - backlog >= HOLD_NANOS);
  }

  /** Whether an export worker was pressed within the last {@link #HOLD_NANOS}. */
  public static boolean now() {
    long last = lastSeenNanos;
    return last != 0 && System.nanoTime() - last < HOLD_NANOS;
  }
}
