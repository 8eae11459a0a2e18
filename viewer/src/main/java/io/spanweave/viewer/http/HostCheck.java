package io.spanweave.viewer.http;

import com.sun.net.httpserver.Filter;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.InetAddress;
import java.util.Locale;

/**
 * Answers only requests addressed to this viewer: the {@code Host} header must name the address it
 * is bound to or {@code localhost}. A page on another site can make a browser send requests to the
 * viewer through a DNS name it controls and re-points to 127.0.0.1 (DNS rebinding); such requests
 * carry that name as their Host and are refused before any data is read.
 *
 * <p>An IP address literal is accepted when the viewer listens on every interface (a rebinding
 * attack needs a name), as the address users then type is the machine's.
 */
public final class HostCheck extends Filter {
  private final String boundHost;
  private final boolean wildcard;

  public HostCheck(String boundHost) {
    this.boundHost = bare(boundHost);
    this.wildcard = isWildcard(this.boundHost);
  }

  @Override
  public void doFilter(HttpExchange exchange, Chain chain) throws IOException {
    String host = exchange.getRequestHeaders().getFirst("Host");
    if (host == null || host.isBlank()) {
      ApiHandler.sendError(exchange, 400, "the request has no Host header");
      exchange.close();
      return;
    }
    if (!allowed(host)) {
      ApiHandler.sendError(
          exchange,
          403,
          "Host '"
              + host
              + "' is not this viewer's address; open it as "
              + (wildcard ? "localhost or the machine's IP address" : boundHost + " or localhost")
              + " (requests through other names are refused to protect against DNS rebinding)");
      exchange.close();
      return;
    }
    chain.doFilter(exchange);
  }

  @Override
  public String description() {
    return "accepts only requests whose Host is the viewer's own address";
  }

  boolean allowed(String hostHeader) {
    String host = bare(withoutPort(hostHeader.trim()));
    if (host.equals("localhost") || host.equals(boundHost)) {
      return true;
    }
    if (isIpLiteral(host)) {
      if (wildcard) {
        return true;
      }
      if (!isIpLiteral(boundHost)) {
        return false; // never a DNS lookup on the request path
      }
      try {
        // 127.0.0.1 and ::1 may be spelt differently from how --host spelt them.
        return InetAddress.getByName(host).equals(InetAddress.getByName(boundHost));
      } catch (IOException e) {
        return false;
      }
    }
    return false;
  }

  private static String withoutPort(String host) {
    if (host.startsWith("[")) {
      int close = host.indexOf(']');
      return close < 0 ? host : host.substring(0, close + 1);
    }
    int colon = host.indexOf(':');
    // One colon: name or IPv4 with a port; more: a bare IPv6 address (not valid in Host, but
    // harmless).
    return colon >= 0 && host.indexOf(':', colon + 1) < 0 ? host.substring(0, colon) : host;
  }

  /** Lower case, without IPv6 brackets and a trailing dot. */
  private static String bare(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    if (h.startsWith("[") && h.endsWith("]")) {
      h = h.substring(1, h.length() - 1);
    }
    return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
  }

  private static boolean isWildcard(String host) {
    return host.equals("0.0.0.0") || host.equals("::") || host.equals("0:0:0:0:0:0:0:0");
  }

  /** IPv4 dotted quad or IPv6 (has a colon); checked without any DNS lookup. */
  static boolean isIpLiteral(String host) {
    if (host.indexOf(':') >= 0) {
      return true; // names cannot hold a colon: an IPv6 address
    }
    return host.matches("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
  }
}
