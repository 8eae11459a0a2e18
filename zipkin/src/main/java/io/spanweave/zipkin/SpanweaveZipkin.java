package io.spanweave.zipkin;

/**
 * The coordinates of this module, which brings Zipkin export to spanweave-runtime; see the package
 * comment. The runtime's message names the same artifact when it is missing.
 */
public final class SpanweaveZipkin {

  /** {@code groupId:artifactId}, to add next to spanweave-runtime (no version under spanweave-bom). */
  public static final String ARTIFACT = "io.spanweave:spanweave-zipkin";

  private SpanweaveZipkin() {
  }
}
