package io.spanweave.runtime.internal.jsonl;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.spanweave.conventions.LiveRecordFields;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps {@code live.jsonl} bounded: once it would grow past its size, the records still needed are
 * carried into a new file that replaces it at once, and the rest (spans that started and ended,
 * older heartbeats) is dropped; the ended spans are all in the trace file. Still needed are the
 * start record of every span without an end record in the file (a span still running, or one whose
 * process died: the viewer shows it abandoned) and the newest heartbeat of each process, so that a
 * reader that starts after the rotation sees what a reader of the old file saw. The records of
 * every process on the host and of workers sent through the collector are carried alike: the file
 * itself says what is open, not the memory of the process that rotates it.
 *
 * <p>A reader following the file ({@code tail -F}, the viewer) sees the path name a new file, reads
 * the old one to its end and the new one from its start: a carried start record it has read before
 * names the same span again. When the carried records alone take more than half the size, the next
 * rotation waits until the file is twice their size, so a run with very many spans in flight does
 * not rotate on every record.
 */
public final class LiveFileRotation implements JsonLinesFile.Rotation {

  private static final JsonFactory JSON = new JsonFactory();

  private final long maxBytes;
  private volatile long limit;

  /**
   * @param maxBytes the size past which the file is rotated; more than 0
   */
  public LiveFileRotation(long maxBytes) {
    if (maxBytes <= 0) {
      throw new IllegalArgumentException(
          "a live file is rotated at a positive size, not " + maxBytes);
    }
    this.maxBytes = maxBytes;
    this.limit = maxBytes;
  }

  @Override
  public long maxBytes() {
    return limit;
  }

  @Override
  public Path nameForClosedPart() {
    return null; // the file is replaced, not kept as a part
  }

  @Override
  public void closed(Path part) {
    // nothing is kept
  }

  @Override
  public byte[] replacementStart(Path full) throws IOException {
    byte[] carried = carriedRecords(full);
    limit = Math.max(maxBytes, 2L * carried.length);
    return carried;
  }

  /**
   * The records of {@code file} a reader still needs: the start record of each span with no end
   * record after it, in file order, then the newest heartbeat of each process. Lines that are not
   * live records are dropped.
   */
  static byte[] carriedRecords(Path file) throws IOException {
    Map<String, String> openStarts = new LinkedHashMap<>();
    Map<String, String> heartbeats = new LinkedHashMap<>();
    try (InputStream in = Files.newInputStream(file);
        BufferedReader lines =
            new BufferedReader(
                new java.io.InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16)) {
      for (String line; (line = lines.readLine()) != null; ) {
        Record record = Record.of(line);
        if (record == null) {
          continue;
        }
        if (LiveRecordFields.HEARTBEAT.equalsIgnoreCase(record.event)) {
          heartbeats.remove(record.process);
          heartbeats.put(record.process, line);
        } else if (record.span != null && LiveRecordFields.START.equalsIgnoreCase(record.event)) {
          openStarts.put(record.span, line);
        } else if (record.span != null && LiveRecordFields.END.equalsIgnoreCase(record.event)) {
          openStarts.remove(record.span);
        }
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String line : openStarts.values()) {
      out.write(line.getBytes(StandardCharsets.UTF_8));
      out.write('\n');
    }
    for (String line : heartbeats.values()) {
      out.write(line.getBytes(StandardCharsets.UTF_8));
      out.write('\n');
    }
    return out.toByteArray();
  }

  /** The fields of a live record that say what it is about. */
  private static final class Record {
    String event;
    String span; // trace id and span id
    String process; // run, service, pid and attempt

    /** The record on {@code line}, or {@code null} when it is no JSON object with an event. */
    static Record of(String line) {
      Record record = new Record();
      String traceId = null;
      String spanId = null;
      StringBuilder process = new StringBuilder();
      try (JsonParser json = JSON.createParser(line)) {
        if (json.nextToken() != JsonToken.START_OBJECT) {
          return null;
        }
        for (JsonToken token = json.nextToken();
            token == JsonToken.FIELD_NAME;
            token = json.nextToken()) {
          String field = json.currentName();
          JsonToken value = json.nextToken();
          if (value.isStructStart()) {
            json.skipChildren();
            continue;
          }
          String text = json.getValueAsString();
          switch (field) {
            // The spellings the viewer accepts from other writers too (snake_case, "type").
            case LiveRecordFields.EVENT, "type" -> record.event = text;
            case LiveRecordFields.TRACE_ID, "trace_id" -> traceId = text;
            case LiveRecordFields.SPAN_ID, "span_id" -> spanId = text;
            case LiveRecordFields.RUN_ID,
                "run_id",
                LiveRecordFields.SERVICE,
                LiveRecordFields.PID,
                LiveRecordFields.ATTEMPT ->
                process.append(field).append('=').append(text).append('\n');
            default -> {
              // other fields do not say which span or process the record is about
            }
          }
        }
      } catch (IOException e) {
        return null; // not JSON: a line another writer broke; nothing to carry
      }
      if (record.event == null) {
        return null;
      }
      record.span = traceId == null || spanId == null ? null : traceId + '/' + spanId;
      record.process = process.toString();
      return record;
    }
  }
}
