package io.spanweave.viewer.ingest;

import io.spanweave.conventions.LiveRecordFields;

import io.spanweave.conventions.ViewerKeys;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.viewer.index.SpanIds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The spans in flight, from the start/end records of {@code live.jsonl}. Records are
 * {@code {"event":"start"|"end","traceId","spanId","parentSpanId","name","stage",
 * "startTimeUnixNano","attributes":{...},"pid":...}}; unknown fields are ignored and snake_case
 * keys accepted.
 */
public final class LiveSpans implements LineChunkSink {
  /** Ends seen before their start (possible across a rotation); remembered so the start is ignored. */
  private static final int MAX_EARLY_ENDS = 100_000;
  /**
   * Made when the first live line is read, not when the viewer starts: creating a mapper loads
   * much of Jackson (about 0.15 s cold), which delayed the viewer's start by that much.
   */
  private static final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();
  }

  private final Map<String, LiveSpan> inFlight = new LinkedHashMap<>();
  private final LinkedHashSet<String> earlyEnds = new LinkedHashSet<>();
  private final AtomicLong malformedLines = new AtomicLong();
  private volatile long version;

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

  public long version() {
    return version;
  }

  public synchronized List<LiveSpan> snapshot() {
    return new ArrayList<>(inFlight.values());
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
    String traceId = SpanIds.normalize(text(record, LiveRecordFields.TRACE_ID, "trace_id"), 16);
    String spanId = SpanIds.normalize(text(record, LiveRecordFields.SPAN_ID, "span_id"), 8);
    if (event == null || traceId == null || spanId == null) {
      malformedLines.incrementAndGet();
      return;
    }
    String key = traceId + spanId;
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
    inFlight.put(key, new LiveSpan(
        traceId,
        spanId,
        SpanIds.normalize(text(record, LiveRecordFields.PARENT_SPAN_ID, "parent_span_id"), 8),
        name == null ? "" : name,
        stage != null ? stage : (name == null ? "" : name),
        (long) ViewerKeys.number(first(record, LiveRecordFields.START_TIME, "start_time_unix_nano")),
        firstAttribute(attributes, ViewerKeys.keysOf(ViewerKeys.Fact.SAMPLE)),
        firstNonNull(text(record, LiveRecordFields.RUN_ID, "run_id"), firstAttribute(attributes, ViewerKeys.keysOf(ViewerKeys.Fact.RUN_ID))),
        firstNonNull(text(record, LiveRecordFields.SERVICE, "serviceName", "service_name"),
            firstAttribute(attributes, List.of(ViewerKeys.SERVICE_NAME))),
        record.get(LiveRecordFields.PID),
        attributes));
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
