package io.spanweave.api;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.api.internal.TraceContexts;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/**
 * A captured trace context: the span that new spans should become children of. Obtain one with
 * {@link #current()} or {@code Trace.extract(carrier)}, hand it to another thread or component, and
 * make it current there with {@code Trace.attach(context)}.
 *
 * <p>Thread pools do not carry the context by themselves; wrap the pool or the task:
 *
 * <pre>{@code
 * ExecutorService pool = TraceContext.wrap(Executors.newFixedThreadPool(8));  // every task submitted
 * pool.submit(() -> judge(sample));          // runs under the span current at submit time
 * Supplier<Double> score = () -> score(x);    // a value-returning lambda fits Callable and Supplier:
 * CompletableFuture.supplyAsync(TraceContext.wrap(score), otherPool);   // give it its type first
 * }</pre>
 *
 * <p>A context belongs to the run it was created in: see {@link #runId()}.
 */
public final class TraceContext {

  private static final TraceContext ROOT = new TraceContext(Context.root(), null);

  static {
    // spanweave's modules that start spans of their own hand out contexts through this seam.
    TraceContexts.install(TraceContext::new);
  }

  private final Context context;
  private final String runId;

  TraceContext(Context context, String runId) {
    this.context = context;
    this.runId = runId;
  }

  /**
   * The context current on this thread; a root (empty) context when nothing is current or tracing
   * is off.
   */
  public static TraceContext current() {
    ActiveTracing active = ActiveTracing.current();
    if (active == null) {
      return ROOT;
    }
    return new TraceContext(Context.current(), active.runId);
  }

  /** An empty context: spans under it start new traces. */
  public static TraceContext root() {
    return ROOT;
  }

  /** Whether this context names a span (and so a trace) that new spans can join. */
  public boolean isValid() {
    return spanContext().isValid();
  }

  /** The W3C trace id in lower-case hex, or 32 zeros for an empty context. */
  public String traceId() {
    return spanContext().getTraceId();
  }

  /** The W3C span id in lower-case hex, or 16 zeros for an empty context. */
  public String spanId() {
    return spanContext().getSpanId();
  }

  /**
   * The run this context was created in, or, for one read from a carrier, the run its baggage names
   * ({@code spanweave.run.id}); {@code null} when not known (a carrier of another tool). {@code
   * Trace.attach} refuses a context of another run.
   */
  public String runId() {
    return runId;
  }

  /**
   * Whether spans of run {@code run} may join this context: it names no run (a foreign carrier) or
   * that run.
   */
  boolean belongsTo(String run) {
    return runId == null || runId.equals(run);
  }

  /** A context read from a carrier or captured in this process, with the run its baggage names. */
  static TraceContext of(Context context) {
    return new TraceContext(context, RunBaggage.runOf(context));
  }

  /**
   * {@code task}, running under the context current now (on this thread), whatever thread runs it
   * later; {@code task} itself while tracing is off.
   */
  public static Runnable wrap(Runnable task) {
    Objects.requireNonNull(task, "task");
    return ActiveTracing.current() == null ? task : Context.current().wrap(task);
  }

  /** As {@link #wrap(Runnable)} for a {@link Callable}. */
  public static <T> Callable<T> wrap(Callable<T> task) {
    Objects.requireNonNull(task, "task");
    return ActiveTracing.current() == null ? task : Context.current().wrap(task);
  }

  /**
   * As {@link #wrap(Runnable)} for a {@link Supplier}, such as the body of {@code
   * CompletableFuture.supplyAsync}.
   */
  public static <T> Supplier<T> wrap(Supplier<T> task) {
    Objects.requireNonNull(task, "task");
    if (ActiveTracing.current() == null) {
      return task;
    }
    Context captured = Context.current();
    return () -> {
      try (var scope = captured.makeCurrent()) {
        return task.get();
      }
    };
  }

  /**
   * An executor service that runs every task under the context current when the task was submitted,
   * so spans started in the task join the submitter's trace. Shutting it down shuts down {@code
   * pool}. Works whether tracing is on or off, and across reconfigurations.
   */
  public static ExecutorService wrap(ExecutorService pool) {
    return Context.taskWrapping(Objects.requireNonNull(pool, "pool"));
  }

  /** As {@link #wrap(ExecutorService)} for a plain {@link Executor}. */
  public static Executor wrap(Executor executor) {
    return Context.taskWrapping(Objects.requireNonNull(executor, "executor"));
  }

  Context otelContext() {
    return context;
  }

  private SpanContext spanContext() {
    return Span.fromContext(context).getSpanContext();
  }

  @Override
  public String toString() {
    return isValid()
        ? "TraceContext{trace=" + traceId() + ", span=" + spanId() + "}"
        : "TraceContext{root}";
  }
}
