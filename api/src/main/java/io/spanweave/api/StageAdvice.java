package io.spanweave.api;

import java.util.Collection;
import java.util.List;

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
 *   @Override public void startAttributes(String spanName, Request request, AttributeSink attributes) {
 *     attributes.attribute("tenant", request.tenant());
 *   }
 * }
 * }</pre>
 *
 * @param <A> the type of the argument the advice reads
 */
public abstract class StageAdvice<A> {

  /**
   * The runtime generation that has this advice's live keys already; read and written by {@code
   * Stage}.
   */
  volatile long liveKeysAddedFor;

  /**
   * Whether the advice applies now. An advice that is off is skipped entirely and the span is
   * started as if the method had no advice.
   */
  public boolean enabled() {
    return true;
  }

  /**
   * The parent the span should have, such as a context carried inside the argument across a process
   * boundary; {@code null} keeps the current context as parent.
   */
  public TraceContext parent(A argument) {
    return null;
  }

  /**
   * Called just before the span starts, when the span serves one argument: a call with one, or a
   * batch of exactly one (not a batch of several, whose arguments' attributes would overwrite each
   * other). What is written to {@code attributes} is on the span from its start, so samplers and
   * the start record in {@code live.jsonl} see it. Read the argument here; change it in {@link
   * #onStart}, which follows once the span is current.
   *
   * @param spanName the name of the span about to start
   */
  public void startAttributes(String spanName, A argument, AttributeSink attributes) {}

  /**
   * Keys among this advice's attributes that {@code live.jsonl} records should carry, besides
   * {@code TraceConfig.live().attributeKeys()}, such as the id that names an in-flight item in the
   * viewer. Asked once per runtime, the first time the advice is {@linkplain #enabled() enabled},
   * and added for the rest of that run; so an advice that is off adds nothing.
   */
  public Collection<String> liveAttributeKeys() {
    return List.of();
  }

  /** Called once the span has started and is current. */
  public void onStart(StageSpan span, A argument) {}

  /**
   * Called before the span ends, with the method's result ({@code null} for {@code void} or on
   * failure) and the failure ({@code null} on success). For an asynchronous method, called when the
   * returned stage completes.
   */
  public void onEnd(StageSpan span, A argument, Object result, Throwable error) {}
}
