package io.spanweave.runtime.internal.collector;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where the collector listens, from the {@code collectorBindAddress} setting ({@code
 * SPANWEAVE_COLLECTOR_BIND}): loopback unless told otherwise, so that a run on a laptop or a shared
 * host is not reachable from the network by default.
 */
public final class BindAddress {

  /** The default: only processes on this host can connect. */
  public static final String LOOPBACK = "loopback";

  /** Every interface of this host, for workers on other hosts. */
  public static final String ALL = "all";

  private BindAddress() {}

  /**
   * {@code null}, blank or {@code loopback}: the loopback address; {@code all}, {@code *}, {@code
   * 0.0.0.0} or {@code ::}: every interface; anything else: that address or host name, which must
   * belong to this host.
   *
   * @throws IllegalArgumentException when a host name does not resolve
   */
  public static InetAddress resolve(String setting) {
    String value = setting == null ? "" : setting.trim().toLowerCase(Locale.ROOT);
    switch (value) {
      case "", LOOPBACK, "localhost":
        return InetAddress.getLoopbackAddress();
      case ALL, "*", "0.0.0.0", "::", "[::]":
        return new InetSocketAddress(0)
            .getAddress(); // the wildcard address, IPv4 and IPv6 where the JDK can
      default:
        try {
          String host =
              value.startsWith("[") && value.endsWith("]")
                  ? value.substring(1, value.length() - 1)
                  : value;
          return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
          throw new IllegalArgumentException(
              "collector bind address '"
                  + setting.trim()
                  + "' does not resolve; use "
                  + LOOPBACK
                  + " (the default), "
                  + ALL
                  + ", or an address of this host",
              e);
        }
    }
  }

  /**
   * Where a collector bound by {@code setting} listens, in words for the startup line: {@code
   * loopback only}, {@code all interfaces}, or {@code 10.1.2.3 only}.
   */
  public static String describe(String setting) {
    InetAddress address = resolve(setting);
    if (address.isAnyLocalAddress()) {
      return "all interfaces";
    }
    return address.isLoopbackAddress() ? "loopback only" : address.getHostAddress() + " only";
  }
}
