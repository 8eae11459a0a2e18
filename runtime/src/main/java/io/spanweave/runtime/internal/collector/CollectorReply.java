package io.spanweave.runtime.internal.collector;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the collector answers one request.
 *
 * @param extraHeaders headers besides {@code Content-Type} and {@code Content-Length}
 */
record CollectorReply(
    int status, String contentType, byte[] body, Map<String, String> extraHeaders) {

  static CollectorReply of(int status, String contentType, byte[] body) {
    return new CollectorReply(status, contentType, body, Map.of());
  }

  static CollectorReply text(int status, String message) {
    return of(
        status, "text/plain; charset=utf-8", (message + "\n").getBytes(StandardCharsets.UTF_8));
  }

  CollectorReply withHeader(String name, String value) {
    LinkedHashMap<String, String> headers = new LinkedHashMap<>(extraHeaders);
    headers.put(name, value);
    return new CollectorReply(status, contentType, body, Map.copyOf(headers));
  }
}
