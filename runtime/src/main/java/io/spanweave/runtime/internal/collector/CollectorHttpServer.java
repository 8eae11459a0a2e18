package io.spanweave.runtime.internal.collector;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The collector's HTTP/1.1 server: one daemon thread accepts, and each connection gets its own
 * daemon thread, up to {@link Limits#maxConnections()}, with a read timeout on every read, a
 * deadline for every request and an idle timeout between requests.
 *
 * <p><b>Why not the JDK's {@code com.sun.net.httpserver}.</b> It reads the request head on its
 * worker pool with no read timeout (only the JVM-wide {@code sun.net.httpserver.maxReqTime} system
 * property, read once, sets one): two clients that opened a connection and stalled held both
 * workers of the collector for minutes. A library should not set JVM-wide properties in someone
 * else's application, and an embedded Jetty or Netty would be the largest dependency of the runtime
 * for one POST endpoint. The protocol subset needed is small: request line, headers, a {@code
 * Content-Length} or chunked body, keep-alive.
 *
 * <p>With TLS ({@link CollectorTls}) each connection's thread layers TLS over the accepted socket
 * and shakes hands before anything else; the rest is the same over the decrypted stream.
 *
 * <p>A connection refused before its body was read (wrong token, too large, wrong path) gets its
 * answer at once and is then closed; what the client was still sending is read and dropped for a
 * bounded time and amount first, because closing a socket with unread data resets it, and the
 * client would see the reset instead of the answer.
 */
final class CollectorHttpServer implements AutoCloseable {

  /** Answers one request; it may leave the body unread, and the connection is then closed. */
  interface Handler {
    CollectorReply handle(ReceivedRequest request) throws IOException;
  }

  /**
   * Serves a connection that opened with the HTTP/2 connection preface (a gRPC sender speaking
   * HTTP/2 with prior knowledge, as OTLP/gRPC exporters do on plain-text connections), until it
   * ends.
   */
  interface Http2Connections {
    /**
     * @param received the connection's input from its first byte, the preface included
     */
    void serve(Socket connection, InputStream received) throws IOException;
  }

  /** The HTTP/2 connection preface (RFC 9113, 3.4), which no HTTP/1.1 request begins with. */
  private static final byte[] HTTP2_PREFACE =
      "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

  /**
   * @param readTimeout the longest wait for any one read from a client
   * @param requestDeadline the longest time from the first byte of a request to its last
   * @param idleTimeout how long a kept-alive connection may wait for its next request
   * @param maxConnections connections served at once; more are answered 503 and closed
   * @param maxHeadBytes the largest request line plus headers
   * @param drainBytes how much of an unread body is read and dropped before closing
   */
  record Limits(
      Duration readTimeout,
      Duration requestDeadline,
      Duration idleTimeout,
      int maxConnections,
      int maxHeadBytes,
      long drainBytes) {

    /**
     * Exporters send a batch every few seconds over a kept-alive connection; OkHttp keeps idle
     * connections five minutes and retries on a fresh one when the server closed first.
     */
    static Limits defaults(long maxRequestBytes) {
      return new Limits(
          Duration.ofSeconds(10),
          Duration.ofSeconds(30),
          Duration.ofSeconds(30),
          64,
          32 * 1024,
          Math.max(1 << 20, maxRequestBytes));
    }
  }

  private static final AtomicInteger THREADS = new AtomicInteger();
  private static final Duration DRAIN_TIME = Duration.ofSeconds(2);

  private final ServerSocket socket;
  private final Handler handler;
  private final Http2Connections http2;
  private final Limits limits;

  /** TLS on every connection, or {@code null} for plain HTTP. */
  private final CollectorTls tls;

  private final ThreadPoolExecutor connections;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final Thread acceptor;
  private volatile boolean closing;

  private CollectorHttpServer(
      ServerSocket socket,
      Handler handler,
      Http2Connections http2,
      Limits limits,
      CollectorTls tls) {
    this.socket = socket;
    this.tls = tls;
    this.handler = handler;
    this.http2 = http2;
    this.limits = limits;
    this.connections =
        new ThreadPoolExecutor(
            0,
            limits.maxConnections(),
            30,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            runnable -> daemon(runnable, "spanweave-collector-" + THREADS.incrementAndGet()));
    this.acceptor =
        daemon(this::acceptLoop, "spanweave-collector-accept-" + THREADS.incrementAndGet());
  }

  /**
   * Binds {@code address} (port 0: any free port) and starts accepting.
   *
   * @param tls TLS for every connection ({@link CollectorTls}), or {@code null} for plain HTTP
   */
  static CollectorHttpServer start(
      InetSocketAddress address,
      Handler handler,
      Http2Connections http2,
      Limits limits,
      CollectorTls tls)
      throws IOException {
    ServerSocket socket = new ServerSocket();
    try {
      socket.setReuseAddress(
          true); // a restarted collector takes its port back while old connections linger
      socket.bind(address, 128);
    } catch (IOException e) {
      socket.close();
      throw e;
    }
    CollectorHttpServer server = new CollectorHttpServer(socket, handler, http2, limits, tls);
    server.acceptor.start();
    return server;
  }

  private static Thread daemon(Runnable runnable, String name) {
    Thread thread = new Thread(runnable, name);
    thread.setDaemon(
        true); // the runtime's close (or shutdown hook) stops the collector; never keep the JVM up
    return thread;
  }

  InetSocketAddress address() {
    return (InetSocketAddress) socket.getLocalSocketAddress();
  }

  /** Connections open now, stalled ones included. */
  int openConnections() {
    return open.size();
  }

  private void acceptLoop() {
    while (!closing) {
      Socket client;
      try {
        client = socket.accept();
      } catch (IOException e) {
        if (closing || socket.isClosed()) {
          return;
        }
        continue; // e.g. too many open files for a moment: the next accept may work
      }
      open.add(client);
      try {
        connections.execute(() -> serve(client));
      } catch (RejectedExecutionException full) {
        refuseBusy(client);
      }
    }
  }

  private void refuseBusy(Socket client) {
    try (client) {
      client.setSoTimeout(1000);
      write(
          client.getOutputStream(),
          CollectorReply.text(
              503,
              "The collector serves "
                  + limits.maxConnections()
                  + " connections at once; retry later. Nothing was written."),
          true);
    } catch (IOException ignored) {
      // the client left; nothing to tell it
    } finally {
      open.remove(client);
    }
  }

  private void serve(Socket accepted) {
    try (accepted) {
      accepted.setTcpNoDelay(true);
      Socket client = tls == null ? accepted : secured(accepted);
      if (client == null) {
        return;
      }
      DeadlineInputStream timed = new DeadlineInputStream(client.getInputStream());
      InputStream in = new BufferedInputStream(timed, 16 * 1024);
      OutputStream out = new BufferedOutputStream(client.getOutputStream(), 16 * 1024);
      for (boolean first = true; !closing; first = false) {
        client.setSoTimeout(millis(first ? limits.readTimeout() : limits.idleTimeout()));
        int firstByte;
        try {
          firstByte = in.read();
        } catch (SocketTimeoutException idle) {
          return; // an idle connection, or one opened and never used: closed without a word
        }
        if (firstByte == -1) {
          return;
        }
        client.setSoTimeout(millis(limits.readTimeout()));
        if (first && firstByte == HTTP2_PREFACE[0] && http2Preface(in)) {
          // gRPC on the same port: the rest of the connection is HTTP/2, served by whoever speaks
          // it.
          client.setSoTimeout(0); // its own keep-alive and idle limits apply from here
          http2.serve(
              client,
              new java.io.SequenceInputStream(
                  new java.io.ByteArrayInputStream(HTTP2_PREFACE, 0, 1), in));
          return;
        }
        timed.deadline(System.nanoTime() + limits.requestDeadline().toNanos());
        if (!serveOne(client, firstByte, in, out)) {
          return;
        }
        timed.deadline(Long.MAX_VALUE);
      }
    } catch (IOException e) {
      // the client went away or broke the protocol mid-body: nothing was written for it
    } finally {
      open.remove(accepted);
    }
  }

  /**
   * {@code accepted} with TLS on top, on this connection's own thread and under the read timeout,
   * or {@code null} when the handshake failed (not trusted, no client certificate with mTLS, too
   * slow): nothing was read of a request then. A client that speaks plain HTTP gets a plain 400
   * that says to use https, instead of a reset it would have to guess the meaning of.
   */
  private Socket secured(Socket accepted) throws IOException {
    accepted.setSoTimeout(millis(limits.readTimeout()));
    int first;
    try {
      first = accepted.getInputStream().read();
    } catch (SocketTimeoutException idle) {
      return null;
    }
    if (first == -1) {
      return null;
    }
    if (first != CollectorTls.HANDSHAKE_RECORD) {
      write(
          accepted.getOutputStream(),
          CollectorReply.text(
              400,
              "This collector speaks TLS: send to its https:// "
                  + "endpoint, trusting its CA (OTEL_EXPORTER_OTLP_CERTIFICATE). Nothing was written."),
          true);
      drain(accepted, accepted.getInputStream());
      return null;
    }
    try {
      return tls.accept(accepted, new java.io.ByteArrayInputStream(new byte[] {(byte) first}));
    } catch (IOException refused) {
      return null; // an untrusted or missing client certificate, an old protocol, or a stall
    }
  }

  /**
   * Whether the bytes after the first one are the rest of the HTTP/2 preface; either way they are
   * left unread for whoever reads the connection next.
   */
  private static boolean http2Preface(InputStream in) throws IOException {
    in.mark(HTTP2_PREFACE.length);
    byte[] rest = new byte[HTTP2_PREFACE.length - 1];
    int read = 0;
    try {
      for (int n; read < rest.length && (n = in.read(rest, read, rest.length - read)) > 0; ) {
        read += n;
        if (rest[0] != HTTP2_PREFACE[1]) {
          break; // "POST ...": an HTTP/1.1 request, known from its second byte
        }
      }
    } catch (SocketTimeoutException slow) {
      // a short, stalled start: not the preface; the request head reader reports the timeout
    }
    in.reset();
    return read == rest.length
        && java.util.Arrays.equals(rest, 0, rest.length, HTTP2_PREFACE, 1, HTTP2_PREFACE.length);
  }

  /** Serves one request; whether the connection can carry another. */
  private boolean serveOne(Socket client, int firstByte, InputStream in, OutputStream out)
      throws IOException {
    RequestHeadReader.Head head;
    try {
      head = RequestHeadReader.read(firstByte, in, limits.maxHeadBytes());
    } catch (SocketTimeoutException slow) {
      write(
          out,
          CollectorReply.text(
              408,
              "The request head did not arrive within "
                  + limits.readTimeout().toSeconds()
                  + " s; nothing was written."),
          true);
      return false;
    } catch (RequestHeadReader.BadHead bad) {
      write(
          out,
          CollectorReply.text(
              bad.status,
              "Not an HTTP/1.1 request: " + bad.getMessage() + ". Nothing was written."),
          true);
      return false;
    }
    RequestBodies.Body body;
    long contentLength = -1;
    String transferEncoding = first(head.headers(), "transfer-encoding");
    String lengthHeader = first(head.headers(), "content-length");
    if (transferEncoding != null) {
      if (lengthHeader != null || !transferEncoding.trim().equalsIgnoreCase("chunked")) {
        write(
            out,
            CollectorReply.text(
                transferEncoding.trim().equalsIgnoreCase("chunked") ? 400 : 501,
                "Send the body with a Content-Length or 'Transfer-Encoding: chunked', not both. Nothing was written."),
            true);
        return false;
      }
      body = RequestBodies.chunked(in);
    } else {
      try {
        contentLength = lengthHeader == null ? 0 : Long.parseLong(lengthHeader.trim());
        if (contentLength < 0) {
          throw new NumberFormatException();
        }
      } catch (NumberFormatException e) {
        write(
            out,
            CollectorReply.text(400, "Content-Length is not a number. Nothing was written."),
            true);
        return false;
      }
      body = RequestBodies.fixedLength(in, contentLength);
    }
    ReceivedRequest request =
        new ReceivedRequest(
            head.method(),
            path(head.target()),
            head.headers(),
            lengthHeader == null ? -1 : contentLength,
            continueOnFirstRead(body, head, out));
    CollectorReply reply;
    try {
      reply = handler.handle(request);
    } catch (SocketTimeoutException slow) {
      write(
          out,
          CollectorReply.text(408, "The request body did not arrive in time; nothing was written."),
          true);
      return false;
    }
    boolean keepAlive =
        body.finished()
            && !closing
            && head.version().equals("HTTP/1.1")
            && !"close".equalsIgnoreCase(first(head.headers(), "connection"));
    write(out, reply, !keepAlive);
    if (!body.finished()) {
      drain(client, in);
    }
    return keepAlive;
  }

  /**
   * A client that sent {@code Expect: 100-continue} waits for a go-ahead before its body: it gets
   * one only when the handler starts reading, so a refusal from the headers costs it no upload.
   */
  private static InputStream continueOnFirstRead(
      RequestBodies.Body body, RequestHeadReader.Head head, OutputStream out) {
    if (!"100-continue".equalsIgnoreCase(first(head.headers(), "expect"))) {
      return body;
    }
    return new java.io.FilterInputStream(body) {
      private boolean continued;

      @Override
      public int read() throws IOException {
        goAhead();
        return super.read();
      }

      @Override
      public int read(byte[] buffer, int offset, int count) throws IOException {
        goAhead();
        return super.read(buffer, offset, count);
      }

      private void goAhead() throws IOException {
        if (!continued) {
          continued = true;
          out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
          out.flush();
        }
      }
    };
  }

  private void drain(Socket client, InputStream in) {
    try {
      client.shutdownOutput(); // the answer is complete; the client reads it while we read what it
      // still sends
      client.setSoTimeout(millis(DRAIN_TIME));
      long deadline = System.nanoTime() + DRAIN_TIME.toNanos();
      byte[] chunk = new byte[16 * 1024];
      for (long read = 0; read < limits.drainBytes() && System.nanoTime() < deadline; ) {
        int n = in.read(chunk);
        if (n == -1) {
          return;
        }
        read += n;
      }
    } catch (IOException ignored) {
      // closed or slow: the socket is closed next either way
    }
  }

  private static void write(OutputStream out, CollectorReply reply, boolean close)
      throws IOException {
    StringBuilder head =
        new StringBuilder(160)
            .append("HTTP/1.1 ")
            .append(reply.status())
            .append(' ')
            .append(reason(reply.status()))
            .append("\r\nContent-Type: ")
            .append(reply.contentType())
            .append("\r\nContent-Length: ")
            .append(reply.body().length)
            .append("\r\n");
    for (Map.Entry<String, String> header : reply.extraHeaders().entrySet()) {
      head.append(header.getKey()).append(": ").append(header.getValue()).append("\r\n");
    }
    if (close) {
      head.append("Connection: close\r\n");
    }
    out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
    out.write(reply.body());
    out.flush();
  }

  private static String reason(int status) {
    return switch (status) {
      case 200 -> "OK";
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 408 -> "Request Timeout";
      case 413 -> "Content Too Large";
      case 415 -> "Unsupported Media Type";
      case 431 -> "Request Header Fields Too Large";
      case 501 -> "Not Implemented";
      case 503 -> "Service Unavailable";
      default -> "Status";
    };
  }

  private static String first(Map<String, List<String>> headers, String lowerCaseName) {
    List<String> values = headers.get(lowerCaseName.toLowerCase(Locale.ROOT));
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  private static String path(String target) {
    int query = target.indexOf('?');
    return query < 0 ? target : target.substring(0, query);
  }

  private static int millis(Duration duration) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, duration.toMillis()));
  }

  /**
   * Stops accepting and closes every connection, stalled ones included, which ends their threads.
   * Requests in progress should have been let finish first ({@link
   * TraceExportHandler#stopAndAwaitIdle}).
   */
  @Override
  public void close() {
    closing = true;
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing a listening socket has nothing left to report
    }
    for (Socket client : open) {
      try {
        client.close();
      } catch (IOException ignored) {
        // already gone
      }
    }
    connections.shutdownNow();
    try {
      acceptor.join(1000);
      connections.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A socket stream whose reads fail once the current request's deadline has passed. */
  private static final class DeadlineInputStream extends java.io.FilterInputStream {
    private volatile long deadlineNanos = Long.MAX_VALUE;

    DeadlineInputStream(InputStream in) {
      super(in);
    }

    void deadline(long nanos) {
      deadlineNanos = nanos;
    }

    @Override
    public int read() throws IOException {
      check();
      return super.read();
    }

    @Override
    public int read(byte[] buffer, int offset, int count) throws IOException {
      check();
      return super.read(buffer, offset, count);
    }

    private void check() throws SocketTimeoutException {
      if (deadlineNanos != Long.MAX_VALUE && System.nanoTime() - deadlineNanos > 0) {
        throw new SocketTimeoutException("the request took longer than its deadline");
      }
    }
  }
}
