package io.spanweave.conventions;

/**
 * The SLF4J MDC keys spanweave fills while a stage runs (the names OpenTelemetry's own log
 * instrumentation uses for the ids), for a log pattern such as {@code %d %-5level [%X{trace_id}
 * %X{span_id} %X{sample_id}] %logger - %msg%n}.
 */
public final class LogCorrelationKeys {

  /** The 32-hex-digit trace id. */
  public static final String TRACE_ID = "trace_id";

  /** The 16-hex-digit span id of the stage running on the thread. */
  public static final String SPAN_ID = "span_id";

  /**
   * The sample the stage works on ({@code sample.id} or {@code rollout.id}), once it is recorded.
   */
  public static final String SAMPLE_ID = "sample_id";

  private LogCorrelationKeys() {}
}
