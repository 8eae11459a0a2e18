package io.spanweave.runtime.internal.export;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.LiveRecordFields;
import io.spanweave.conventions.SpanAttributes;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Writes {@code live.jsonl}: one JSON line when a span starts and one when it ends, so that work in
 * flight (a sample stuck in a stage) is visible before its span reaches {@code traces.jsonl}.
 *
 * <pre>{@code
 * {"event":"start","runId":"20261129-...","service":"rollout","pid":4242,"traceId":"…","spanId":"…",
 *  "parentSpanId":"…","name":"RolloutWorker.generate","stage":"generate","kind":"model",
 *  "startTimeUnixNano":"1764401709409337000","attributes":{"sample.id":"s-17"}}
 * {"event":"end", …same fields…, "endTimeUnixNano":"1764401712000000000","status":"ok"}
 * }</pre>
 *
 * <p>Times are strings, as in OTLP/JSON, because nanoseconds since the epoch do not fit a
 * JavaScript number. {@code parentSpanId} is absent for a root span; {@code stage}, {@code kind}
 * and {@code status} when not known. {@code attributes} holds the configured {@code
 * liveAttributeKeys}: a start record carries the ones set when the record is written (the writer
 * runs a moment after the start, so attributes set right after it usually appear), an end record
 * all of them. The traced thread only queues the span; the worker encodes and writes.
 *
 * <p>A span that has already ended when the worker reaches its start record gets no records at all:
 * it was never in flight as far as a reader could tell, and its {@code traces.jsonl} record
 * follows. So an ended span has both records or none; a start without an end is a span still
 * running, or one whose process died.
 *
 * <p><b>Only the start is queued.</b> The traced thread offers the span once, at its start, with no
 * allocation; the end costs it nothing ({@link #isEndRequired()} is {@code false}). The worker
 * keeps the spans whose start record it wrote and, after every drain (at least every 200 ms, at
 * each flush and at close), writes the end record of each that has ended since. Most spans end long
 * before the worker comes by and never enter that set, so it holds the spans really in flight; it
 * is bounded ({@link #MAX_IN_FLIGHT}), and a start that would not fit is not written (counted as a
 * dropped live record), so that no start is ever left without its end.
 */
public final class LiveSpanProcessor implements SpanProcessor {

  private static final JsonFactory JSON = new JsonFactory();
  private static final AttributeKey<String> STAGE = AttributeKey.stringKey(SpanAttributes.STAGE);
  private static final AttributeKey<String> KIND = AttributeKey.stringKey(SpanAttributes.KIND);
  private static final AttributeKey<String> STATUS = AttributeKey.stringKey(SpanAttributes.STATUS);

  // Field names and fixed values, encoded once (SerializedString keeps its quoted UTF-8 form).
  private static final SerializableString EVENT = new SerializedString(LiveRecordFields.EVENT);
  private static final SerializableString START = new SerializedString(LiveRecordFields.START);
  private static final SerializableString END = new SerializedString(LiveRecordFields.END);
  private static final SerializableString RUN_ID = new SerializedString(LiveRecordFields.RUN_ID);
  private static final SerializableString SERVICE = new SerializedString(LiveRecordFields.SERVICE);
  private static final SerializableString PID = new SerializedString(LiveRecordFields.PID);
  private static final SerializableString TRACE_ID =
      new SerializedString(LiveRecordFields.TRACE_ID);
  private static final SerializableString SPAN_ID = new SerializedString(LiveRecordFields.SPAN_ID);
  private static final SerializableString PARENT_SPAN_ID =
      new SerializedString(LiveRecordFields.PARENT_SPAN_ID);
  private static final SerializableString NAME = new SerializedString(LiveRecordFields.NAME);
  private static final SerializableString STAGE_FIELD =
      new SerializedString(LiveRecordFields.STAGE);
  private static final SerializableString KIND_FIELD = new SerializedString(LiveRecordFields.KIND);
  private static final SerializableString START_TIME =
      new SerializedString(LiveRecordFields.START_TIME);
  private static final SerializableString END_TIME =
      new SerializedString(LiveRecordFields.END_TIME);
  private static final SerializableString STATUS_FIELD =
      new SerializedString(LiveRecordFields.STATUS);
  private static final SerializableString ATTRIBUTES =
      new SerializedString(LiveRecordFields.ATTRIBUTES);
  private static final SerializableString HEARTBEAT =
      new SerializedString(LiveRecordFields.HEARTBEAT);
  private static final SerializableString ATTEMPT = new SerializedString(LiveRecordFields.ATTEMPT);
  private static final SerializableString TIME = new SerializedString(LiveRecordFields.TIME);

  private final LiveRecordSink sink;
  private final long pid = ProcessHandle.current().pid();

  /** Replaced, never changed, when an advice adds keys: the writer reads it without a lock. */
  private volatile Set<String> attributeKeys;

  private final long timeoutNanos;
  private final SpanCounters counters;
  private final DrainingQueue<ReadableSpan> queue;
  private final JsonBuffer buffer = new JsonBuffer(16 * 1024);
  // The worker's encoding state: the same run id and service on every record, encoded once.
  private final SerializableString runIdValue;
  private final SerializableString serviceValue;

  /** The run's attempt this process is in; {@code null} when it is in none. */
  private final SerializableString attemptValue;

  private final long heartbeatNanos;

  /** When the worker last wrote a record, by {@link System#nanoTime()}; worker only. */
  private long lastWriteNanos = System.nanoTime();

  private final PlainJsonValues plain = new PlainJsonValues();
  private final RecurringStrings recurring = new RecurringStrings();

  /** Spans whose start record was written and whose end record was not yet; the worker's only. */
  private final Set<ReadableSpan> inFlight = Collections.newSetFromMap(new IdentityHashMap<>());

  /**
   * At most this many spans in {@link #inFlight}: the work a process really has in flight at once.
   */
  static final int MAX_IN_FLIGHT = 65_536;

  public LiveSpanProcessor(
      JsonLinesFile file,
      String runId,
      String serviceName,
      List<String> attributeKeys,
      SpanCounters counters,
      int queueSize,
      int batchSize,
      long delayNanos,
      long timeoutNanos) {
    this(
        LiveRecordSink.of(file),
        runId,
        serviceName,
        null,
        attributeKeys,
        counters,
        queueSize,
        batchSize,
        delayNanos,
        timeoutNanos);
  }

  /**
   * Writes the records to {@code sink}: the local file, or the driver's collector ({@link
   * LiveRecordSender}) for a worker whose records must reach the driver's file.
   *
   * @param attempt the attempt of the run this process is in, written on every record; {@code null}
   *     for none
   */
  public LiveSpanProcessor(
      LiveRecordSink sink,
      String runId,
      String serviceName,
      String attempt,
      List<String> attributeKeys,
      SpanCounters counters,
      int queueSize,
      int batchSize,
      long delayNanos,
      long timeoutNanos) {
    this(
        sink,
        runId,
        serviceName,
        attempt,
        attributeKeys,
        counters,
        queueSize,
        batchSize,
        delayNanos,
        timeoutNanos,
        TimeUnit.MILLISECONDS.toNanos(LiveRecordFields.HEARTBEAT_INTERVAL_MILLIS));
  }

  /**
   * As above, with a heartbeat after {@code heartbeatNanos} without a record (tests shorten it).
   */
  LiveSpanProcessor(
      LiveRecordSink sink,
      String runId,
      String serviceName,
      String attempt,
      List<String> attributeKeys,
      SpanCounters counters,
      int queueSize,
      int batchSize,
      long delayNanos,
      long timeoutNanos,
      long heartbeatNanos) {
    this.sink = sink;
    this.runIdValue = encodedOnce(runId);
    this.serviceValue = encodedOnce(serviceName);
    this.attemptValue = attempt == null ? null : encodedOnce(attempt);
    this.heartbeatNanos = heartbeatNanos;
    this.attributeKeys = Set.copyOf(attributeKeys);
    this.counters = counters;
    this.timeoutNanos = timeoutNanos;
    // Live records are about now: write them sooner than the batched trace lines.
    long liveDelay = Math.min(delayNanos, TimeUnit.MILLISECONDS.toNanos(200));
    this.queue =
        new DrainingQueue<>(
            "spanweave-live", queueSize, batchSize, liveDelay, this::writeStarts, this::afterDrain);
  }

  /**
   * {@code value} for writing pre-encoded. Jackson cannot pre-encode an unpaired surrogate, so one
   * becomes {@code ?}, as UTF-8 encoding does anyway; run ids and service names are ASCII in
   * practice.
   */
  private static SerializableString encodedOnce(String value) {
    return new SerializedString(
        new String(value.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
  }

  /**
   * Records written from now on (by the worker, so also those of spans already queued) carry {@code
   * keys} too.
   */
  public synchronized void addAttributeKeys(Collection<String> keys) {
    Set<String> more = new LinkedHashSet<>(attributeKeys);
    for (String key : keys) {
      if (key != null && !key.isBlank()) {
        more.add(key);
      }
    }
    attributeKeys = Set.copyOf(more);
  }

  @Override
  public void onStart(Context parentContext, ReadWriteSpan span) {
    if (!span.getSpanContext().isSampled() || queue.offer(span)) {
      return;
    }
    counters.liveDropped.incrementAndGet();
    if (!queue.isShutdown()) {
      TracingFaults.report(
          "live",
          "the live.jsonl queue is full, so start records are dropped; the spans themselves "
              + "still reach traces.jsonl. Raise the queue size (TraceConfig batch.queueSize) if live progress matters",
          null);
    }
  }

  @Override
  public boolean isStartRequired() {
    return true;
  }

  @Override
  public void onEnd(ReadableSpan span) {
    // Nothing: the worker finds the ends of the spans it wrote a start for (writeEnds).
  }

  @Override
  public boolean isEndRequired() {
    return false;
  }

  /**
   * The start records of {@code spans}, those still running; runs on the live worker only, so the
   * encoding state needs no lock.
   */
  private void writeStarts(List<ReadableSpan> spans) {
    buffer.reset();
    int written = 0;
    try (JsonGenerator json = JSON.createGenerator(buffer, JsonEncoding.UTF8)) {
      json.setRootValueSeparator(null);
      for (ReadableSpan span : spans) {
        if (span.hasEnded()) {
          continue; // over before the worker came: never in flight for a reader, no records
        }
        if (inFlight.size() >= MAX_IN_FLIGHT) {
          counters.liveDropped.incrementAndGet();
          TracingFaults.report(
              "live",
              MAX_IN_FLIGHT
                  + " spans are in flight at once, so live.jsonl gets no start "
                  + "records for more until some end; the spans themselves still reach traces.jsonl",
              null);
          continue;
        }
        encode(json, span, false);
        json.flush();
        buffer.write('\n');
        inFlight.add(span);
        written++;
      }
    } catch (IOException | RuntimeException e) {
      TracingFaults.report("live", "could not encode " + spans.size() + " live.jsonl records", e);
      counters.liveDropped.addAndGet(spans.size());
      return;
    }
    append(written);
  }

  /**
   * After every drain (at least every 200 ms): the ends of spans in flight, and a heartbeat when it
   * is due.
   */
  private void afterDrain() {
    writeEnds();
    if (System.nanoTime() - lastWriteNanos >= heartbeatNanos) {
      writeHeartbeat();
    }
  }

  /**
   * A record that says only that this process is alive, when it wrote nothing else for a heartbeat
   * interval: a reader then tells a quiet process (a long step, a long-running span) from one that
   * died with spans open. Live worker only.
   */
  private void writeHeartbeat() {
    buffer.reset();
    try (JsonGenerator json = JSON.createGenerator(buffer, JsonEncoding.UTF8)) {
      json.writeStartObject();
      json.writeFieldName(EVENT);
      json.writeString(HEARTBEAT);
      writeProcess(json);
      json.writeFieldName(TIME);
      plain.writeDecimalString(json, nowEpochNanos());
      json.writeEndObject();
      json.flush();
      buffer.write('\n');
    } catch (IOException | RuntimeException e) {
      TracingFaults.report("live", "could not encode a live.jsonl heartbeat", e);
      return;
    }
    append(1);
    lastWriteNanos = System.nanoTime(); // also after a failed write: the next try waits an interval
  }

  private static long nowEpochNanos() {
    java.time.Instant now = java.time.Instant.now();
    return TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano();
  }

  /** The fields that name the writing process: run, service, pid and, when known, attempt. */
  private void writeProcess(JsonGenerator json) throws IOException {
    json.writeFieldName(RUN_ID);
    json.writeString(runIdValue);
    json.writeFieldName(SERVICE);
    json.writeString(serviceValue);
    json.writeFieldName(PID);
    json.writeNumber(pid);
    if (attemptValue != null) {
      json.writeFieldName(ATTEMPT);
      json.writeString(attemptValue);
    }
  }

  /**
   * The end records of the spans in flight that have ended since the last drain; live worker only.
   */
  private void writeEnds() {
    if (inFlight.isEmpty()) {
      return;
    }
    buffer.reset();
    int written = 0;
    try (JsonGenerator json = JSON.createGenerator(buffer, JsonEncoding.UTF8)) {
      json.setRootValueSeparator(null);
      for (Iterator<ReadableSpan> spans = inFlight.iterator(); spans.hasNext(); ) {
        ReadableSpan span = spans.next();
        if (span.hasEnded()) {
          spans.remove();
          encode(json, span, true);
          json.flush();
          buffer.write('\n');
          written++;
        }
      }
    } catch (IOException | RuntimeException e) {
      TracingFaults.report("live", "could not encode live.jsonl end records", e);
      return;
    }
    append(written);
  }

  private void append(int records) {
    if (buffer.size() == 0) {
      return;
    }
    lastWriteNanos = System.nanoTime();
    try {
      sink.append(buffer.array(), buffer.size());
    } catch (IOException e) {
      counters.liveDropped.addAndGet(records);
      // Its own kind: a first send failure is logged even when a full queue was logged before.
      TracingFaults.report(
          sink instanceof LiveRecordSender ? "live-send" : "live",
          "could not write "
              + records
              + " live records to "
              + sink.describe()
              + (sink instanceof LiveRecordSender
                  ? "; later failures are only counted. The spans themselves still go to "
                      + "the collector's trace endpoint"
                  : ". Check that the directory is writable and the disk is not full"),
          e);
    }
  }

  private void encode(JsonGenerator json, ReadableSpan readable, boolean end) throws IOException {
    SpanData span = readable.toSpanData();
    json.writeStartObject();
    json.writeFieldName(EVENT);
    json.writeString(end ? END : START);
    writeProcess(json);
    SpanContext context = span.getSpanContext();
    json.writeFieldName(TRACE_ID);
    plain.writeHexId(json, context.getTraceId());
    json.writeFieldName(SPAN_ID);
    plain.writeHexId(json, context.getSpanId());
    SpanContext parent = span.getParentSpanContext();
    if (parent.isValid()) {
      json.writeFieldName(PARENT_SPAN_ID);
      plain.writeHexId(json, parent.getSpanId());
    }
    writeIfPresent(json, NAME, span.getName());
    Attributes attributes = span.getAttributes();
    writeIfPresent(json, STAGE_FIELD, attributes.get(STAGE));
    writeIfPresent(json, KIND_FIELD, attributes.get(KIND));
    json.writeFieldName(START_TIME);
    plain.writeDecimalString(json, span.getStartEpochNanos());
    if (end) {
      json.writeFieldName(END_TIME);
      plain.writeDecimalString(json, span.getEndEpochNanos());
      writeIfPresent(json, STATUS_FIELD, status(span));
    }
    json.writeFieldName(ATTRIBUTES);
    json.writeStartObject();
    Set<String> attributeKeys = this.attributeKeys;
    attributes.forEach(
        (key, value) -> {
          if (attributeKeys.contains(key.getKey())) {
            writeAttribute(json, key.getKey(), value);
          }
        });
    json.writeEndObject();
    json.writeEndObject();
  }

  private static String status(SpanData span) {
    String status = span.getAttributes().get(STATUS);
    if (status != null) {
      return status;
    }
    return span.getStatus().getStatusCode() == StatusCode.ERROR ? "error" : null;
  }

  /**
   * Names, stages, kinds and statuses repeat span after span: written from their cached encoding.
   */
  private void writeIfPresent(JsonGenerator json, SerializableString field, String value)
      throws IOException {
    if (value != null) {
      json.writeFieldName(field);
      if (!recurring.tryWrite(json, value)) {
        json.writeString(value);
      }
    }
  }

  private static void writeAttribute(JsonGenerator json, String key, Object value) {
    try {
      json.writeFieldName(key);
      writeValue(json, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void writeValue(JsonGenerator json, Object value) throws IOException {
    if (value instanceof String) {
      json.writeString((String) value);
    } else if (value instanceof Long) {
      json.writeNumber((Long) value);
    } else if (value instanceof Double) {
      json.writeNumber((Double) value);
    } else if (value instanceof Boolean) {
      json.writeBoolean((Boolean) value);
    } else if (value instanceof List<?>) {
      json.writeStartArray();
      for (Object element : (List<?>) value) {
        writeValue(json, element);
      }
      json.writeEndArray();
    } else {
      json.writeString(String.valueOf(value));
    }
  }

  @Override
  public CompletableResultCode forceFlush() {
    return queue.flush();
  }

  @Override
  public CompletableResultCode shutdown() {
    // The file (a local sink) is closed by its owner, SdkBackend, after every processor has
    // stopped.
    boolean drained = queue.shutdown(timeoutNanos);
    return drained ? CompletableResultCode.ofSuccess() : CompletableResultCode.ofFailure();
  }
}
