package io.spanweave.reactor.internal;

import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TracingFaults;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The span of one subscription to a traced publisher, and what its signals record. The first
 * terminal signal ends it; a later one (a cancel after a {@code Mono}'s value, as {@code block()}
 * sends) changes nothing. Never throws into the stream: a failing metric read is a tracing fault.
 *
 * <p>Not part of spanweave's API.
 */
public final class StageSignals<T> {

  private final StageSpan span;
  private final BiConsumer<? super StageSpan, ? super T> onValue;
  private final AtomicBoolean ended = new AtomicBoolean();

  private StageSignals(StageSpan span, BiConsumer<? super StageSpan, ? super T> onValue) {
    this.span = span;
    this.onValue = onValue;
  }

  /** Starts the span of a subscription under {@code parent} and records its start attributes. */
  public static <T> StageSignals<T> start(
      Stage stage,
      TraceContext parent,
      Consumer<? super StageSpan> onStart,
      BiConsumer<? super StageSpan, ? super T> onValue) {
    StageSpan span = stage.startDetached(parent);
    recordStart(span, onStart);
    return new StageSignals<>(span, onValue);
  }

  /** Runs {@code onStart} on {@code span}, unless tracing went off meanwhile. */
  public static void recordStart(StageSpan span, Consumer<? super StageSpan> onStart) {
    if (onStart != null && span.isRecording()) {
      try {
        onStart.accept(span);
      } catch (RuntimeException e) {
        TracingFaults.report(
            "reactor", "could not record the start attributes of span '" + span.name() + "'", e);
      }
    }
  }

  /** The span's context, for the Reactor context of the source and its subscription. */
  public TraceContext context() {
    return span.context();
  }

  /** An element of a {@code Flux}: its metrics, which the next element's overwrite. */
  public void value(T value) {
    if (!ended.get()) {
      record(value);
    }
  }

  /** A {@code Mono}'s value, or {@code null} when it completed empty: the span ends ok. */
  public void valueAndEnd(T value) {
    if (ended.compareAndSet(false, true)) {
      if (value != null) {
        record(value);
      }
      span.end();
    }
  }

  /** A {@code Flux} completed: the span ends ok. */
  public void complete() {
    if (ended.compareAndSet(false, true)) {
      span.end();
    }
  }

  /** The publisher failed. */
  public void error(Throwable failure) {
    if (ended.compareAndSet(false, true)) {
      span.fail(failure);
      span.end();
    }
  }

  /**
   * The subscriber cancelled before the last signal ({@code dispose()}, {@code take(n)}, {@code
   * timeout}): recorded as a cancelled future is, {@code spanweave.status=cancelled}.
   */
  public void cancel() {
    if (ended.compareAndSet(false, true)) {
      span.fail(new CancellationException("the subscriber cancelled"));
      span.end();
    }
  }

  private void record(T value) {
    span.returned(value);
    if (onValue != null) {
      try {
        onValue.accept(span, value);
      } catch (RuntimeException e) {
        span.metricFailed(e);
      }
    }
  }
}
