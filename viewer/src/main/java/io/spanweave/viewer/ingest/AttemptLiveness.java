package io.spanweave.viewer.ingest;

import io.spanweave.conventions.LiveRecordFields;
import java.util.HashMap;
import java.util.Map;

/**
 * Whether the processes of an attempt of a run are still alive, from what {@code live.jsonl} and
 * the run folder's attempt records say. An attempt has ended once a newer attempt of its run
 * started, or, for an attempt whose records name it (a writer that sends heartbeats), once no
 * record of it was written for {@link LiveRecordFields#MISSED_HEARTBEATS} heartbeat intervals.
 * Records that name no attempt (attempt 0, an older writer without heartbeats) end only by a newer
 * attempt. Times are the writers' own, so a run read after the fact is judged the same.
 *
 * <p>Not thread-safe: {@link LiveSpans} calls it under its lock.
 */
final class AttemptLiveness {
  /** How long an attempt may write nothing before its processes count as stopped. */
  static final long SILENCE_NANOS =
      LiveRecordFields.MISSED_HEARTBEATS * LiveRecordFields.HEARTBEAT_INTERVAL_MILLIS * 1_000_000L;

  /** Per run id ("" for none) and attempt, the time of the newest record. */
  private final Map<String, Map<Integer, Long>> lastRecord = new HashMap<>();

  /** Per run id, the highest attempt known to have started. */
  private final Map<String, Integer> newest = new HashMap<>();

  /**
   * A live record of {@code attempt} (0: it names none) of {@code runId}, written at {@code
   * timeNanos}.
   */
  void recorded(String runId, int attempt, long timeNanos) {
    String run = runId == null ? "" : runId;
    started(run, attempt);
    if (attempt > 0 && timeNanos > 0) {
      lastRecord.computeIfAbsent(run, r -> new HashMap<>()).merge(attempt, timeNanos, Math::max);
    }
  }

  /**
   * Attempt {@code attempt} of {@code runId} started (its record is in the run folder, or a record
   * names it).
   */
  void started(String runId, int attempt) {
    newest.merge(runId == null ? "" : runId, attempt, Math::max);
  }

  /**
   * Whether the processes of {@code attempt} of {@code runId} count as stopped at {@code nowNanos}.
   */
  boolean ended(String runId, int attempt, long nowNanos) {
    String run = runId == null ? "" : runId;
    if (newest.getOrDefault(run, 0) > Math.max(attempt, 1)) {
      return true;
    }
    if (attempt <= 0) {
      return false;
    }
    Long last = lastRecord.getOrDefault(run, Map.of()).get(attempt);
    return last != null && nowNanos - last > SILENCE_NANOS;
  }

  /** The newest record of {@code attempt} of {@code runId}, or null when live.jsonl has none. */
  Long lastRecord(String runId, int attempt) {
    return lastRecord.getOrDefault(runId == null ? "" : runId, Map.of()).get(attempt);
  }
}
