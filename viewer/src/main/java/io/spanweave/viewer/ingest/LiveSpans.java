package io.spanweave.viewer.ingest;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.conventions.LiveRecordFields;
import io.spanweave.conventions.ViewerKeys;
import io.spanweave.viewer.index.SpanIds;
import io.spanweave.viewer.json.LiveStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The spans in flight, from the start/end records of {@code live.jsonl}. Records are {@code
 * {"event":"start"|"end","traceId","spanId","parentSpanId","name","stage",
 * "startTimeUnixNano","attributes":{...},"pid":...,"attempt":"2"}} and heartbeats {@code
 * {"event":"heartbeat","runId","attempt","timeUnixNano"}}; unknown fields are ignored and
 * snake_case keys accepted.
 *
 * <p>A span whose process stopped (its attempt ended, see {@link AttemptLiveness}) is not in flight
 * but abandoned: {@link #snapshot} leaves it out, {@link #abandoned} lists it.
 */
public final class LiveSpans implements LineChunkSink {
  /**
   * Ends seen before their start (possible across a rotation); remembered so the start is ignored.
   */
  private static final int MAX_EARLY_ENDS = 100_000;

  /**
   * Made when the first live line is read, not when the viewer starts: creating a mapper loads much
   * of Jackson (about 0.15 s cold), which delayed the viewer's start by that much.
   */
  private static final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();
  }

  private final Map<String, LiveSpan> inFlight = new LinkedHashMap<>();
  private final LinkedHashSet<String> earlyEnds = new LinkedHashSet<>();
  private final AtomicLong malformedLines = new AtomicLong();
  private final AttemptLiveness liveness = new AttemptLiveness();
  private volatile long version;

  /**
   * How many spans were abandoned when {@link #version} last looked: time alone can end an attempt.
   */
  private int abandonedSeen;

  @Override
  public void accept(byte[] data, int length, long fileOffset, SourceFile source) {
    String text = new String(data, 0, length, StandardCharsets.UTF_8);
    synchronized (this) {
      for (String line : text.split("\n")) {
        if (!line.isBlank()) {
          applyLine(line);
        }
      }
      version++;
    }
  }

  public long malformedLines() {
    return malformedLines.get();
  }

  /** What the status says of the live file: its malformed records and the spans in flight now. */
  public LiveStatus status() {
    return new LiveStatus(malformedLines(), snapshot().size());
  }

  /**
   * Changes when a record is read, and when time alone ends an attempt (its spans are then
   * abandoned).
   */
  public synchronized long version() {
    int abandoned = abandoned().size();
    if (abandoned != abandonedSeen) {
      abandonedSeen = abandoned;
      version++;
    }
    return version;
  }

  /** The spans in flight: started, not ended, and of an attempt whose processes are alive. */
  public synchronized List<LiveSpan> snapshot() {
    long now = nowNanos();
    return inFlight.values().stream()
        .filter(s -> !liveness.ended(s.runId(), s.attempt(), now))
        .toList();
  }

  /** Spans that started and never ended because their attempt's processes stopped (killed, say). */
  public synchronized List<LiveSpan> abandoned() {
    long now = nowNanos();
    return inFlight.values().stream()
        .filter(s -> liveness.ended(s.runId(), s.attempt(), now))
        .toList();
  }

  /** Attempt {@code attempt} of run {@code runId} started (the run folder has its record). */
  public synchronized void attemptStarted(String runId, int attempt) {
    liveness.started(runId, attempt);
  }

  /** Whether the processes of {@code attempt} of run {@code runId} count as stopped now. */
  public synchronized boolean attemptEnded(String runId, int attempt) {
    return liveness.ended(runId, attempt, nowNanos());
  }

  /** The newest live record of {@code attempt} of {@code runId}, or null when there is none. */
  public synchronized Long lastRecord(String runId, int attempt) {
    return liveness.lastRecord(runId, attempt);
  }

  static long nowNanos() {
    return System.currentTimeMillis() * 1_000_000L;
  }

  private void applyLine(String line) {
    Map<String, Object> record;
    try {
      Object parsed = Json.MAPPER.readValue(line, Object.class);
      if (!(parsed instanceof Map<?, ?> map)) {
        malformedLines.incrementAndGet();
        return;
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) map;
      record = m;
    } catch (IOException e) {
      malformedLines.incrementAndGet();
      return;
    }
    String event = text(record, LiveRecordFields.EVENT, "type");
    String runId = text(record, LiveRecordFields.RUN_ID, "run_id");
    int attempt = attemptOf(record.get(LiveRecordFields.ATTEMPT));
    if (LiveRecordFields.HEARTBEAT.equalsIgnoreCase(event)) {
      liveness.recorded(
          runId, attempt, (long) ViewerKeys.number(record.get(LiveRecordFields.TIME)));
      return;
    }
    String traceId = SpanIds.normalize(text(record, LiveRecordFields.TRACE_ID, "trace_id"), 16);
    String spanId = SpanIds.normalize(text(record, LiveRecordFields.SPAN_ID, "span_id"), 8);
    if (event == null || traceId == null || spanId == null) {
      malformedLines.incrementAndGet();
      return;
    }
    String key = traceId + spanId;
    Object time = first(record, LiveRecordFields.END_TIME, LiveRecordFields.START_TIME);
    liveness.recorded(runId, attempt, time == null ? 0 : (long) ViewerKeys.number(time));
    if (event.equalsIgnoreCase(LiveRecordFields.END)) {
      if (inFlight.remove(key) == null) {
        earlyEnds.add(key);
        if (earlyEnds.size() > MAX_EARLY_ENDS) {
          earlyEnds.remove(earlyEnds.iterator().next());
        }
      }
      return;
    }
    if (!event.equalsIgnoreCase(LiveRecordFields.START) || earlyEnds.remove(key)) {
      return;
    }
    Map<String, Object> attributes = new LinkedHashMap<>();
    Object rawAttributes = record.get(LiveRecordFields.ATTRIBUTES);
    if (rawAttributes instanceof Map<?, ?> map) {
      map.forEach((k, v) -> attributes.put(String.valueOf(k), v));
    }
    String name = text(record, LiveRecordFields.NAME);
    String stage = text(record, LiveRecordFields.STAGE);
    if (stage == null) {
      stage = firstAttribute(attributes, ViewerKeys.keysOf(ViewerKeys.Fact.STAGE));
    }
    inFlight.put(
        key,
        new LiveSpan(
            traceId,
            spanId,
            SpanIds.normalize(text(record, LiveRecordFields.PARENT_SPAN_ID, "parent_span_id"), 8),
            name == null ? "" : name,
            stage != null ? stage : (name == null ? "" : name),
            (long)
                ViewerKeys.number(
                    first(record, LiveRecordFields.START_TIME, "start_time_unix_nano")),
            firstAttribute(attributes, ViewerKeys.keysOf(ViewerKeys.Fact.SAMPLE)),
            firstNonNull(
                runId, firstAttribute(attributes, ViewerKeys.keysOf(ViewerKeys.Fact.RUN_ID))),
            firstNonNull(
                text(record, LiveRecordFields.SERVICE, "serviceName", "service_name"),
                firstAttribute(attributes, List.of(ViewerKeys.SERVICE_NAME))),
            record.get(LiveRecordFields.PID),
            attributes,
            attempt));
  }

  /** A positive attempt number from the record, 0 for none or anything else. */
  private static int attemptOf(Object value) {
    double v = value == null ? Double.NaN : ViewerKeys.number(value);
    return v >= 1 && v <= Integer.MAX_VALUE && v == Math.rint(v) ? (int) v : 0;
  }

  private static String firstNonNull(String a, String b) {
    return a != null ? a : b;
  }

  private static Object first(Map<String, Object> record, String... keys) {
    for (String k : keys) {
      Object v = record.get(k);
      if (v != null) {
        return v;
      }
    }
    return null;
  }

  private static String text(Map<String, Object> record, String... keys) {
    Object v = first(record, keys);
    return v == null ? null : ViewerKeys.stringOf(v);
  }

  private static String firstAttribute(Map<String, Object> attributes, List<String> keys) {
    for (String k : keys) {
      Object v = attributes.get(k);
      if (v != null) {
        return ViewerKeys.stringOf(v);
      }
    }
    return null;
  }
}
