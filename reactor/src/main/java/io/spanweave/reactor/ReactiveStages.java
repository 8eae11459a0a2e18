package io.spanweave.reactor;

import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.reactor.internal.StageSignals;
import io.spanweave.reactor.internal.SubscribedUnder;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

/**
 * The spans of {@code @Traced} methods that return a {@link Mono} or a {@link Flux}, as the
 * generated delegates call it:
 *
 * <pre>{@code
 * return ReactiveStages.mono(JUDGE, () -> delegate.judge(id), span -> span.attribute("sample.id", id),
 *     (span, value) -> span.metric("score", value.score()));
 * }</pre>
 *
 * <p>The method is called at once, as without tracing, so that an exception it throws reaches the
 * caller unchanged (and is recorded on a span of its own). Each subscription to the returned
 * publisher then gets one span: it starts when the subscriber subscribes and ends on the last
 * signal: the value (for a {@code Mono}), completion, error, or cancellation, recorded as {@code
 * spanweave.status} {@code ok}, {@code error} or {@code cancelled}. Its parent is the span of the
 * traced publisher that subscribes to it (read from the Reactor context under {@link
 * #CONTEXT_KEY}), else the span current on the subscribing thread, else the span current when the
 * method was called. The publisher's own subscription runs with the span current on the subscribing
 * thread and with the span's context in the Reactor context, so traced calls made inside it, on any
 * thread, become its children.
 *
 * <p>While tracing is off the method's publisher is returned as it is.
 */
public final class ReactiveStages {

  /**
   * The Reactor context key under which a traced publisher gives its span's {@link TraceContext} to
   * the publishers it subscribes to; read it with {@link #traceContext(ContextView)}.
   */
  public static final String CONTEXT_KEY = "io.spanweave.trace-context";

  private ReactiveStages() {}

  /** A traced {@code Mono} without attributes or metrics. */
  public static <T, E extends Exception> Mono<T> mono(Stage stage, Trace.Call<Mono<T>, E> method)
      throws E {
    return mono(stage, method, null, null);
  }

  /**
   * A traced {@code Mono}.
   *
   * @param stage the method's stage
   * @param method calls the traced method; called once, now
   * @param onStart records the start attributes on each subscription's span; may be {@code null}
   * @param onValue records the metrics read from the emitted value; may be {@code null}
   * @throws E what the method throws
   */
  public static <T, E extends Exception> Mono<T> mono(
      Stage stage,
      Trace.Call<Mono<T>, E> method,
      Consumer<? super StageSpan> onStart,
      BiConsumer<? super StageSpan, ? super T> onValue)
      throws E {
    Objects.requireNonNull(stage, "stage");
    if (!Stage.tracingOn()) {
      return method.call();
    }
    TraceContext caller = TraceContext.current();
    Mono<T> source = called(stage, method, caller, onStart);
    if (source == null) {
      return null;
    }
    return Mono.deferContextual(
        view -> {
          StageSignals<T> signals =
              StageSignals.start(stage, parent(view, caller), onStart, onValue);
          TraceContext context = signals.context();
          Mono<T> traced =
              source
                  .contextWrite(c -> c.put(CONTEXT_KEY, context))
                  .doOnSuccess(signals::valueAndEnd)
                  .doOnError(signals::error)
                  .doOnCancel(signals::cancel);
          return new SubscribedUnder.ToMono<>(traced, context);
        });
  }

  /** A traced {@code Flux} without attributes or metrics. */
  public static <T, E extends Exception> Flux<T> flux(Stage stage, Trace.Call<Flux<T>, E> method)
      throws E {
    return flux(stage, method, null, null);
  }

  /**
   * A traced {@code Flux}: one span from subscription to completion, error or cancellation. Metrics
   * are read from every element, so that each records the last element's value.
   *
   * @param stage the method's stage
   * @param method calls the traced method; called once, now
   * @param onStart records the start attributes on each subscription's span; may be {@code null}
   * @param onValue records the metrics read from each element; may be {@code null}
   * @throws E what the method throws
   */
  public static <T, E extends Exception> Flux<T> flux(
      Stage stage,
      Trace.Call<Flux<T>, E> method,
      Consumer<? super StageSpan> onStart,
      BiConsumer<? super StageSpan, ? super T> onValue)
      throws E {
    Objects.requireNonNull(stage, "stage");
    if (!Stage.tracingOn()) {
      return method.call();
    }
    TraceContext caller = TraceContext.current();
    Flux<T> source = called(stage, method, caller, onStart);
    if (source == null) {
      return null;
    }
    return Flux.deferContextual(
        view -> {
          StageSignals<T> signals =
              StageSignals.start(stage, parent(view, caller), onStart, onValue);
          TraceContext context = signals.context();
          Flux<T> traced =
              source
                  .contextWrite(c -> c.put(CONTEXT_KEY, context))
                  .doOnNext(signals::value)
                  .doOnComplete(signals::complete)
                  .doOnError(signals::error)
                  .doOnCancel(signals::cancel);
          return new SubscribedUnder.ToFlux<>(traced, context);
        });
  }

  /**
   * The span of the nearest traced publisher that subscribed with {@code view}, such as {@code
   * Mono.deferContextual(view -> ...)} gives it; the root context when there is none. Make it
   * current with {@code Trace.attach} for code that runs on a thread of its own.
   */
  public static TraceContext traceContext(ContextView view) {
    Object context = view == null ? null : view.getOrDefault(CONTEXT_KEY, null);
    return context instanceof TraceContext ? (TraceContext) context : TraceContext.root();
  }

  /** The Reactor context's span, else the subscribing thread's, else the caller's at assembly. */
  private static TraceContext parent(ContextView view, TraceContext caller) {
    TraceContext fromReactor = traceContext(view);
    if (fromReactor.isValid()) {
      return fromReactor;
    }
    TraceContext subscribing = TraceContext.current();
    return subscribing.isValid() ? subscribing : caller;
  }

  /**
   * Calls the method; when it throws (before any subscription), records a failed span of its own,
   * as a synchronous traced method would, and rethrows unchanged.
   */
  private static <P, E extends Exception> P called(
      Stage stage,
      Trace.Call<P, E> method,
      TraceContext caller,
      Consumer<? super StageSpan> onStart)
      throws E {
    try {
      return method.call();
    } catch (Exception | Error e) {
      StageSpan span = stage.startDetached(caller);
      StageSignals.recordStart(span, onStart);
      span.fail(e);
      span.end();
      throw e;
    }
  }
}
