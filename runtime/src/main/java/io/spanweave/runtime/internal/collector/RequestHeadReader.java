package io.spanweave.runtime.internal.collector;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the head of an HTTP/1.1 request (request line and header fields, RFC 9112) with a bound on
 * its size, so that a client cannot make the collector buffer without end. It reads byte by byte
 * from a buffered stream: heads are a few hundred bytes, and reading no further than the blank line
 * leaves the body on the stream for the handler.
 */
final class RequestHeadReader {

  /** The request line, and the headers by lower-case name. */
  record Head(String method, String target, String version, Map<String, List<String>> headers) {}

  /** A head that is not HTTP/1.x or is too large; answered 400 or 431 and the connection closed. */
  static final class BadHead extends IOException {
    private static final long serialVersionUID = 1L;
    final int status;

    BadHead(int status, String message) {
      super(message, null);
      this.status = status;
    }
  }

  private RequestHeadReader() {}

  /** Reads a head whose first byte, {@code first}, has been read already. */
  static Head read(int first, InputStream in, int maxBytes) throws IOException {
    int[] budget = {maxBytes};
    String requestLine = line(first, in, budget);
    String[] parts = requestLine.split(" ", -1);
    if (parts.length != 3
        || parts[0].isEmpty()
        || !parts[1].startsWith("/")
        || !parts[2].startsWith("HTTP/1.")) {
      throw new BadHead(400, "the request line is not 'METHOD /path HTTP/1.1'");
    }
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (String field = line(-2, in, budget); !field.isEmpty(); field = line(-2, in, budget)) {
      int colon = field.indexOf(':');
      if (colon <= 0 || Character.isWhitespace(field.charAt(colon - 1))) {
        // Not echoed: a mangled line may hold a credential.
        throw new BadHead(400, "a header line is not 'Name: value'");
      }
      String name = field.substring(0, colon).toLowerCase(Locale.ROOT);
      headers.computeIfAbsent(name, n -> new ArrayList<>(1)).add(field.substring(colon + 1).trim());
    }
    return new Head(parts[0], parts[1], parts[2], headers);
  }

  /** One line ending in CRLF (or a bare LF), without the ending, of at most {@code maxBytes}. */
  static String line(InputStream in, int maxBytes) throws IOException {
    return line(-2, in, new int[] {maxBytes});
  }

  private static String line(int first, InputStream in, int[] budget) throws IOException {
    StringBuilder line = new StringBuilder(64);
    for (int b = first == -2 ? in.read() : first; b != '\n'; b = in.read()) {
      if (b == -1) {
        throw new EOFException("the connection ended inside the request head");
      }
      if (--budget[0] < 0) {
        throw new BadHead(431, "the request head is larger than the collector accepts");
      }
      if (b != '\r') {
        line.append((char) b); // ISO-8859-1, as HTTP heads are
      }
    }
    return line.toString();
  }
}
