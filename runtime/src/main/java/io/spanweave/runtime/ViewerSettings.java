package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;
import static io.spanweave.runtime.ConfigChecks.requirePort;

/**
 * The rollout viewer the driver starts in its own process ({@code spanweave-viewer} on the class
 * path); {@link #DEFAULT} until changed:
 *
 * <pre>{@code
 * TraceConfig.builder().enabled(true).viewer(viewer -> viewer.withEnabled(true).withPort(0)).build();
 * }</pre>
 *
 * @param enabled whether it starts; default off
 * @param host the address it listens on; default {@value #DEFAULT_HOST}, only this machine
 * @param port its port; default {@value #DEFAULT_PORT}, 0 picks a free one
 */
public record ViewerSettings(boolean enabled, String host, int port) {

  /** Default of {@link #host()}: only this machine can open the viewer. */
  public static final String DEFAULT_HOST = "127.0.0.1";

  /** Default of {@link #port()}. */
  public static final int DEFAULT_PORT = 18080;

  /** Off, on {@value #DEFAULT_HOST}:{@value #DEFAULT_PORT} when turned on. */
  public static final ViewerSettings DEFAULT =
      new ViewerSettings(false, DEFAULT_HOST, DEFAULT_PORT);

  /**
   * @throws IllegalArgumentException naming the setting that is wrong
   */
  public ViewerSettings {
    require(
        host != null && !host.isBlank(),
        "viewer.host is blank; set it to the address the viewer listens on, e.g. 127.0.0.1 or 0.0.0.0");
    requirePort(port, "viewer.port");
  }

  /** These settings, started or not. */
  public ViewerSettings withEnabled(boolean enabled) {
    return new ViewerSettings(enabled, host, port);
  }

  /** These settings on another address. */
  public ViewerSettings withHost(String host) {
    return new ViewerSettings(enabled, host, port);
  }

  /** These settings on another port; 0 picks a free one. */
  public ViewerSettings withPort(int port) {
    return new ViewerSettings(enabled, host, port);
  }

  /**
   * These settings with what {@code env} sets replaced: {@code SPANWEAVE_VIEWER_ENABLED}, {@code
   * _HOST} and {@code _PORT}; unset or empty keep these.
   *
   * @throws IllegalArgumentException naming the variable whose value is wrong
   */
  ViewerSettings withEnvironment(EnvironmentValues env) {
    return env.part(
        () ->
            new ViewerSettings(
                env.bool(TraceEnvironment.VIEWER_ENABLED).orElse(enabled),
                env.text(TraceEnvironment.VIEWER_HOST).orElse(host),
                env.integer(TraceEnvironment.VIEWER_PORT).orElse(port)),
        TraceEnvironment.VIEWER_ENABLED,
        TraceEnvironment.VIEWER_HOST,
        TraceEnvironment.VIEWER_PORT);
  }
}
