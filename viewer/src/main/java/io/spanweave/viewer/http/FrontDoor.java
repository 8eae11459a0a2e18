package io.spanweave.viewer.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.viewer.json.ErrorAnswer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The viewer's listening socket, in front of the JDK's HTTP server. The JDK server turns a request
 * target that is not a valid URI (a bad {@code %} escape such as {@code ?q=%zz}) into its own HTML
 * 400 before any handler or filter runs, so the API could not keep its promise of a JSON error for
 * every bad request. This door reads each request's head, answers such a request itself with the
 * API's JSON 400, and relays everything else byte for byte to the JDK server, which listens on a
 * loopback port of its own. Only request heads are looked at; responses pass through untouched.
 *
 * <p>Why a relay and not another server: the handlers, filters and tests are written against {@code
 * com.sun.net.httpserver}, which has no hook before its URI check; replacing it would add a
 * dependency and touch every handler. The relay costs one loopback hop per request.
 */
public final class FrontDoor implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Longer request heads are refused, as the JDK server refuses them too. */
  private static final int MAX_HEAD = 64 * 1024;

  private final ServerSocket socket;
  private final InetSocketAddress upstream;
  private final ExecutorService threads;
  private final Thread acceptor;
  private volatile boolean open = true;

  /**
   * @param upstream where the JDK server listens (loopback, any port)
   * @throws IOException when the address cannot be bound
   */
  public FrontDoor(InetSocketAddress address, int backlog, InetSocketAddress upstream)
      throws IOException {
    this.socket = new ServerSocket();
    this.socket.setReuseAddress(true);
    this.socket.bind(address, backlog);
    this.upstream = upstream;
    AtomicInteger n = new AtomicInteger();
    this.threads =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "spanweave-viewer-door-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    this.acceptor = new Thread(this::accept, "spanweave-viewer-door");
    this.acceptor.setDaemon(true);
  }

  public void start() {
    acceptor.start();
  }

  public int port() {
    return socket.getLocalPort();
  }

  public InetAddress address() {
    return socket.getInetAddress();
  }

  private void accept() {
    while (open) {
      try {
        Socket client = socket.accept();
        threads.execute(() -> serve(client));
      } catch (IOException e) {
        if (!open) {
          return;
        }
      } catch (java.util.concurrent.RejectedExecutionException closing) {
        return;
      }
    }
  }

  /** One client connection: its requests in order, each head checked before it is passed on. */
  private void serve(Socket client) {
    try (client;
        Socket server = new Socket()) {
      client.setTcpNoDelay(true);
      server.setTcpNoDelay(true);
      server.connect(upstream, 5_000);
      InputStream fromClient = client.getInputStream();
      OutputStream toServer = server.getOutputStream();
      // Responses flow back on their own thread; when the server closes, so does the client's side.
      java.util.concurrent.atomic.AtomicBoolean answeringHere =
          new java.util.concurrent.atomic.AtomicBoolean();
      java.util.concurrent.Future<?> responses =
          threads.submit(() -> relay(server, client, answeringHere));
      while (true) {
        Head head = readHead(fromClient);
        if (head == null) {
          server.shutdownOutput();
          break;
        }
        String problem = head.problem();
        if (problem != null) {
          // Let the server finish what it was asked before, then answer this request ourselves.
          answeringHere.set(true);
          server.shutdownOutput();
          awaitQuietly(responses);
          sendError(client.getOutputStream(), problem);
          return;
        }
        toServer.write(head.bytes());
        copy(fromClient, toServer, head.contentLength());
        toServer.flush();
      }
      awaitQuietly(responses);
    } catch (IOException | RuntimeException e) {
      // The client or the server went away; nothing to answer.
    }
  }

  private static void relay(
      Socket server, Socket client, java.util.concurrent.atomic.AtomicBoolean answeringHere) {
    byte[] buffer = new byte[16 * 1024];
    try {
      InputStream in = server.getInputStream();
      OutputStream out = client.getOutputStream();
      int n;
      while ((n = in.read(buffer)) >= 0) {
        out.write(buffer, 0, n);
        out.flush();
      }
      // The server closed the connection (Connection: close): so does the client's side, unless
      // the door still has its own answer to write.
      if (!answeringHere.get()) {
        client.close();
      }
    } catch (IOException e) {
      // Closed on one side.
    }
  }

  private static void awaitQuietly(java.util.concurrent.Future<?> responses) {
    try {
      responses.get(30, java.util.concurrent.TimeUnit.SECONDS);
    } catch (Exception e) {
      responses.cancel(true);
    }
  }

  private static void copy(InputStream in, OutputStream out, long count) throws IOException {
    byte[] buffer = new byte[8 * 1024];
    long left = count;
    while (left > 0) {
      int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
      if (n < 0) {
        throw new IOException("the client closed inside a request body");
      }
      out.write(buffer, 0, n);
      left -= n;
    }
  }

  /**
   * A request head: its bytes up to and including the empty line.
   *
   * @param problem why the viewer answers 400 itself, or null to pass it on
   */
  record Head(byte[] bytes, String requestLine, long contentLength, String problem) {}

  /** Reads up to the end of the head; null at a clean end of the connection. */
  static Head readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream(512);
    int c;
    // Blank lines before a request line are allowed (RFC 9112, 2.2).
    do {
      c = in.read();
    } while (c == '\r' || c == '\n');
    if (c < 0) {
      return null;
    }
    head.write(c);
    int tail = c; // the last four bytes
    while (!endsHead(tail)) {
      c = in.read();
      if (c < 0) {
        throw new IOException("the client closed inside a request head");
      }
      head.write(c);
      tail = (tail << 8) | c;
      if (head.size() > MAX_HEAD) {
        return new Head(
            head.toByteArray(), "", 0, "the request head is longer than " + MAX_HEAD + " bytes");
      }
    }
    byte[] bytes = head.toByteArray();
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    int lineEnd = text.indexOf('\n');
    String requestLine = text.substring(0, lineEnd).strip();
    return new Head(bytes, requestLine, contentLength(text), problem(requestLine, text));
  }

  /** Whether the bytes end with the empty line that ends a head (CRLF CRLF, or a bare LF LF). */
  private static boolean endsHead(int lastFourBytes) {
    return lastFourBytes == 0x0d0a0d0a || (lastFourBytes & 0xffff) == 0x0a0a;
  }

  private static long contentLength(String head) {
    for (String line : head.split("\r?\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("content-length")) {
        try {
          return Math.max(0, Long.parseLong(line.substring(colon + 1).trim()));
        } catch (NumberFormatException e) {
          return -1;
        }
      }
    }
    return 0;
  }

  /** What is wrong with a request the JDK server would refuse with its own page, or null. */
  private static String problem(String requestLine, String head) {
    String[] parts = requestLine.split(" ");
    if (parts.length != 3) {
      return "a request line is METHOD TARGET HTTP/1.1, not '" + shorten(requestLine) + "'";
    }
    try {
      new URI(parts[1]);
    } catch (URISyntaxException e) {
      return "bad request target '"
          + shorten(parts[1])
          + "': "
          + e.getReason()
          + (e.getIndex() >= 0 ? " at index " + e.getIndex() : "")
          + "; a % in a URL must start an escape such as %25";
    }
    if (contentLength(head) < 0) {
      return "Content-Length is not a number";
    }
    for (String line : head.split("\r?\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("transfer-encoding:")) {
        return "request bodies are not accepted (Transfer-Encoding); every endpoint is a GET";
      }
    }
    return null;
  }

  private static String shorten(String s) {
    return s.length() <= 200 ? s : s.substring(0, 200) + "...";
  }

  private static void sendError(OutputStream out, String message) throws IOException {
    byte[] body = JSON.writeValueAsBytes(new ErrorAnswer(message));
    String head =
        "HTTP/1.1 400 Bad Request\r\n"
            + "Content-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: "
            + body.length
            + "\r\n"
            + "X-Content-Type-Options: nosniff\r\n"
            + "Cache-Control: no-store\r\n"
            + "Connection: close\r\n\r\n";
    out.write(head.getBytes(StandardCharsets.ISO_8859_1));
    out.write(body);
    out.flush();
  }

  @Override
  public void close() {
    open = false;
    try {
      socket.close();
    } catch (IOException e) {
      // Closing anyway.
    }
    threads.shutdownNow();
  }
}
