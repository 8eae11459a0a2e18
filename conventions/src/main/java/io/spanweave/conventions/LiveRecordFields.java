package io.spanweave.conventions;

/**
 * The field names of {@code live.jsonl}, the run's record of spans as they start and end, so that
 * work in flight (a stuck sample) is visible before its span is exported:
 *
 * <pre>{@code
 * {"event":"start","runId":"20261129-...","service":"rollout","pid":4242,"traceId":"…","spanId":"…",
 *  "parentSpanId":"…","name":"RolloutWorker.generate","stage":"generate","kind":"model",
 *  "startTimeUnixNano":"1764401709409337000","attributes":{"sample.id":"s-17"}}
 * {"event":"end", …same fields…, "endTimeUnixNano":"1764401712000000000","status":"ok"}
 * {"event":"heartbeat","runId":"20261129-...","service":"rollout","pid":4242,"attempt":"2",
 *  "timeUnixNano":"1764401719409337000"}
 * }</pre>
 *
 * <p>Records of a process that belongs to an attempt of the run carry {@value #ATTEMPT}. A process
 * that wrote no record for {@link #HEARTBEAT_INTERVAL_MILLIS} writes a heartbeat, so a reader can
 * tell a process that is quiet from one that is gone: after {@link #MISSED_HEARTBEATS} intervals
 * without any record of its attempt, the attempt's open spans are abandoned, not in flight.
 */
public final class LiveRecordFields {

  /** {@value #START} or {@value #END}. */
  public static final String EVENT = "event";

  public static final String START = "start";
  public static final String END = "end";
  public static final String RUN_ID = "runId";
  public static final String SERVICE = "service";
  public static final String PID = "pid";
  public static final String TRACE_ID = "traceId";
  public static final String SPAN_ID = "spanId";
  public static final String PARENT_SPAN_ID = "parentSpanId";
  public static final String NAME = "name";
  public static final String STAGE = "stage";
  public static final String KIND = "kind";
  public static final String START_TIME = "startTimeUnixNano";
  public static final String END_TIME = "endTimeUnixNano";

  /** On end records: {@value #STATUS_ERROR} for a failed span, absent otherwise. */
  public static final String STATUS = "status";

  public static final String STATUS_ERROR = "error";
  public static final String ATTRIBUTES = "attributes";

  /** {@value #EVENT} of a record that only says the process is alive. */
  public static final String HEARTBEAT = "heartbeat";

  /**
   * The attempt of the run the writing process belongs to ({@link SpanAttributes#RUN_ATTEMPT}), as
   * a string.
   */
  public static final String ATTEMPT = "attempt";

  /** On heartbeat records: when it was written. */
  public static final String TIME = "timeUnixNano";

  /** A process that wrote nothing else for this long writes a heartbeat record. */
  public static final long HEARTBEAT_INTERVAL_MILLIS = 10_000;

  /**
   * Heartbeat intervals without a record after which a reader takes the attempt's processes as
   * stopped.
   */
  public static final int MISSED_HEARTBEATS = 3;

  private LiveRecordFields() {}
}
