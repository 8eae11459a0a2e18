package io.spanweave.conventions;

import java.util.OptionalInt;

/**
 * The record of one attempt of a run: every driver process that records into a run (the first
 * start, and each restart from a checkpoint with the same run id) claims the next number by
 * creating {@code <runDir>/attempts/attempt-000002.json} (creating a file that must not exist is
 * atomic, so two drivers starting at once get two numbers), and rewrites it, whole and atomically,
 * when it learns its resume step and when it closes:
 *
 * <pre>{@code
 * {"attempt":2,"runId":"20261206-...","service":"rollout","pid":4242,"host":"node-3",
 *  "startTimeUnixNano":"1764995000000000000","resumeStep":40,"state":"closed",
 *  "endTimeUnixNano":"1764995600000000000"}
 * }</pre>
 *
 * <p>{@value #RESUME_STEP} is absent when the trainer did not say where it resumed; {@value #STATE}
 * is {@value #RUNNING} until the driver closes its runtime. A driver killed with {@code SIGKILL}
 * leaves {@value #RUNNING}: a reader knows it ended when a newer attempt started or when {@code
 * live.jsonl} has no record of the attempt for {@link LiveRecordFields#MISSED_HEARTBEATS} heartbeat
 * intervals. Times are strings, as in OTLP/JSON.
 */
public final class RunAttemptFiles {

  /** The folder of the records, in the run's folder. */
  public static final String DIRECTORY = "attempts";

  public static final String ATTEMPT = "attempt";
  public static final String RUN_ID = "runId";
  public static final String SERVICE = "service";
  public static final String PID = "pid";
  public static final String HOST = "host";
  public static final String START_TIME = "startTimeUnixNano";
  public static final String END_TIME = "endTimeUnixNano";

  /**
   * The first step the attempt records again, as the trainer said (resumed from its checkpoint).
   */
  public static final String RESUME_STEP = "resumeStep";

  /** {@value #RUNNING} or {@value #CLOSED}. */
  public static final String STATE = "state";

  public static final String RUNNING = "running";
  public static final String CLOSED = "closed";

  private static final String PREFIX = "attempt-";
  private static final String SUFFIX = ".json";

  private RunAttemptFiles() {}

  /** {@code attempt-000002.json} for attempt 2. */
  public static String fileName(int attempt) {
    return PREFIX + String.format("%06d", attempt) + SUFFIX;
  }

  /**
   * The attempt a record's file name stands for; empty for any other name (a temporary file, say).
   */
  public static OptionalInt attemptOf(String fileName) {
    if (fileName == null || !fileName.startsWith(PREFIX) || !fileName.endsWith(SUFFIX)) {
      return OptionalInt.empty();
    }
    String digits = fileName.substring(PREFIX.length(), fileName.length() - SUFFIX.length());
    if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(Character::isDigit)) {
      return OptionalInt.empty();
    }
    int attempt = Integer.parseInt(digits);
    return attempt > 0 ? OptionalInt.of(attempt) : OptionalInt.empty();
  }
}
