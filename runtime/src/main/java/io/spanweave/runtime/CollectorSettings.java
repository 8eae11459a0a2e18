package io.spanweave.runtime;

/**
 * The driver's local collector, which child processes export their spans to when the run exports
 * to its local file ({@link ExportTarget.LocalFile}).
 *
 * @param port the port it listens on; 0 picks a free one
 * @param advertisedHost the host name or address it gives child processes, such as a pod IP;
 *     {@code null} picks this host's routable address
 * @param maxRequestBytes the largest request body it accepts, compressed and after decompression
 * @param bindAddress where it listens: {@code null} or {@code loopback} (only this host), {@code all}
 *     (every interface), or an address of this host
 */
public record CollectorSettings(int port, String advertisedHost, long maxRequestBytes, String bindAddress) {

  /** Settings that listen on loopback, the default. */
  public CollectorSettings(int port, String advertisedHost, long maxRequestBytes) {
    this(port, advertisedHost, maxRequestBytes, null);
  }
}
