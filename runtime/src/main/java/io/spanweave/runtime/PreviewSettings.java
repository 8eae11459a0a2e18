package io.spanweave.runtime;

/**
 * Previews of stages marked {@code @Traced(capture = Capture.PREVIEW)}.
 *
 * @param enabled off, no preview and no exception message is recorded anywhere
 * @param maxBytes most UTF-8 bytes of one preview, after redaction
 */
public record PreviewSettings(boolean enabled, int maxBytes) {
}
