package io.spanweave.api;

import io.opentelemetry.api.trace.SpanBuilder;
import io.spanweave.api.internal.ActiveTracing;
import java.util.Collection;

/**
 * A {@link Stage}'s calls into a {@link StageAdvice}, the user's code: each one guarded, so that an
 * advice that throws is reported to {@link TracingFaults} and the traced call goes on. {@code name}
 * is the span's, for the report.
 */
final class AdviceCalls {

  private AdviceCalls() {}

  /**
   * Whether {@code advice} is there and says it applies; a failing {@code enabled()} is reported
   * and means no.
   */
  static boolean enabled(StageAdvice<?> advice) {
    try {
      return advice != null && advice.enabled();
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report(
          "advice", "advice " + advice.getClass().getName() + " failed in enabled()", e);
      return false;
    }
  }

  /**
   * The attributes {@code advice} gives {@code argument}'s span before its start, onto {@code
   * builder}.
   */
  static <A> void startAttributes(
      String name,
      ActiveTracing active,
      SpanBuilder builder,
      StageAdvice<? super A> advice,
      A argument) {
    try {
      advice.startAttributes(name, argument, new SpanBuilderAttributes(builder, active));
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report(
          "advice",
          "advice "
              + advice.getClass().getName()
              + " failed to give the start attributes of span '"
              + name
              + "'",
          e);
    }
  }

  /**
   * The first time {@code advice} applies under this runtime, adds its live keys to the run's
   * {@code live.jsonl} records; later starts pay one volatile read. Two threads may both add them
   * on the first start, which adds the same keys twice and is harmless.
   */
  static void addLiveKeys(ActiveTracing active, StageAdvice<?> advice) {
    if (advice.liveKeysAddedFor == active.generation) {
      return;
    }
    try {
      Collection<String> keys = advice.liveAttributeKeys();
      if (keys != null && !keys.isEmpty()) {
        active.addLiveAttributeKeys(keys);
      }
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report(
          "advice", "advice " + advice.getClass().getName() + " failed in liveAttributeKeys()", e);
    }
    advice.liveKeysAddedFor = active.generation;
  }

  /** Shows {@code advice} the started {@code span} of {@code argument}. */
  static <A> void onStart(String name, StageAdvice<? super A> advice, StageSpan span, A argument) {
    try {
      advice.onStart(span, argument);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report(
          "advice",
          "advice " + advice.getClass().getName() + " failed at the start of span '" + name + "'",
          e);
    }
  }
}
