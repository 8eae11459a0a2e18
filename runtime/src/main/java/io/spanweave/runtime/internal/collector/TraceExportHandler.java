package io.spanweave.runtime.internal.collector;

import io.spanweave.api.TracingFaults;
import io.spanweave.runtime.internal.export.JsonBuffer;
import io.spanweave.runtime.internal.guard.GuardingTraceWriter;
import io.spanweave.runtime.internal.guard.GuardrailReport;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.ReceivedTraces;
import io.spanweave.runtime.spi.TraceRequestDecoder;
import io.spanweave.runtime.spi.TraceRequestWriter;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * {@code POST /v1/traces}, the OTLP/HTTP trace endpoint (and, when the collector has a live file,
 * {@code POST /v1/spanweave/live}, served by {@link LiveRecordHandler}): checks the bearer token
 * before reading anything, reads a bounded body (gzip-compressed or not), decodes it into a {@link
 * TraceLineWriter} (OTLP/JSON with {@link JsonTraceRequestReader}, protobuf with the {@link
 * TraceReceivers} decoder) and appends it to {@code traces.jsonl} as one line. Every refusal is a
 * 4xx with a plain-text message that says what to do, and writes nothing. Without a decoder
 * (spanweave-otlp missing from the driver) a protobuf export is refused with 415 naming the
 * artifact, from its headers, and the driver's log says so once; OTLP/JSON, which the runtime's own
 * children send, is always received.
 */
final class TraceExportHandler implements CollectorHttpServer.Handler, ReceivedTraces {

  static final String PATH = "/v1/traces";
  private static final String PROTOBUF = "application/x-protobuf";
  private static final String JSON = "application/json";

  /**
   * The empty {@code ExportTraceServiceResponse}, meaning every span was accepted, in either
   * encoding.
   */
  private static final byte[] EMPTY_PROTOBUF_RESPONSE = new byte[0];

  private static final byte[] EMPTY_JSON_RESPONSE = "{}".getBytes(StandardCharsets.UTF_8);

  /**
   * Compressed bytes handed to the inflater at a time: a whole request of 512 spans in one or two
   * calls.
   */
  private static final int GZIP_INPUT = 16 * 1024;

  private final BearerToken token;
  private final JsonLinesFile file;
  private final long maxRequestBytes;
  private final AtomicLong receivedSpans = new AtomicLong();
  private final AtomicLong rejectedRequests = new AtomicLong();
  private final AtomicBoolean reportedMissingDecoding = new AtomicBoolean();
  private final AtomicBoolean reportedOtherRun = new AtomicBoolean();
  private final AtomicLong stampedResources = new AtomicLong();
  private final AtomicLong otherRunResources = new AtomicLong();
  private final String runId;

  /** One writer per connection thread, reused request after request. */
  private final ThreadLocal<TraceLineWriter> writers;

  /**
   * In front of each thread's writer: the run-time guardrails, or {@code null} when the run turned
   * them off.
   */
  private final ThreadLocal<GuardingTraceWriter> guards;

  private final GuardrailReport guardrails;

  /** Per connection thread, reused likewise: the body as received, and inflated. */
  private final ThreadLocal<BodyBuffer[]> bodies =
      ThreadLocal.withInitial(() -> new BodyBuffer[] {new BodyBuffer(), new BodyBuffer()});

  /**
   * Workers' live records, into the driver's live file; {@code null} when the collector has none.
   */
  private final LiveRecordHandler live;

  private final Object idle = new Object();
  private int inFlight; // guarded by idle
  private boolean stopping; // guarded by idle

  /**
   * @param runId the run whose id received resources without one get
   * @param liveFile where workers' live records go, or {@code null} to refuse them with 404
   */
  TraceExportHandler(
      String runId,
      BearerToken token,
      JsonLinesFile file,
      JsonLinesFile liveFile,
      long maxRequestBytes,
      GuardrailReport guardrails) {
    this.runId = runId;
    this.writers = ThreadLocal.withInitial(() -> new TraceLineWriter(runId));
    this.guardrails = guardrails;
    this.guards =
        guardrails.enabled()
            ? ThreadLocal.withInitial(() -> new GuardingTraceWriter(writers.get(), guardrails))
            : null;
    this.token = token;
    this.file = file;
    this.maxRequestBytes = maxRequestBytes;
    this.live = liveFile == null ? null : new LiveRecordHandler(token, liveFile, maxRequestBytes);
  }

  /** Live records received from workers and written so far. */
  long receivedLiveRecords() {
    return live == null ? 0 : live.receivedRecords();
  }

  long receivedSpans() {
    return receivedSpans.get();
  }

  long rejectedRequests() {
    return rejectedRequests.get();
  }

  long stampedResources() {
    return stampedResources.get();
  }

  long otherRunResources() {
    return otherRunResources.get();
  }

  /**
   * Refuses new requests and waits at most {@code timeoutMillis} for those in progress to be
   * written. The JDK 17 server's own {@code stop(delay)} always waits the whole delay, even when
   * idle, which would add a second to every close.
   */
  void stopAndAwaitIdle(long timeoutMillis) {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    synchronized (idle) {
      stopping = true;
      try {
        for (long left = timeoutMillis;
            inFlight > 0 && left > 0;
            left = deadline - System.currentTimeMillis()) {
          idle.wait(left);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public boolean admits(String authorization) {
    return token.admits(authorization);
  }

  @Override
  public long maxRequestBytes() {
    return maxRequestBytes;
  }

  @Override
  public void refused() {
    rejectedRequests.incrementAndGet();
  }

  /**
   * A request a receiver of a module's (OTLP/gRPC) received: decoded by that receiver into this
   * thread's writer, then written as an OTLP/HTTP body is.
   */
  @Override
  public Request open() throws IOException {
    if (!enter()) {
      throw new IOException("the collector is shutting down with its run; nothing was written");
    }
    TraceLineWriter writer = writers.get();
    writer.reset();
    TraceRequestWriter decodeInto = guarded(writer);
    return new Request() {
      private boolean open = true;

      @Override
      public TraceRequestWriter writer() {
        return decodeInto;
      }

      @Override
      public void commit() throws IOException {
        try {
          write(writer);
        } catch (RequestRejection e) {
          throw new IOException(e.getMessage());
        }
      }

      @Override
      public void close() {
        if (open) {
          open = false;
          leave();
        }
      }
    };
  }

  private boolean enter() {
    synchronized (idle) {
      if (!stopping) {
        inFlight++;
      }
      return !stopping;
    }
  }

  private void leave() {
    synchronized (idle) {
      inFlight--;
      idle.notifyAll();
    }
  }

  @Override
  public CollectorReply handle(ReceivedRequest request) throws IOException {
    if (!enter()) {
      // 503 is retryable: a sender that outlives this run retries and then counts the batch as
      // lost.
      return CollectorReply.text(
          503, "The collector is shutting down with its run; nothing was written.");
    }
    try {
      return serve(request);
    } finally {
      leave();
    }
  }

  private CollectorReply serve(ReceivedRequest request) throws IOException {
    if (live != null && request.path().equals(LiveRecordHandler.PATH)) {
      return serveLive(request);
    }
    try {
      String contentType = checkRequest(request);
      boolean protobuf = contentType.equals(PROTOBUF);
      TraceRequestDecoder decoder = TraceReceivers.decoder();
      if (protobuf && decoder == null) {
        throw missingDecoding();
      }
      BodyBuffer body = readBody(request);
      TraceLineWriter writer = writers.get();
      writer.reset();
      if (protobuf) {
        decoder.decode(body.array(), 0, body.size(), guarded(writer));
      } else {
        JsonTraceRequestReader.read(body.array(), 0, body.size(), guarded(writer));
      }
      write(writer);
      return CollectorReply.of(
          200, contentType, protobuf ? EMPTY_PROTOBUF_RESPONSE : EMPTY_JSON_RESPONSE);
    } catch (RequestRejection rejection) {
      // The body, unread, is left to the server: it answers first, then drops what is still coming.
      return refused(rejection);
    } catch (MalformedRequestException | InvalidTraceRequestException malformed) {
      rejectedRequests.incrementAndGet();
      return CollectorReply.text(
          400,
          "Malformed OTLP trace request: " + malformed.getMessage() + ". Nothing was written.");
    }
  }

  private CollectorReply serveLive(ReceivedRequest request) throws IOException {
    try {
      return live.serve(request);
    } catch (RequestRejection rejection) {
      return refused(rejection);
    } catch (MalformedRequestException malformed) {
      rejectedRequests.incrementAndGet();
      return CollectorReply.text(
          400, "Malformed live records: " + malformed.getMessage() + ". Nothing was written.");
    }
  }

  /**
   * The answer to a request refused before its body was read, with the header its status calls for.
   */
  private CollectorReply refused(RequestRejection rejection) {
    rejectedRequests.incrementAndGet();
    CollectorReply reply = CollectorReply.text(rejection.status(), rejection.getMessage());
    if (rejection.status() == 401) {
      reply = reply.withHeader("WWW-Authenticate", "Bearer realm=\"spanweave\"");
    } else if (rejection.status() == 405) {
      reply = reply.withHeader("Allow", "POST");
    }
    return reply;
  }

  /** Everything that can be refused before the body is read; returns the media type. */
  private String checkRequest(ReceivedRequest request) throws RequestRejection {
    if (mediaType(request.header("Content-Type")).startsWith("application/grpc")) {
      // Over TLS a client that offered HTTP/1.1 besides h2 (OkHttp's gRPC sender does) is given
      // HTTP/1.1.
      throw new RequestRejection(
          415,
          "OTLP/gRPC needs HTTP/2, and this connection is HTTP/1.1: over TLS the collector "
              + "gives HTTP/2 to clients that offer only h2 in ALPN, as gRPC clients do, and this one offered http/1.1 too. "
              + "Send OTLP/HTTP protobuf (OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf), or gRPC with a sender that offers "
              + "only h2. Nothing was written.");
    }
    if (!request.path().equals(PATH)) {
      throw new RequestRejection(
          404, "This is a spanweave collector; it receives OTLP traces at POST " + PATH + " only.");
    }
    if (!request.method().equals("POST")) {
      throw new RequestRejection(
          405, "Send traces with POST " + PATH + ", not " + request.method() + ".");
    }
    if (!token.admits(request.header("Authorization"))) {
      throw new RequestRejection(
          401,
          "Missing or wrong bearer token. This collector only accepts spans of its own run: "
              + "start the process with the driver's TraceRuntime.childEnvironment(), whose OTEL_EXPORTER_OTLP_HEADERS "
              + "carries 'Authorization=Bearer <token>'. Nothing was written.");
    }
    String contentType = mediaType(request.header("Content-Type"));
    if (!contentType.equals(PROTOBUF) && !contentType.equals(JSON)) {
      throw new RequestRejection(
          415,
          "Content-Type '"
              + contentType
              + "' is not OTLP; send "
              + PROTOBUF
              + " or "
              + JSON
              + ". Nothing was written.");
    }
    if (request.contentLength() > maxRequestBytes) {
      // Refused from the header alone: not a byte of the body is read.
      throw tooLarge("a Content-Length of " + request.contentLength() + " bytes");
    }
    return contentType;
  }

  /** The body, inflated when it is gzip, in this thread's buffers: valid until its next request. */
  private BodyBuffer readBody(ReceivedRequest request)
      throws RequestRejection, MalformedRequestException, IOException {
    BodyBuffer[] buffers = bodies.get();
    // A chunked body declares no length: it is refused as soon as it grows past the limit.
    BodyBuffer raw =
        buffers[0].readAll(request.body(), maxRequestBytes, "the body", this::tooLarge);
    String encoding = request.header("Content-Encoding");
    if (encoding == null || encoding.isBlank() || encoding.trim().equalsIgnoreCase("identity")) {
      return raw;
    }
    if (!encoding.trim().equalsIgnoreCase("gzip")) {
      throw new RequestRejection(
          415,
          "Content-Encoding '"
              + encoding
              + "' is not supported; send gzip or no encoding. "
              + "Nothing was written.");
    }
    try (InputStream unzipped =
        new GZIPInputStream(new ByteArrayInputStream(raw.array(), 0, raw.size()), GZIP_INPUT)) {
      // Bounded after decompression too: a small gzip body can expand into gigabytes.
      return buffers[1].readAll(unzipped, maxRequestBytes, "the decompressed body", this::tooLarge);
    } catch (ZipException | EOFException e) {
      throw new MalformedRequestException(
          "Content-Encoding is gzip but the body is not valid gzip (" + e.getMessage() + ")");
    }
  }

  private RequestRejection tooLarge(String size) {
    return new RequestRejection(
        413,
        "Request too large: "
            + size
            + ", the limit is "
            + maxRequestBytes
            + " bytes. "
            + "Export smaller batches (OTEL_BSP_MAX_EXPORT_BATCH_SIZE) or raise the limit "
            + "(SPANWEAVE_COLLECTOR_MAX_REQUEST_BYTES, TraceConfig.collectorMaxRequestBytes). Nothing was written.");
  }

  /**
   * Refused from the headers, like a wrong media type: without the decoding no body can be read.
   */
  private RequestRejection missingDecoding() {
    String detail =
        TraceReceivers.missing(
            "decoding OTLP/protobuf in the local collector, which received spans from "
                + "another process,");
    if (reportedMissingDecoding.compareAndSet(false, true)) {
      TracingFaults.report(
          "collector-decoding",
          detail
              + "; until then it refuses OTLP/protobuf with HTTP 415 and "
              + "receives OTLP/JSON only",
          null);
    }
    return new RequestRejection(
        415,
        "This spanweave collector cannot decode OTLP/protobuf: "
            + detail
            + " on the driver, or send OTLP/JSON (application/json). Nothing was written.");
  }

  /**
   * What the decoder writes into: the guard in front of {@code writer}, or {@code writer} when the
   * guardrails are off.
   */
  private TraceRequestWriter guarded(TraceLineWriter writer) {
    if (guards == null) {
      return writer;
    }
    GuardingTraceWriter guard = guards.get();
    guard.reset();
    return guard;
  }

  private void write(TraceLineWriter writer) throws RequestRejection {
    guardrails.batchDone();
    long spans = writer.spans();
    if (spans == 0) {
      return; // an empty export is valid and adds nothing to the file
    }
    JsonBuffer line = writer.finish();
    try {
      file.append(line.array(), line.size());
    } catch (IOException e) {
      TracingFaults.report(
          "collector",
          "the local collector could not write received spans to "
              + file.path()
              + "; senders will retry. Check that the directory is writable and the disk is not full",
          e);
      // 503 is retryable in OTLP: the sender keeps the batch and tries again.
      throw new RequestRejection(
          503,
          "The collector could not write to its trace file (" + e.getMessage() + "); retry later.");
    }
    receivedSpans.addAndGet(spans);
    stampedResources.addAndGet(writer.stampedResources());
    if (writer.otherRunResources() > 0) {
      otherRunResources.addAndGet(writer.otherRunResources());
      if (reportedOtherRun.compareAndSet(false, true)) {
        TracingFaults.report(
            "collector-other-run",
            "the local collector of run "
                + runId
                + " received spans whose "
                + "resource names run "
                + writer.otherRunId()
                + " (spanweave.run.id); they are written as they are and "
                + "counted. A worker started with another run's environment, or one that sets spanweave.run.id itself, "
                + "sends them",
            null);
      }
    }
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
