package io.spanweave.viewer;

import com.sun.net.httpserver.HttpServer;
import io.spanweave.viewer.http.ApiHandler;
import io.spanweave.viewer.http.ApiSettings;
import io.spanweave.viewer.http.FrontDoor;
import io.spanweave.viewer.http.HostCheck;
import io.spanweave.viewer.http.StaticHandler;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.ingest.IngestLoop;
import io.spanweave.viewer.ingest.ReadSettings;
import io.spanweave.viewer.ingest.ZipkinRun;
import io.spanweave.viewer.ingest.ZipkinSource;
import io.spanweave.viewer.views.SpanSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts a viewer in this JVM. Two entry points:
 *
 * <ul>
 *   <li>{@link #start(ViewerOptions)} for Java callers that depend on this module;
 *   <li>{@link #startFromArgs(String[])} for callers that only have the jar on the class path and
 *       call it reflectively (the spanweave runtime, when {@code viewerEnabled}): it takes the same
 *       arguments as the command line and returns an {@link AutoCloseable} whose {@code toString()}
 *       is the URL.
 * </ul>
 */
public final class TraceViewer {
  static {
    // The JDK server writes headers and body separately; with Nagle's algorithm on, each small
    // response then waits for the client's delayed ACK (40 ms on Linux). Read once per JVM.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  /** A backend is asked at most this often, whatever the file poll interval. */
  private static final java.time.Duration MIN_BACKEND_POLL = java.time.Duration.ofMillis(250);

  private TraceViewer() {}

  public static RunningViewer start(ViewerOptions options) {
    SpanIndex index = new SpanIndex();
    IngestLoop ingest =
        new IngestLoop(
            index,
            options.traceJsonls(),
            options.zipkinApi() != null ? options.liveJsonl() : options.liveJsonlGiven(),
            options.pollInterval(),
            new ReadSettings(
                options.segmentBytes(), options.maxSpansInMemory(), options.cacheDir()));
    // Reading starts first: the newest chunks are parsed while the HTTP side loads its classes
    // (Jackson's mapper alone takes about 0.15 s cold), so the latest step is ready sooner.
    ingest.start();
    HttpServer server;
    FrontDoor door;
    try {
      // The JDK server listens on loopback only; the door on the address asked for (see FrontDoor).
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    } catch (IOException e) {
      ingest.close();
      throw new UncheckedIOException(
          "cannot listen on a loopback port (" + e.getMessage() + ")", e);
    }
    try {
      door =
          new FrontDoor(
              new InetSocketAddress(options.host(), options.port()), 64, server.getAddress());
    } catch (IOException e) {
      ingest.close();
      throw new UncheckedIOException(
          "cannot listen on "
              + options.host()
              + ":"
              + options.port()
              + " ("
              + e.getMessage()
              + "); pick another --port",
          e);
    }
    AtomicInteger n = new AtomicInteger();
    ExecutorService threads =
        Executors.newFixedThreadPool(
            4,
            r -> {
              Thread t = new Thread(r, "spanweave-viewer-http-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    server.setExecutor(threads);
    HostCheck hostCheck = new HostCheck(options.host());
    // A Zipkin server is read on demand, unless a trace file is named to keep what is fetched (then
    // the spans are copied there and the file is read like any other).
    java.time.Duration backendPoll =
        options.pollInterval().compareTo(MIN_BACKEND_POLL) < 0
            ? MIN_BACKEND_POLL
            : options.pollInterval();
    SpanSource source;
    if (options.zipkinApi() == null) {
      source = SpanSource.files(ingest.segments());
    } else if (options.traceJsonlIsTemporary()) {
      source =
          SpanSource.onDemand(
              new ZipkinRun(
                  options.zipkinApi(),
                  options.service(),
                  options.backendLookback(),
                  options.backendLimit(),
                  backendPoll,
                  index,
                  ingest.records().summary(),
                  options.maxSpansInMemory(),
                  ingest.records().sources(),
                  ingest::wakeUp));
    } else {
      source =
          SpanSource.copiedFrom(
              new ZipkinSource(
                  options.zipkinApi(),
                  options.service(),
                  options.backendLookback(),
                  options.backendLimit(),
                  options.traceJsonl(),
                  backendPoll,
                  ingest::wakeUp),
              ingest.segments());
    }
    ApiSettings api =
        new ApiSettings(
            options.service(), options.runId(), options.jaegerUrl(), options.zipkinUrl());
    server
        .createContext("/api/", new ApiHandler(index, ingest, api, source))
        .getFilters()
        .add(hostCheck);
    server.createContext("/", new StaticHandler()).getFilters().add(hostCheck);
    startAsDaemon(server);
    door.start();
    source.start();
    String host = options.host().contains(":") ? "[" + options.host() + "]" : options.host();
    String url = "http://" + host + ":" + door.port() + "/";
    return new RunningViewer(
        server,
        door,
        threads,
        ingest,
        index,
        url,
        source,
        options.traceJsonlIsTemporary() ? options.traceJsonl() : null);
  }

  /**
   * Starts the server from a daemon thread: the JDK server's dispatcher thread inherits the daemon
   * flag of the thread that starts it, and a viewer inside a traced program must never be what
   * keeps that program's JVM running. (The command line keeps its JVM alive itself.)
   */
  private static void startAsDaemon(HttpServer server) {
    Thread starter = new Thread(server::start, "spanweave-viewer-start");
    starter.setDaemon(true);
    starter.start();
    try {
      starter.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      server.stop(0);
      throw new IllegalStateException("interrupted while starting the viewer", e);
    }
  }

  /**
   * Reflection-friendly entry: same arguments as the command line.
   *
   * @throws IllegalArgumentException when the arguments are not valid
   */
  public static AutoCloseable startFromArgs(String[] args) {
    try {
      return start(ViewerOptions.parse(args));
    } catch (UsageException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
