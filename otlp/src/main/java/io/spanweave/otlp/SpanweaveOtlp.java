package io.spanweave.otlp;

/**
 * The coordinates of this module, which brings OTLP export and decoding to spanweave-runtime; see
 * the package comment. The runtime's messages name the same artifact when it is missing.
 */
public final class SpanweaveOtlp {

  /** {@code groupId:artifactId}, to add next to spanweave-runtime (no version under spanweave-bom). */
  public static final String ARTIFACT = "io.spanweave:spanweave-otlp";

  private SpanweaveOtlp() {
  }
}
