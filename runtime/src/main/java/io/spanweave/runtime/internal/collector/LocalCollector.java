package io.spanweave.runtime.internal.collector;

import io.spanweave.runtime.internal.guard.GuardrailReport;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import io.spanweave.runtime.spi.GrpcReceiverProvider;
import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;

/**
 * The driver's OTLP receiver: child processes, on this host or others, export their spans to it
 * over OTLP/HTTP ({@code POST /v1/traces}, JSON or protobuf, gzip or not), and it appends each
 * request to the run's {@code traces.jsonl} as one line in the format of the OpenTelemetry
 * Collector's file exporter.
 *
 * <p><b>Where it listens.</b> On loopback by default, advertised to children as loopback: only
 * processes on this host can reach it. With a bind address set ({@link BindAddress}) it listens on
 * that interface, or on all of them, for workers on other hosts; it then advertises that address,
 * or for all interfaces one routable address ({@link AdvertisedAddress}), unless an advertised host
 * is configured. Whatever it listens on, every request must carry the per-run bearer token, checked
 * from the headers before any of the body is read.
 *
 * <p><b>TLS.</b> Started with a certificate and key it speaks TLS, and with a client CA mTLS, on
 * the same port, for HTTP/1.1 and gRPC alike ({@link CollectorTls}); its endpoint is then {@code
 * https://}.
 *
 * <p><b>Hostile clients.</b> Every connection has a read timeout, a deadline per request and an
 * idle timeout, and gets its own thread ({@link CollectorHttpServer}), so stalled or slow clients
 * never hold up the others; a body whose {@code Content-Length} is over the limit is refused at
 * once; ids OpenTelemetry calls invalid are refused ({@link TraceLineWriter}).
 *
 * <p><b>What it decodes.</b> OTLP/JSON itself ({@link JsonTraceRequestReader}), which is what the
 * runtime's own children send; OTLP/HTTP protobuf through a {@link
 * io.spanweave.runtime.spi.TraceRequestDecoder} and OTLP/gRPC on the same port through a {@link
 * GrpcReceiverProvider}, which spanweave-otlp brings ({@link TraceReceivers}). Every encoding is
 * written by one {@link TraceLineWriter}, which gives resources without a run id this run's ({@code
 * spanweave.run.id}) and counts those that name another. This package never imports the
 * OpenTelemetry SDK or protobuf.
 */
public final class LocalCollector implements AutoCloseable {

  /** The path of the OTLP/HTTP trace endpoint, below {@link #endpoint()}. */
  public static final String TRACES_PATH = TraceExportHandler.PATH;

  /** The path of the live-record endpoint, below {@link #endpoint()}. */
  public static final String LIVE_PATH = LiveRecordHandler.PATH;

  private final CollectorHttpServer server;
  private final InetAddress bindAddress;
  private final TraceExportHandler handler;
  private final BearerToken token;
  private final String endpoint;
  private final JsonLinesFile file;

  /** The driver's live file, or {@code null}. */
  private final JsonLinesFile liveFile;

  private final long maxRequestBytes;

  /**
   * Kept: the server forgets its address once stopped, and {@link #restart()} needs the port then.
   */
  private final int port;

  private final String runId;

  /** TLS on its connections, or {@code null}: plain HTTP. */
  private final CollectorTls tls;

  /** The provider's OTLP/gRPC receiver, or {@code null}. */
  private final GrpcReceiverProvider.GrpcReceiver grpc;

  /** What the guardrails took out of received spans. */
  private final GuardrailReport guardrails;

  private LocalCollector(
      String runId,
      CollectorHttpServer server,
      InetAddress bindAddress,
      TraceExportHandler handler,
      BearerToken token,
      String endpoint,
      JsonLinesFile file,
      JsonLinesFile liveFile,
      long maxRequestBytes,
      GrpcReceiverProvider.GrpcReceiver grpc,
      CollectorTls tls,
      GuardrailReport guardrails) {
    this.runId = runId;
    this.tls = tls;
    this.guardrails = guardrails;
    this.grpc = grpc;
    this.port = server.address().getPort();
    this.server = server;
    this.bindAddress = bindAddress;
    this.handler = handler;
    this.token = token;
    this.endpoint = endpoint;
    this.file = file;
    this.liveFile = liveFile;
    this.maxRequestBytes = maxRequestBytes;
  }

  /**
   * Starts a collector that appends to {@code file}, which it shares with the driver's own exporter
   * and does not close.
   *
   * @param runId the run id that received resources without one are given
   * @param bindAddress where to listen: loopback, one interface, or the wildcard address for all
   *     ({@link BindAddress#resolve})
   * @param port the TCP port, 0 for any free port
   * @param advertisedHost the host to advertise, or {@code null} for the bind address (a routable
   *     address when bound to all interfaces)
   * @param maxRequestBytes the largest body accepted, compressed and decompressed; larger gets 413
   * @throws IOException when the port cannot be bound, e.g. it is taken
   */
  public static LocalCollector start(
      String runId,
      JsonLinesFile file,
      InetAddress bindAddress,
      int port,
      String advertisedHost,
      long maxRequestBytes)
      throws IOException {
    return start(runId, file, null, bindAddress, port, advertisedHost, maxRequestBytes);
  }

  /**
   * As {@link #start(String, JsonLinesFile, InetAddress, int, String, long)}, and workers' live
   * records ({@code POST /v1/spanweave/live}) are appended to {@code liveFile}, the driver's {@code
   * live.jsonl}, which it does not close either.
   *
   * @param liveFile the driver's live file, or {@code null} to refuse live records
   */
  public static LocalCollector start(
      String runId,
      JsonLinesFile file,
      JsonLinesFile liveFile,
      InetAddress bindAddress,
      int port,
      String advertisedHost,
      long maxRequestBytes)
      throws IOException {
    return start(
        runId,
        file,
        liveFile,
        bindAddress,
        port,
        advertisedHost,
        maxRequestBytes,
        GuardrailReport.start(runId, null, true));
  }

  /**
   * As {@link #start(String, JsonLinesFile, JsonLinesFile, InetAddress, int, String, long)}, every
   * received span held to the run-time guardrails as {@code guardrails} says, and counted there.
   */
  public static LocalCollector start(
      String runId,
      JsonLinesFile file,
      JsonLinesFile liveFile,
      InetAddress bindAddress,
      int port,
      String advertisedHost,
      long maxRequestBytes,
      GuardrailReport guardrails)
      throws IOException {
    return start(
        runId,
        file,
        liveFile,
        bindAddress,
        port,
        advertisedHost,
        maxRequestBytes,
        BearerToken.generate(),
        CollectorHttpServer.Limits.defaults(maxRequestBytes),
        null,
        guardrails);
  }

  /**
   * As {@link #start(String, JsonLinesFile, JsonLinesFile, InetAddress, int, String, long,
   * GuardrailReport)}, speaking TLS (HTTP/1.1 and gRPC on the same port) with a PEM certificate
   * chain and PKCS#8 key, read again when they change ({@link CollectorTls}); its {@link
   * #endpoint()} is then {@code https://}.
   *
   * @param clientCa a PEM CA bundle for mTLS, or {@code null}: clients need no certificate
   * @throws IOException when the port cannot be bound, or a file is missing or wrong (naming it)
   */
  public static LocalCollector start(
      String runId,
      JsonLinesFile file,
      JsonLinesFile liveFile,
      InetAddress bindAddress,
      int port,
      String advertisedHost,
      long maxRequestBytes,
      GuardrailReport guardrails,
      Path certificate,
      Path key,
      Path clientCa)
      throws IOException {
    CollectorTls tls;
    try {
      tls = CollectorTls.load(certificate, key, clientCa);
    } catch (IOException e) {
      throw new IOException(
          "the local collector cannot speak TLS: "
              + e.getMessage()
              + "; fix the file, or unset "
              + "SPANWEAVE_COLLECTOR_TLS_CERT and SPANWEAVE_COLLECTOR_TLS_KEY for plain HTTP",
          e);
    }
    return start(
        runId,
        file,
        liveFile,
        bindAddress,
        port,
        advertisedHost,
        maxRequestBytes,
        BearerToken.generate(),
        CollectorHttpServer.Limits.defaults(maxRequestBytes),
        tls,
        guardrails);
  }

  /**
   * {@link #start(String, JsonLinesFile, InetAddress, int, String, long)} with other connection
   * limits, for tests.
   */
  static LocalCollector start(
      String runId,
      JsonLinesFile file,
      InetAddress bindAddress,
      int port,
      String advertisedHost,
      long maxRequestBytes,
      CollectorHttpServer.Limits limits)
      throws IOException {
    return start(
        runId,
        file,
        null,
        bindAddress,
        port,
        advertisedHost,
        maxRequestBytes,
        BearerToken.generate(),
        limits,
        null,
        GuardrailReport.start(runId, null, true));
  }

  /**
   * After {@link #close()}, starts a collector again on the same port, with the same token, file
   * and advertised endpoint: children that kept exporting to the old one resume without being told
   * anything.
   *
   * @throws IOException when the port has been taken meanwhile
   */
  public LocalCollector restart() throws IOException {
    String host = URI.create(endpoint).getHost();
    return start(
        runId,
        file,
        liveFile,
        bindAddress,
        port,
        host,
        maxRequestBytes,
        token,
        CollectorHttpServer.Limits.defaults(maxRequestBytes),
        tls,
        guardrails);
  }

  private static LocalCollector start(
      String runId,
      JsonLinesFile file,
      JsonLinesFile liveFile,
      InetAddress bindAddress,
      int port,
      String advertisedHost,
      long maxRequestBytes,
      BearerToken token,
      CollectorHttpServer.Limits limits,
      CollectorTls tls,
      GuardrailReport guardrails)
      throws IOException {
    TraceExportHandler handler =
        new TraceExportHandler(runId, token, file, liveFile, maxRequestBytes, guardrails);
    GrpcReceiverProvider.GrpcReceiver grpc = startGrpc(handler);
    CollectorHttpServer server;
    try {
      server =
          CollectorHttpServer.start(
              new InetSocketAddress(bindAddress, port),
              handler,
              grpc == null ? new Http2Refusal(handler) : grpc::serve,
              limits,
              tls);
    } catch (IOException e) {
      if (grpc != null) {
        grpc.close();
      }
      throw new IOException(
          "the local collector could not listen on "
              + listening(bindAddress, port)
              + " ("
              + e.getMessage()
              + "); choose a free port with SPANWEAVE_COLLECTOR_PORT (TraceConfig.collectorPort), or 0 "
              + "for any, and an address of this host with SPANWEAVE_COLLECTOR_BIND (TraceConfig.collectorBindAddress)",
          e);
    }
    String host = advertisedHost(bindAddress, advertisedHost);
    String endpoint =
        (tls == null ? "http://" : "https://") + host + ":" + server.address().getPort();
    return new LocalCollector(
        runId,
        server,
        bindAddress,
        handler,
        token,
        endpoint,
        file,
        liveFile,
        maxRequestBytes,
        grpc,
        tls,
        guardrails);
  }

  /**
   * The OTLP/gRPC receiver, when a module provides one and it starts; a failure is reported once.
   */
  private static GrpcReceiverProvider.GrpcReceiver startGrpc(TraceExportHandler handler) {
    GrpcReceiverProvider provider = TraceReceivers.grpc();
    if (provider == null) {
      return null;
    }
    try {
      return provider.start(handler);
    } catch (IOException | RuntimeException | LinkageError e) {
      io.spanweave.api.TracingFaults.report(
          "collector-grpc",
          "the local collector's OTLP/gRPC receiver did not start, "
              + "so gRPC senders are refused; OTLP/HTTP is received as before",
          e);
      return null;
    }
  }

  /** Whether it receives OTLP/gRPC on its port. */
  public boolean receivesGrpc() {
    return grpc != null;
  }

  private static String advertisedHost(InetAddress bindAddress, String configured) {
    if (bindAddress.isAnyLocalAddress()) {
      return AdvertisedAddress.choose(configured);
    }
    if (configured != null && !configured.isBlank()) {
      return configured.trim();
    }
    return urlHost(bindAddress);
  }

  private static String urlHost(InetAddress address) {
    String text = address.getHostAddress();
    int scope = text.indexOf('%');
    text = scope < 0 ? text : text.substring(0, scope);
    return address instanceof Inet6Address ? "[" + text + "]" : text;
  }

  private static String listening(InetAddress bindAddress, int port) {
    return (bindAddress.isAnyLocalAddress() ? "all interfaces" : urlHost(bindAddress))
        + ", port "
        + port;
  }

  /**
   * The base URL children are given as {@code OTEL_EXPORTER_OTLP_ENDPOINT}, such as {@code
   * http://10.1.2.3:41873}; OTLP/HTTP exporters append {@code /v1/traces}.
   */
  public String endpoint() {
    return endpoint;
  }

  /** The value of the {@code Authorization} header every request must carry. */
  public String authorizationHeader() {
    return token.authorizationHeader();
  }

  /** The port it listens on. */
  public int port() {
    return port;
  }

  /** Whether it speaks TLS. */
  public boolean secured() {
    return tls != null;
  }

  /** Whether it speaks TLS and asks every client for a certificate signed by its client CA. */
  public boolean mutualTls() {
    return tls != null && tls.mutual();
  }

  /** Whether it listens on loopback only, so that only processes on this host can reach it. */
  public boolean loopbackOnly() {
    return bindAddress.isLoopbackAddress();
  }

  /**
   * Where it listens, for the startup line: {@code loopback 127.0.0.1}, {@code all interfaces} or
   * an address.
   */
  public String listeningOn() {
    if (bindAddress.isAnyLocalAddress()) {
      return "all interfaces";
    }
    return (bindAddress.isLoopbackAddress() ? "loopback " : "") + urlHost(bindAddress);
  }

  /**
   * What a collector of this process receives, for the startup line: with a {@link
   * io.spanweave.runtime.spi.TraceRequestDecoder} OTLP/HTTP protobuf too, with a {@link
   * GrpcReceiverProvider} OTLP/gRPC too; without them OTLP/JSON only, and which artifact brings the
   * rest, said once at start rather than at a worker's first refused batch.
   */
  public static String receives() {
    boolean protobuf = TraceReceivers.decoder() != null;
    boolean grpc = TraceReceivers.grpc() != null;
    if (protobuf || grpc) {
      return "OTLP/HTTP JSON"
          + (protobuf ? ", OTLP/HTTP protobuf" : "")
          + (grpc ? ", OTLP/gRPC" : "");
    }
    return "OTLP/HTTP JSON only: OTLP/HTTP protobuf and OTLP/gRPC, which most OpenTelemetry SDKs and inference "
        + "engines send, need "
        + TraceReceivers.ARTIFACT
        + " on this process";
  }

  /** Connections open now, stalled ones included. */
  int openConnections() {
    return server.openConnections();
  }

  /** Spans received and written so far. */
  public long receivedSpans() {
    return handler.receivedSpans();
  }

  /** Received resources that had no {@code spanweave.run.id} and were given this run's. */
  public long stampedResources() {
    return handler.stampedResources();
  }

  /**
   * Received resources that named another run in {@code spanweave.run.id}, written as they were.
   */
  public long otherRunResources() {
    return handler.otherRunResources();
  }

  /** Workers' live records received and written to the live file so far. */
  public long receivedLiveRecords() {
    return handler.receivedLiveRecords();
  }

  /** The URL workers send their live records to, {@code endpoint() + "/v1/spanweave/live"}. */
  public String liveEndpoint() {
    return endpoint + LiveRecordHandler.PATH;
  }

  /** Requests refused so far: wrong token, too large, malformed, wrong path or media type. */
  public long rejectedRequests() {
    return handler.rejectedRequests();
  }

  /**
   * Refuses new requests, lets requests in progress finish for up to five seconds, then closes
   * every connection, stalled ones included, and stops its threads. The file stays open for its
   * owner to close.
   */
  @Override
  public void close() {
    handler.stopAndAwaitIdle(5000);
    if (grpc != null) {
      grpc.close();
    }
    server.close();
  }

  @Override
  public String toString() {
    return "LocalCollector{"
        + endpoint
        + TraceExportHandler.PATH
        + ", listening on "
        + listening(bindAddress, port)
        + "}";
  }
}
