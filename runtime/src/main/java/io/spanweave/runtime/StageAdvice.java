package io.spanweave.runtime;

/**
 * Behaviour that an annotation carrying {@code @TraceAdvice} adds around the spans of the methods
 * it marks. The generated code hands the advice the method's argument of type {@code A}; the
 * processor checks at compile time that there is one.
 *
 * <p>Advices run only while tracing is on. They must not throw: a failure inside an advice is
 * logged once and counted, and the traced method runs on unchanged.
 *
 * <pre>{@code
 * public final class TenantAdvice extends StageAdvice<Request> {
 *   @Override public void onStart(StageSpan span, Request request) {
 *     span.attribute("tenant", request.tenant());
 *   }
 * }
 * }</pre>
 *
 * @param <A> the type of the argument the advice reads
 */
public abstract class StageAdvice<A> {

  /**
   * Whether the advice applies now. An advice that is off is skipped entirely and the span is
   * started as if the method had no advice.
   */
  public boolean enabled() {
    return true;
  }

  /**
   * The parent the span should have, such as a context carried inside the argument across a
   * process boundary; {@code null} keeps the current context as parent.
   */
  public TraceContext parent(A argument) {
    return null;
  }

  /** Called once the span has started and is current. */
  public void onStart(StageSpan span, A argument) {
  }

  /**
   * Called before the span ends, with the method's result ({@code null} for {@code void} or on
   * failure) and the failure ({@code null} on success). For an asynchronous method, called when
   * the returned stage completes.
   */
  public void onEnd(StageSpan span, A argument, Object result, Throwable error) {
  }
}
