package io.spanweave.viewer.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Serves the page from the class path: a hand-written HTML file, its ES modules and one style
 * sheet.
 */
public final class StaticHandler implements HttpHandler {
  private static final String ROOT = "/io/spanweave/viewer/web/";
  private static final Map<String, String> FILES =
      Map.ofEntries(
          Map.entry("/", "index.html"),
          Map.entry("/index.html", "index.html"),
          Map.entry("/app.css", "app.css"),
          Map.entry("/favicon.svg", "favicon.svg"),
          // The page's ES modules: the entry, what the views share, one per view.
          Map.entry("/app.js", "app.js"),
          Map.entry("/shared.js", "shared.js"),
          Map.entry("/rollout.js", "rollout.js"),
          Map.entry("/traces.js", "traces.js"),
          Map.entry("/runs.js", "runs.js"),
          Map.entry("/attempts.js", "attempts.js"),
          Map.entry("/waterfall.js", "waterfall.js"),
          Map.entry("/compare.js", "compare.js"));
  private static final Map<String, String> TYPES =
      Map.of(
          "html", "text/html; charset=utf-8",
          "js", "text/javascript; charset=utf-8",
          "css", "text/css; charset=utf-8",
          "svg", "image/svg+xml");

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String file = FILES.get(exchange.getRequestURI().getPath());
      if (!exchange.getRequestMethod().equals("GET")
          && !exchange.getRequestMethod().equals("HEAD")) {
        send(
            exchange,
            405,
            "text/plain; charset=utf-8",
            "method not allowed".getBytes(StandardCharsets.UTF_8));
        return;
      }
      if (file == null) {
        send(
            exchange,
            404,
            "text/plain; charset=utf-8",
            "not found".getBytes(StandardCharsets.UTF_8));
        return;
      }
      byte[] body;
      try (InputStream in = StaticHandler.class.getResourceAsStream(ROOT + file)) {
        if (in == null) {
          send(
              exchange,
              500,
              "text/plain; charset=utf-8",
              ("missing resource " + file).getBytes(StandardCharsets.UTF_8));
          return;
        }
        body = in.readAllBytes();
      }
      String ext = file.substring(file.lastIndexOf('.') + 1);
      send(exchange, 200, TYPES.get(ext), body);
    }
  }

  static void send(HttpExchange exchange, int status, String contentType, byte[] body)
      throws IOException {
    var headers = exchange.getResponseHeaders();
    headers.set("Content-Type", contentType);
    headers.set("Cache-Control", "no-cache");
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "no-referrer");
    // Defence in depth behind the page's textContent-only rendering: no inline or foreign script.
    headers.set(
        "Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    boolean head = exchange.getRequestMethod().equals("HEAD");
    exchange.sendResponseHeaders(status, head ? -1 : body.length);
    if (!head) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }
}
