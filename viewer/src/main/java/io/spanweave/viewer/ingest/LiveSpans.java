package io.spanweave.viewer.ingest;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.viewer.index.SpanConventions;
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
  private static final ObjectMapper JSON = new ObjectMapper();

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
      Object parsed = JSON.readValue(line, Object.class);
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
    String event = text(record, "event", "type");
    String traceId = SpanIds.normalize(text(record, "traceId", "trace_id"), 16);
    String spanId = SpanIds.normalize(text(record, "spanId", "span_id"), 8);
    if (event == null || traceId == null || spanId == null) {
      malformedLines.incrementAndGet();
      return;
    }
    String key = traceId + spanId;
    if (event.equalsIgnoreCase("end")) {
      if (inFlight.remove(key) == null) {
        earlyEnds.add(key);
        if (earlyEnds.size() > MAX_EARLY_ENDS) {
          earlyEnds.remove(earlyEnds.iterator().next());
        }
      }
      return;
    }
    if (!event.equalsIgnoreCase("start") || earlyEnds.remove(key)) {
      return;
    }
    Map<String, Object> attributes = new LinkedHashMap<>();
    Object rawAttributes = record.get("attributes");
    if (rawAttributes instanceof Map<?, ?> map) {
      map.forEach((k, v) -> attributes.put(String.valueOf(k), v));
    }
    String name = text(record, "name");
    String stage = text(record, "stage");
    if (stage == null) {
      stage = firstAttribute(attributes, SpanConventions.keysOf(SpanConventions.Fact.STAGE));
    }
    inFlight.put(key, new LiveSpan(
        traceId,
        spanId,
        SpanIds.normalize(text(record, "parentSpanId", "parent_span_id"), 8),
        name == null ? "" : name,
        stage != null ? stage : (name == null ? "" : name),
        (long) SpanConventions.number(first(record, "startTimeUnixNano", "start_time_unix_nano")),
        firstAttribute(attributes, SpanConventions.keysOf(SpanConventions.Fact.SAMPLE)),
        firstNonNull(text(record, "runId", "run_id"), firstAttribute(attributes, SpanConventions.keysOf(SpanConventions.Fact.RUN_ID))),
        firstNonNull(text(record, "service", "serviceName", "service_name"),
            firstAttribute(attributes, List.of(SpanConventions.SERVICE_NAME))),
        record.get("pid"),
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
    return v == null ? null : SpanConventions.stringOf(v);
  }

  private static String firstAttribute(Map<String, Object> attributes, List<String> keys) {
    for (String k : keys) {
      Object v = attributes.get(k);
      if (v != null) {
        return SpanConventions.stringOf(v);
      }
    }
    return null;
  }
}
