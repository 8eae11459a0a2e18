package io.spanweave.runtime.internal.collector;

import com.sun.net.httpserver.HttpServer;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The driver's OTLP receiver: child processes, on this host or others, export their spans to it
 * over OTLP/HTTP ({@code POST /v1/traces}, protobuf or JSON, gzip or not), and it appends each
 * request to the run's {@code traces.jsonl} as one line in the format of the OpenTelemetry
 * Collector's file exporter.
 *
 * <p><b>Where it listens.</b> It binds the wildcard address (all interfaces), because children on
 * other hosts must reach it and the right interface is not always the one advertised (a NAT, a pod
 * network); what keeps others out is the per-run bearer token every request must carry. It
 * advertises one routable address to children, see {@link AdvertisedAddress}.
 *
 * <p><b>Why no gRPC.</b> OTLP/gRPC would need grpc-java with Netty or an HTTP/2 server of our
 * own; the JDK's HTTP server speaks HTTP/1.1 only. Children are configured by us, so they use
 * OTLP/HTTP, which every OpenTelemetry SDK supports; gRPC senders can go through an external
 * OpenTelemetry Collector instead.
 *
 * <p>This package never imports the OpenTelemetry SDK: it only decodes the wire format, with the
 * generated OTLP messages of {@code opentelemetry-proto}.
 */
public final class LocalCollector implements AutoCloseable {

  private static final AtomicInteger THREADS = new AtomicInteger();

  private final HttpServer server;
  private final ExecutorService workers;
  private final TraceExportHandler handler;
  private final BearerToken token;
  private final String endpoint;
  private final JsonLinesFile file;
  private final long maxRequestBytes;
  /** Kept: the server forgets its address once stopped, and {@link #restart()} needs the port then. */
  private final int port;

  private LocalCollector(HttpServer server, ExecutorService workers, TraceExportHandler handler, BearerToken token,
      String endpoint, JsonLinesFile file, long maxRequestBytes) {
    this.port = server.getAddress().getPort();
    this.server = server;
    this.workers = workers;
    this.handler = handler;
    this.token = token;
    this.endpoint = endpoint;
    this.file = file;
    this.maxRequestBytes = maxRequestBytes;
  }

  /**
   * Starts a collector that appends to {@code file}, which it shares with the driver's own exporter
   * and does not close.
   *
   * @param port the TCP port, 0 for any free port
   * @param advertisedHost the host to advertise, or {@code null} to choose a routable address
   * @param maxRequestBytes the largest body accepted, compressed and decompressed; larger gets 413
   * @throws IOException when the port cannot be bound, e.g. it is taken
   */
  public static LocalCollector start(JsonLinesFile file, int port, String advertisedHost, long maxRequestBytes)
      throws IOException {
    return start(file, port, advertisedHost, maxRequestBytes, BearerToken.generate());
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
    return start(file, port, host, maxRequestBytes, token);
  }

  private static LocalCollector start(JsonLinesFile file, int port, String advertisedHost, long maxRequestBytes,
      BearerToken token) throws IOException {
    TraceExportHandler handler = new TraceExportHandler(token, file, maxRequestBytes);
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(port), 0);
    } catch (IOException e) {
      throw new IOException("the local collector could not listen on port " + port + " (" + e.getMessage() + "); "
          + "choose a free port with SPANWEAVE_COLLECTOR_PORT (TraceConfig.collectorPort), or 0 for any", e);
    }
    // Two threads: spans arrive in batches a second apart from each child, and appends to the file
    // are serialised anyway; more threads would only wait on the file.
    ExecutorService workers = Executors.newFixedThreadPool(2, daemonThreads());
    server.setExecutor(workers);
    server.createContext("/", handler);
    startOnDaemonThread(server);
    String host = AdvertisedAddress.choose(advertisedHost);
    String endpoint = "http://" + host + ":" + server.getAddress().getPort();
    return new LocalCollector(server, workers, handler, token, endpoint, file, maxRequestBytes);
  }

  /**
   * Starts {@code server} from a daemon thread: the JDK's server makes its dispatcher thread a
   * daemon only when the thread that starts it is one, and a non-daemon dispatcher would keep the
   * JVM of a program that never calls {@code close()} up forever.
   */
  private static void startOnDaemonThread(HttpServer server) throws IOException {
    Thread starter = new Thread(server::start, "spanweave-collector-start");
    starter.setDaemon(true);
    starter.start();
    try {
      starter.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      server.stop(0);
      throw new IOException("interrupted while starting the local collector", e);
    }
  }

  private static ThreadFactory daemonThreads() {
    return runnable -> {
      Thread thread = new Thread(runnable, "spanweave-collector-" + THREADS.incrementAndGet());
      thread.setDaemon(true); // the runtime's close (or shutdown hook) stops the collector; never keep the JVM up
      return thread;
    };
  }

  /**
   * The base URL children are given as {@code OTEL_EXPORTER_OTLP_ENDPOINT}, such as
   * {@code http://10.1.2.3:41873}; OTLP/HTTP exporters append {@code /v1/traces}.
   */
  public String endpoint() {
    return endpoint;
  }

  /** The value of the {@code Authorization} header every request must carry. */
  public String authorizationHeader() {
    return token.authorizationHeader();
  }

  /** The port it listens on, on every interface. */
  public int port() {
    return port;
  }

  /** Spans received and written so far. */
  public long receivedSpans() {
    return handler.receivedSpans();
  }

  /** Requests refused so far: wrong token, too large, malformed, wrong path or media type. */
  public long rejectedRequests() {
    return handler.rejectedRequests();
  }

  /**
   * Stops accepting, lets requests in progress finish for up to five seconds, and stops its
   * threads. The file stays open for its owner to close.
   */
  @Override
  public void close() {
    handler.stopAndAwaitIdle(5000);
    server.stop(0);
    workers.shutdown();
    try {
      workers.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String toString() {
    return "LocalCollector{" + endpoint + TraceExportHandler.PATH + ", listening on *:" + port() + "}";
  }
}
