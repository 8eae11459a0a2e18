package io.spanweave.runtime.internal.collector;

import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP request as {@link CollectorHttpServer} hands it to its handler: the request line and
 * headers, read in full and bounded, and the body still unread, so that the handler can refuse a
 * request from its headers alone.
 *
 * @param headers header names in lower case, each with its values in the order received
 * @param contentLength the declared {@code Content-Length}, or -1 when the body is chunked or
 *     absent
 * @param body the body, ending where the request ends; nothing is read from the socket until the
 *     handler reads it
 */
record ReceivedRequest(
    String method,
    String path,
    Map<String, List<String>> headers,
    long contentLength,
    InputStream body) {

  /** The first value of a header, any case of its name, or {@code null}. */
  String header(String name) {
    List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
    return values == null || values.isEmpty() ? null : values.get(0);
  }
}
