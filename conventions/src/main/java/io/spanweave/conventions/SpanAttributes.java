package io.spanweave.conventions;

/**
 * The attribute keys and span names spanweave's API and SDK write, as listed under "Span
 * conventions" in the design. The rollout preset's keys are in {@link RolloutAttributes}.
 */
public final class SpanAttributes {

  /** Resource attribute: the run every span belongs to. */
  public static final String RUN_ID = "spanweave.run.id";

  /**
   * Resource attribute: which attempt of the run the process belongs to, {@code 1}, {@code 2}, ...
   * in the order the run's drivers started (a run resumed from a checkpoint has several). A string,
   * as {@code OTEL_RESOURCE_ATTRIBUTES} carries it to workers in any language; see {@link
   * RunAttemptFiles}.
   */
  public static final String RUN_ATTEMPT = "spanweave.run.attempt";

  /** The stage, for grouping in the viewer. */
  public static final String STAGE = "spanweave.stage";

  /** The {@code io.spanweave.annotations.Kind} vocabulary, lower case. */
  public static final String KIND = "spanweave.kind";

  /** Prefix of metrics declared in {@code @Traced(metrics)} or logged on a span. */
  public static final String METRIC_PREFIX = "spanweave.metric.";

  /** {@code ok}, {@code error}, {@code cancelled} or {@code interrupted}. */
  public static final String STATUS = "spanweave.status";

  /** {@code Type.method} of the traced method. */
  public static final String CODE_FUNCTION = "code.function.name";

  /** The exception's class name on failed spans (OpenTelemetry semantic conventions). */
  public static final String ERROR_TYPE = "error.type";

  /** Name of the span events that hold previews ({@code Capture.PREVIEW}). */
  public static final String PREVIEW_EVENT = "spanweave.preview";

  /** On a preview event: what was previewed, such as {@code input.prompt} or {@code output}. */
  public static final String PREVIEW_NAME = "spanweave.preview.name";

  /** On a preview event: the bounded, redacted text. */
  public static final String PREVIEW_TEXT = "spanweave.preview.text";

  /**
   * On a span that asked for previews and on each preview event: {@code not_captured} (previews are
   * switched off), {@code redacted}, {@code truncated} or {@code captured}; the span holds the
   * strongest of its previews'. Absent on spans that capture nothing (the default).
   */
  public static final String REDACTION = "spanweave.redaction";

  /**
   * The step of the training loop the span belongs to, set with {@code Trace.step(n)}; carried in
   * baggage.
   */
  public static final String STEP = "spanweave.step";

  /** The distributed rank of the process ({@code RANK}), see {@code TraceConfig.rank()}. */
  public static final String RANK = "spanweave.rank";

  /** The rank of the process on its node ({@code LOCAL_RANK}). */
  public static final String LOCAL_RANK = "spanweave.local_rank";

  /**
   * {@code false} on a span whose parent came from a carrier that named no run: a W3C {@code
   * traceparent} from a service that does not use spanweave. The span joins that trace as W3C says
   * it should; the flag tells the viewer the parent's run was not checked.
   */
  public static final String PARENT_RUN_VERIFIED = "spanweave.parent.run_verified";

  /** The sample a span works on, as {@code @TraceAttribute("sample.id")} records it. */
  public static final String SAMPLE_ID = "sample.id";

  /** Resource attribute: OpenTelemetry's service name. */
  public static final String SERVICE_NAME = "service.name";

  /** The W3C baggage entry that carries the run id across processes. */
  public static final String BAGGAGE_RUN_ID = RUN_ID;

  /** The W3C baggage entry that carries the step across processes. */
  public static final String BAGGAGE_STEP = STEP;

  /** The name of a span whose caller gave none. */
  public static final String UNNAMED_SPAN = "unnamed";

  /** The id of the thread that started the span (OpenTelemetry semantic conventions). */
  public static final String THREAD_ID = "thread.id";

  /** The name of the thread that started the span (OpenTelemetry semantic conventions). */
  public static final String THREAD_NAME = "thread.name";

  private SpanAttributes() {}
}
