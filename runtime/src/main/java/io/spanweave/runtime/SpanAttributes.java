package io.spanweave.runtime;

/** The attribute keys spanweave writes, as listed under "Span conventions" in the design. */
public final class SpanAttributes {

  /** Resource attribute: the run every span belongs to. */
  public static final String RUN_ID = "spanweave.run.id";
  /** The stage, for grouping in the viewer. */
  public static final String STAGE = "spanweave.stage";
  /** The {@link io.spanweave.annotations.Kind} vocabulary, lower case. */
  public static final String KIND = "spanweave.kind";
  /** Prefix of metrics declared in {@code @Traced(metrics)} or logged on a span. */
  public static final String METRIC_PREFIX = "spanweave.metric.";
  /** {@code ok}, {@code error}, {@code cancelled} or {@code interrupted}. */
  public static final String STATUS = "spanweave.status";
  /** {@code Type.method} of the traced method. */
  public static final String CODE_FUNCTION = "code.function.name";
  /** The exception's class name on failed spans (OpenTelemetry semantic conventions). */
  public static final String ERROR_TYPE = "error.type";

  private SpanAttributes() {
  }
}
