package io.spanweave.api;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.spanweave.conventions.SpanAttributes;

/**
 * Puts the trace id, the span id and the sample id of the stage that runs on a thread into the
 * SLF4J MDC ({@code trace_id}, {@code span_id}, {@code sample_id}), so that every log line written
 * meanwhile names its trace, and restores what was there when the stage's scope closes. An async
 * stage's scope closes when its method returns, so nothing leaks into the threads that complete it.
 *
 * <p>Only when SLF4J is on the class path; without it nothing changes and no SLF4J class is loaded.
 * {@code -Dspanweave.mdc=false} (or {@code SPANWEAVE_MDC=false}) turns it off.
 */
final class LogCorrelation {

  /** Read once: whether SLF4J is there and the switch is not off. */
  static final boolean ENABLED = slf4jPresent() && switchedOn();

  private LogCorrelation() {}

  /**
   * Makes {@code span} current, as {@code span.makeCurrent()}, with its ids in the MDC until the
   * scope closes.
   */
  @SuppressWarnings("MustBeClosedChecker") // the scope is returned: the caller closes it
  static Scope makeCurrent(Span span) {
    Scope scope = span.makeCurrent();
    return ENABLED ? Slf4jMdcScope.open(span.getSpanContext(), scope) : scope;
  }

  /**
   * Makes {@code parent} with {@code span} current, with the span's ids in the MDC: what {@code
   * span.makeCurrent()} does when {@code parent} is the current context, without reading it again.
   */
  @SuppressWarnings("MustBeClosedChecker") // the scope is returned: the caller closes it
  static Scope makeCurrent(Context parent, Span span) {
    Scope scope = parent.with(span).makeCurrent();
    return ENABLED ? Slf4jMdcScope.open(span.getSpanContext(), scope) : scope;
  }

  /**
   * Makes {@code context} current, as {@code context.makeCurrent()}, with its span's ids in the
   * MDC.
   */
  @SuppressWarnings("MustBeClosedChecker") // the scope is returned: the caller closes it
  static Scope makeCurrent(Context context) {
    Scope scope = context.makeCurrent();
    return ENABLED ? Slf4jMdcScope.open(Span.fromContext(context).getSpanContext(), scope) : scope;
  }

  /**
   * Whether an attribute of {@code key} names the sample a stage serves ({@code sample.id}, {@code
   * rollout.id}).
   */
  static boolean namesSample(String key) {
    return SpanAttributes.SAMPLE_ID.equals(key) || "rollout.id".equals(key);
  }

  /**
   * Records the sample id of the stage running on this thread, given under a key that {@linkplain
   * #namesSample names a sample}; restored when that stage's scope closes.
   */
  static void sample(String sampleId) {
    if (ENABLED) {
      Slf4jMdcScope.sample(sampleId);
    }
  }

  private static boolean slf4jPresent() {
    try {
      Class.forName("org.slf4j.MDC", false, LogCorrelation.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static boolean switchedOn() {
    String value = System.getProperty("spanweave.mdc", System.getenv("SPANWEAVE_MDC"));
    return value == null || !value.trim().equalsIgnoreCase("false");
  }
}
