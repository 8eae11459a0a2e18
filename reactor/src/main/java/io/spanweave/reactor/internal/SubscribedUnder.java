package io.spanweave.reactor.internal;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.api.TracingFaults;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxOperator;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoOperator;

/**
 * Subscribes to a traced publisher with its span current on the subscribing thread, so that work
 * the source does while it is subscribed (a {@code Mono.fromCallable} without a scheduler, a nested
 * synchronous traced call) sees the span as {@code TraceContext.current()} and in the log's MDC.
 * Signals that arrive later, on other threads, carry the span in the Reactor context only.
 *
 * <p>Not part of spanweave's API.
 */
public final class SubscribedUnder {

  private SubscribedUnder() {}

  private static TraceScope attach(TraceContext context) {
    try {
      return Trace.attach(context);
    } catch (RuntimeException e) {
      TracingFaults.report("reactor", "could not make the span current while subscribing", e);
      return null;
    }
  }

  private static void close(TraceScope scope) {
    if (scope != null) {
      scope.close();
    }
  }

  /** A {@code Mono} subscribed to under {@code context}. */
  public static final class ToMono<T> extends MonoOperator<T, T> {
    private final TraceContext context;

    public ToMono(Mono<T> source, TraceContext context) {
      super(source);
      this.context = context;
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> actual) {
      TraceScope scope = attach(context);
      try {
        source.subscribe(actual);
      } finally {
        close(scope);
      }
    }
  }

  /** A {@code Flux} subscribed to under {@code context}. */
  public static final class ToFlux<T> extends FluxOperator<T, T> {
    private final TraceContext context;

    public ToFlux(Flux<T> source, TraceContext context) {
      super(source);
      this.context = context;
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> actual) {
      TraceScope scope = attach(context);
      try {
        source.subscribe(actual);
      } finally {
        close(scope);
      }
    }
  }
}
