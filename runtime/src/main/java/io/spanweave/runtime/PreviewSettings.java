package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;

/**
 * Previews of stages marked {@code @Traced(capture = Capture.PREVIEW)} (and {@code Trace.span(...,
 * Capture.PREVIEW)}). Stages with the default {@code Capture.OFF} never record previews either way.
 *
 * @param enabled default on. Off, no preview and no exception message is recorded anywhere, and
 *     such spans say {@code spanweave.redaction=not_captured}: the switch for a production run
 *     whose code still has PREVIEW stages ({@code SPANWEAVE_PREVIEWS=false})
 * @param maxBytes most UTF-8 bytes of one preview, after redaction; longer ones are cut on a
 *     character boundary. Default {@value #DEFAULT_MAX_BYTES}
 */
public record PreviewSettings(boolean enabled, int maxBytes) {

  /** Default of {@link #maxBytes()}: 4 KiB. */
  public static final int DEFAULT_MAX_BYTES = 4096;

  /** On, {@value #DEFAULT_MAX_BYTES} bytes. */
  public static final PreviewSettings DEFAULT = new PreviewSettings(true, DEFAULT_MAX_BYTES);

  /**
   * @throws IllegalArgumentException naming the setting that is wrong
   */
  public PreviewSettings {
    require(
        maxBytes >= 16,
        "previews.maxBytes "
            + maxBytes
            + " is too small for a preview; use at least 16, "
            + "e.g. 4096, or turn previews off with previews(previews -> previews.withEnabled(false))");
  }

  /** These settings, recording previews or not. */
  public PreviewSettings withEnabled(boolean enabled) {
    return new PreviewSettings(enabled, maxBytes);
  }

  /** These settings with another size limit. */
  public PreviewSettings withMaxBytes(int maxBytes) {
    return new PreviewSettings(enabled, maxBytes);
  }

  /**
   * These settings with what {@code env} sets replaced: {@code SPANWEAVE_PREVIEWS} and {@code
   * SPANWEAVE_PREVIEW_MAX_BYTES}; unset or empty keep these.
   *
   * @throws IllegalArgumentException naming the variable whose value is wrong
   */
  PreviewSettings withEnvironment(EnvironmentValues env) {
    return env.part(
        () ->
            new PreviewSettings(
                env.bool(TraceEnvironment.PREVIEWS).orElse(enabled),
                env.integer(TraceEnvironment.PREVIEW_MAX_BYTES).orElse(maxBytes)),
        TraceEnvironment.PREVIEWS,
        TraceEnvironment.PREVIEW_MAX_BYTES);
  }
}
