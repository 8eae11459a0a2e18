package io.spanweave.runtime.internal.collector;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The address the collector gives child processes, which may run on other hosts: never loopback
 * when this host has anything better. In order:
 *
 * <ol>
 *   <li>the host configured by {@code collectorAdvertisedHost} ({@code SPANWEAVE_COLLECTOR_HOST}),
 *       as written: the way to name a pod IP, a service name or the right one of several
 *       interfaces;
 *   <li>the source address of this host's default route, found by connecting a UDP socket, which
 *       only asks the kernel for a route and sends no packet;
 *   <li>the first address of an interface that is up and not loopback, IPv4 before IPv6, link-local
 *       last;
 *   <li>loopback, with one warning naming it: then only children on this host can reach the
 *       collector.
 * </ol>
 *
 * {@code InetAddress.getLocalHost()} is deliberately not used: on many Debian and Ubuntu hosts it
 * answers {@code 127.0.1.1}, a loopback address that silently breaks children on other hosts.
 */
final class AdvertisedAddress {

  private static final System.Logger LOG = System.getLogger("io.spanweave");

  /** The same host gives the same answer every run: warn once per process, not per run. */
  private static final AtomicBoolean WARNED_LOOPBACK = new AtomicBoolean();

  /** A documentation address (TEST-NET-3): the route to it is the default route. */
  private static final String ROUTE_PROBE = "203.0.113.1";

  private AdvertisedAddress() {}

  /** The host part of the collector's URL: a name or an address, IPv6 in brackets. */
  static String choose(String configuredHost) {
    return choose(
        configuredHost,
        AdvertisedAddress::defaultRouteSource,
        AdvertisedAddress::firstInterfaceAddress);
  }

  /** {@link #choose(String)} with the two ways of finding this host's address given, for tests. */
  static String choose(
      String configuredHost, Supplier<InetAddress> routeSource, Supplier<InetAddress> interfaces) {
    if (configuredHost != null && !configuredHost.isBlank()) {
      return configuredHost.trim();
    }
    InetAddress address = routeSource.get();
    if (address == null) {
      address = interfaces.get();
    }
    if (address == null) {
      address = InetAddress.getLoopbackAddress();
      if (WARNED_LOOPBACK.compareAndSet(false, true)) {
        LOG.log(
            Level.WARNING,
            "spanweave: this host has no network address but loopback, so the local collector "
                + "is advertised to child processes as "
                + address.getHostAddress()
                + ": children on other hosts "
                + "cannot reach it. Set SPANWEAVE_COLLECTOR_HOST (TraceConfig.collectorAdvertisedHost) to an address "
                + "they can reach, or use an external collector (OTEL_EXPORTER_OTLP_ENDPOINT).");
      }
    }
    return urlHost(address);
  }

  /** Whether the loopback warning has been logged in this process. */
  static boolean warnedAboutLoopback() {
    return WARNED_LOOPBACK.get();
  }

  private static InetAddress defaultRouteSource() {
    try (DatagramSocket probe = new DatagramSocket()) {
      probe.connect(new InetSocketAddress(ROUTE_PROBE, 9));
      InetAddress local = probe.getLocalAddress();
      return usable(local) ? local : null;
    } catch (IOException | RuntimeException e) {
      return null; // no default route: fall back to the interfaces
    }
  }

  private static InetAddress firstInterfaceAddress() {
    List<InetAddress> candidates = new ArrayList<>();
    try {
      for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        if (nic.isUp() && !nic.isLoopback()) {
          for (InetAddress address : Collections.list(nic.getInetAddresses())) {
            if (usable(address)) {
              candidates.add(address);
            }
          }
        }
      }
    } catch (SocketException e) {
      return null;
    }
    candidates.sort(Comparator.comparingInt(AdvertisedAddress::preference));
    return candidates.isEmpty() ? null : candidates.get(0);
  }

  private static boolean usable(InetAddress address) {
    return address != null
        && !address.isLoopbackAddress()
        && !address.isAnyLocalAddress()
        && !address.isMulticastAddress();
  }

  /**
   * Lower is better: IPv4, then global IPv6, then link-local (which needs a scope to be reached).
   */
  private static int preference(InetAddress address) {
    if (address.isLinkLocalAddress()) {
      return 2;
    }
    return address instanceof Inet4Address ? 0 : 1;
  }

  private static String urlHost(InetAddress address) {
    String text = address.getHostAddress();
    if (address instanceof Inet6Address) {
      int scope = text.indexOf('%');
      return "[" + (scope < 0 ? text : text.substring(0, scope)) + "]";
    }
    return text;
  }
}
