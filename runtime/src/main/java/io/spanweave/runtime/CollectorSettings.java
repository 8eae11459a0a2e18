package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;
import static io.spanweave.runtime.ConfigChecks.requireNullOrText;
import static io.spanweave.runtime.ConfigChecks.requirePort;

/**
 * The driver's local collector, which child processes export their spans to when the run exports to
 * its local file ({@link ExportTarget.LocalFile}). Every request must carry the run's bearer token
 * whatever these say; see the collector section of {@code docs/deployment.md}.
 *
 * <pre>{@code
 * TraceConfig.builder().collector(collector -> collector.withBindAddress("all").withAdvertisedHost("10.0.0.5")).build();
 * }</pre>
 *
 * @param port the port it listens on; default 0, any free port
 * @param advertisedHost the host name or address it gives child processes, such as a pod IP or a
 *     service name; {@code null} (the default) advertises the address it listens on, and a routable
 *     address of this host when it listens on all interfaces
 * @param maxRequestBytes the largest request body it accepts, compressed and after decompression; a
 *     larger one is refused with 413. Default {@value #DEFAULT_MAX_REQUEST_BYTES} (16 MiB), far
 *     above a batch of 512 spans
 * @param bindAddress where it listens: {@code null} (the default) or {@code loopback} for loopback
 *     only, so that only processes on this host reach it; {@code all} for every interface, for
 *     workers on other hosts; or one address of this host
 */
public record CollectorSettings(
    int port, String advertisedHost, long maxRequestBytes, String bindAddress) {

  /** Default of {@link #maxRequestBytes()}. */
  public static final long DEFAULT_MAX_REQUEST_BYTES = 16L * 1024 * 1024;

  /** Any free port on loopback, advertised as it is. */
  public static final CollectorSettings DEFAULT =
      new CollectorSettings(0, null, DEFAULT_MAX_REQUEST_BYTES, null);

  /**
   * @throws IllegalArgumentException naming the setting that is wrong
   */
  public CollectorSettings {
    requirePort(port, "collector.port");
    requireNullOrText(
        advertisedHost,
        "collector.advertisedHost",
        "set it to a host name or address children can "
            + "reach, or leave it unset to pick this host's routable address");
    require(
        maxRequestBytes >= 1024,
        "collector.maxRequestBytes "
            + maxRequestBytes
            + " is too small for an OTLP request; use at least 1024, e.g. 16777216 (16 MiB)");
    requireNullOrText(
        bindAddress,
        "collector.bindAddress",
        "use loopback (the default), all, or an address of this host");
  }

  /** These settings on another port; 0 picks a free one. */
  public CollectorSettings withPort(int port) {
    return new CollectorSettings(port, advertisedHost, maxRequestBytes, bindAddress);
  }

  /** These settings advertising another host to children; {@code null} picks one. */
  public CollectorSettings withAdvertisedHost(String advertisedHost) {
    return new CollectorSettings(port, advertisedHost, maxRequestBytes, bindAddress);
  }

  /** These settings with another request size limit. */
  public CollectorSettings withMaxRequestBytes(long maxRequestBytes) {
    return new CollectorSettings(port, advertisedHost, maxRequestBytes, bindAddress);
  }

  /**
   * These settings listening elsewhere: {@code loopback}, {@code all}, or an address of this host.
   */
  public CollectorSettings withBindAddress(String bindAddress) {
    return new CollectorSettings(port, advertisedHost, maxRequestBytes, bindAddress);
  }

  /**
   * These settings with what {@code env} sets replaced: {@code SPANWEAVE_COLLECTOR_PORT}, {@code
   * _HOST}, {@code _MAX_REQUEST_BYTES} and {@code _BIND}; unset or empty keep these.
   *
   * @throws IllegalArgumentException naming the variable whose value is wrong
   */
  CollectorSettings withEnvironment(EnvironmentValues env) {
    return env.part(
        () ->
            new CollectorSettings(
                env.integer(TraceEnvironment.COLLECTOR_PORT).orElse(port),
                env.text(TraceEnvironment.COLLECTOR_HOST).orElse(advertisedHost),
                env.longInteger(TraceEnvironment.COLLECTOR_MAX_REQUEST_BYTES)
                    .orElse(maxRequestBytes),
                env.text(TraceEnvironment.COLLECTOR_BIND).orElse(bindAddress)),
        TraceEnvironment.COLLECTOR_PORT,
        TraceEnvironment.COLLECTOR_HOST,
        TraceEnvironment.COLLECTOR_MAX_REQUEST_BYTES,
        TraceEnvironment.COLLECTOR_BIND);
  }
}
