package io.spanweave.runtime.internal.collector;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.LiveRecordFields;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code POST /v1/spanweave/live}: the {@code live.jsonl} records of workers, on this host or
 * others, appended to the driver's {@code live.jsonl} as they are, so the viewer, which reads that
 * one file, shows every host's work in flight. The body is the records as a worker would have
 * written them to its own file: JSON lines ({@code application/x-ndjson}), each one object with an
 * {@code event}, {@code traceId} and {@code spanId}.
 *
 * <p>Same rules as the trace endpoint: the run's bearer token is checked from the headers before
 * any of the body is read, the body is bounded, and a refusal is a 4xx with a message that writes
 * nothing. The whole body is checked before any of it is written, so the file never gets half a
 * request or a line that is not a record.
 */
final class LiveRecordHandler {

  static final String PATH = "/v1/spanweave/live";
  static final String MEDIA_TYPE = "application/x-ndjson";
  private static final JsonFactory JSON = new JsonFactory();

  private final BearerToken token;
  private final JsonLinesFile file;
  private final long maxRequestBytes;
  private final AtomicLong receivedRecords = new AtomicLong();

  LiveRecordHandler(BearerToken token, JsonLinesFile file, long maxRequestBytes) {
    this.token = token;
    this.file = file;
    this.maxRequestBytes = maxRequestBytes;
  }

  long receivedRecords() {
    return receivedRecords.get();
  }

  /** Serves one request whose path is {@link #PATH}. */
  CollectorReply serve(ReceivedRequest request)
      throws IOException, RequestRejection, MalformedRequestException {
    if (!request.method().equals("POST")) {
      throw new RequestRejection(
          405, "Send live records with POST " + PATH + ", not " + request.method() + ".");
    }
    if (!token.admits(request.header("Authorization"))) {
      throw new RequestRejection(
          401,
          "Missing or wrong bearer token. This collector only accepts live records of its "
              + "own run: start the process with the driver's TraceRuntime.childEnvironment(). Nothing was written.");
    }
    String contentType = mediaType(request.header("Content-Type"));
    if (!contentType.equals(MEDIA_TYPE) && !contentType.equals("application/json")) {
      throw new RequestRejection(
          415,
          "Content-Type '"
              + contentType
              + "' is not JSON lines; send "
              + MEDIA_TYPE
              + ". Nothing was written.");
    }
    String encoding = request.header("Content-Encoding");
    if (encoding != null && !encoding.isBlank() && !encoding.trim().equalsIgnoreCase("identity")) {
      throw new RequestRejection(
          415,
          "Content-Encoding '"
              + encoding
              + "' is not supported for live records; send "
              + "them uncompressed. Nothing was written.");
    }
    if (request.contentLength() > maxRequestBytes) {
      throw tooLarge("a Content-Length of " + request.contentLength() + " bytes");
    }
    byte[] body = readAtMost(request.body());
    int records = check(body);
    if (records > 0) {
      try {
        file.append(body, body.length);
      } catch (IOException e) {
        TracingFaults.report(
            "collector",
            "the local collector could not write received live records to "
                + file.path()
                + ". Check that the directory is writable and the disk is not full",
            e);
        throw new RequestRejection(
            503,
            "The collector could not write to its live file ("
                + e.getMessage()
                + "); retry later.");
      }
      receivedRecords.addAndGet(records);
    }
    return CollectorReply.of(200, "application/json", "{}".getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Checks that every non-blank line is one JSON object with the fields a reader keys records by;
   * returns how many lines there are.
   */
  private static int check(byte[] body) throws MalformedRequestException {
    int records = 0;
    int start = 0;
    for (int i = 0; i <= body.length; i++) {
      if (i == body.length || body[i] == '\n') {
        if (!blank(body, start, i)) {
          checkRecord(body, start, i - start, records + 1);
          records++;
        }
        start = i + 1;
      }
    }
    return records;
  }

  private static boolean blank(byte[] body, int from, int to) {
    for (int i = from; i < to; i++) {
      if (body[i] != ' ' && body[i] != '\t' && body[i] != '\r') {
        return false;
      }
    }
    return true;
  }

  private static void checkRecord(byte[] body, int offset, int length, int line)
      throws MalformedRequestException {
    boolean event = false;
    boolean traceId = false;
    boolean spanId = false;
    try (JsonParser parser = JSON.createParser(body, offset, length)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw new MalformedRequestException("line " + line + " is not a JSON object");
      }
      for (JsonToken token = parser.nextToken();
          token != JsonToken.END_OBJECT;
          token = parser.nextToken()) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if (value == JsonToken.VALUE_STRING) {
          event |= LiveRecordFields.EVENT.equals(field);
          traceId |= LiveRecordFields.TRACE_ID.equals(field);
          spanId |= LiveRecordFields.SPAN_ID.equals(field);
        }
        parser.skipChildren();
      }
      if (parser.nextToken() != null) {
        throw new MalformedRequestException("line " + line + " holds more than one JSON value");
      }
    } catch (JsonParseException e) {
      throw new MalformedRequestException(
          "line " + line + " is not valid JSON (" + e.getOriginalMessage() + ")");
    } catch (IOException e) {
      throw new MalformedRequestException(
          "line " + line + " could not be read (" + e.getMessage() + ")");
    }
    if (!event || !traceId || !spanId) {
      throw new MalformedRequestException(
          "line "
              + line
              + " is not a live record: it needs string fields "
              + LiveRecordFields.EVENT
              + ", "
              + LiveRecordFields.TRACE_ID
              + " and "
              + LiveRecordFields.SPAN_ID);
    }
  }

  private byte[] readAtMost(InputStream in) throws IOException, RequestRejection {
    ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
    byte[] chunk = new byte[8192];
    for (int n; (n = in.read(chunk)) != -1; ) {
      out.write(chunk, 0, n);
      if (out.size() > maxRequestBytes) {
        throw tooLarge("a body of more than " + maxRequestBytes + " bytes");
      }
    }
    return out.toByteArray();
  }

  private RequestRejection tooLarge(String size) {
    return new RequestRejection(
        413,
        "Request too large: "
            + size
            + ", the limit is "
            + maxRequestBytes
            + " bytes. "
            + "Send fewer records at once or raise the limit (SPANWEAVE_COLLECTOR_MAX_REQUEST_BYTES). Nothing was written.");
  }

  private static String mediaType(String header) {
    if (header == null) {
      return "";
    }
    int parameters = header.indexOf(';');
    return (parameters < 0 ? header : header.substring(0, parameters))
        .trim()
        .toLowerCase(Locale.ROOT);
  }
}
