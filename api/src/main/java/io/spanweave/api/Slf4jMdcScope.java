package io.spanweave.api;

import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Scope;
import io.spanweave.conventions.LogCorrelationKeys;
import org.slf4j.MDC;

/**
 * The scope of {@link LogCorrelation}: the only class of the API that names SLF4J, loaded only when
 * SLF4J is on the class path. It keeps what the MDC held before the stage, and puts it back.
 */
final class Slf4jMdcScope implements Scope {

  private final Scope scope;
  private final String traceId;
  private final String spanId;
  private final String sampleId;

  private Slf4jMdcScope(Scope scope, String traceId, String spanId, String sampleId) {
    this.scope = scope;
    this.traceId = traceId;
    this.spanId = spanId;
    this.sampleId = sampleId;
  }

  static Scope open(SpanContext context, Scope scope) {
    if (!context.isValid()) {
      return scope;
    }
    try {
      Slf4jMdcScope restore =
          new Slf4jMdcScope(
              scope,
              MDC.get(LogCorrelationKeys.TRACE_ID),
              MDC.get(LogCorrelationKeys.SPAN_ID),
              MDC.get(LogCorrelationKeys.SAMPLE_ID));
      MDC.put(LogCorrelationKeys.TRACE_ID, context.getTraceId());
      MDC.put(LogCorrelationKeys.SPAN_ID, context.getSpanId());
      return restore;
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("mdc", "could not put the trace ids into the SLF4J MDC", e);
      return scope;
    }
  }

  static void sample(String sampleId) {
    try {
      MDC.put(LogCorrelationKeys.SAMPLE_ID, sampleId);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("mdc", "could not put the sample id into the SLF4J MDC", e);
    }
  }

  @Override
  public void close() {
    scope.close();
    try {
      restore(LogCorrelationKeys.TRACE_ID, traceId);
      restore(LogCorrelationKeys.SPAN_ID, spanId);
      restore(LogCorrelationKeys.SAMPLE_ID, sampleId);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("mdc", "could not restore the SLF4J MDC", e);
    }
  }

  private static void restore(String key, String value) {
    if (value == null) {
      MDC.remove(key);
    } else {
      MDC.put(key, value);
    }
  }
}
