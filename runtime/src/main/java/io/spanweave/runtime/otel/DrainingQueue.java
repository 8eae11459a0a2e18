package io.spanweave.runtime.otel;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.spanweave.runtime.TracingFaults;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * A bounded queue with one worker thread that drains it in batches. Producers are the traced
 * threads, so {@link #offer} never blocks and never waits for a lock: when the queue is full it
 * says so and the caller counts the loss. The worker hands batches to a sink when a batch is full,
 * when the delay has passed since the last drain, on {@link #flush()}, and once more at
 * {@link #shutdown}; it is the only thread that calls the sink, so the sink needs no locking and
 * writes from one thread only.
 *
 * @param <T> the queued item
 */
final class DrainingQueue<T> {

  private final String name;
  private final ArrayBlockingQueue<T> queue;
  private final int batchSize;
  private final long delayNanos;
  private final Consumer<List<T>> sink;
  private final Queue<CompletableResultCode> flushRequests = new ConcurrentLinkedQueue<>();
  private final Thread worker;
  private volatile boolean shutdown;
  /** Set before the worker checks whether to sleep, so that an offer after the check wakes it. */
  private volatile boolean workerParked;

  /**
   * Starts the worker thread, a daemon named {@code name}.
   *
   * @param sink receives each batch, on the worker thread only; must not throw (a throw is reported
   *     as a fault and the batch is lost)
   */
  DrainingQueue(String name, int capacity, int batchSize, long delayNanos, Consumer<List<T>> sink) {
    this.name = name;
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.batchSize = batchSize;
    this.delayNanos = delayNanos;
    this.sink = sink;
    this.worker = new Thread(this::work, name);
    this.worker.setDaemon(true); // never keeps the JVM alive; Tracing's shutdown hook flushes at exit
    this.worker.start();
  }

  /**
   * Queues {@code item} without blocking. Returns {@code false} when the queue is full or shut down;
   * the item is then dropped and the caller accounts for it.
   */
  boolean offer(T item) {
    if (shutdown || !queue.offer(item)) {
      return false;
    }
    // Wake the worker only when it sleeps: unparking a busy thread still costs a lock per span.
    if (workerParked && queue.size() >= batchSize) {
      LockSupport.unpark(worker);
    }
    return true;
  }

  boolean isShutdown() {
    return shutdown;
  }

  /** Completes once every item offered before this call has been handed to the sink. */
  CompletableResultCode flush() {
    CompletableResultCode done = new CompletableResultCode();
    if (shutdown && !worker.isAlive()) {
      return done.succeed();
    }
    flushRequests.add(done);
    LockSupport.unpark(worker);
    return done;
  }

  /**
   * Drains what is queued, stops the worker and waits for it at most {@code timeoutNanos}. Items
   * offered afterwards are refused. Returns whether the worker finished in time.
   */
  boolean shutdown(long timeoutNanos) {
    shutdown = true;
    LockSupport.unpark(worker);
    try {
      worker.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(timeoutNanos)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (worker.isAlive()) {
      return false;
    }
    // An offer that raced with the shutdown flag may have landed after the worker's last drain.
    // The worker is gone, so this thread is now the only one calling the sink.
    drain();
    return true;
  }

  private void work() {
    long nextDrain = System.nanoTime() + delayNanos;
    while (true) {
      workerParked = true;
      boolean stopping = shutdown;
      // Take the flush requests before draining: every item offered before a request is then
      // already in the queue and drained below, before the request completes.
      List<CompletableResultCode> flushes = takeFlushRequests();
      long now = System.nanoTime();
      if (stopping || !flushes.isEmpty() || now - nextDrain >= 0 || queue.size() >= batchSize) {
        workerParked = false;
        drain();
        nextDrain = System.nanoTime() + delayNanos;
        flushes.forEach(CompletableResultCode::succeed);
        if (stopping) {
          takeFlushRequests().forEach(CompletableResultCode::succeed);
          return;
        }
      } else {
        LockSupport.parkNanos(this, nextDrain - now);
        workerParked = false;
      }
    }
  }

  /**
   * Hands the sink everything queued now, in batches. Items offered meanwhile wait for the next
   * drain, so that a steady stream of spans cannot keep a flush from completing.
   */
  private void drain() {
    int remaining = queue.size();
    List<T> batch = new ArrayList<>(Math.min(batchSize, Math.max(remaining, 1)));
    while (remaining > 0) {
      batch.clear();
      queue.drainTo(batch, Math.min(batchSize, remaining));
      if (batch.isEmpty()) {
        return;
      }
      remaining -= batch.size();
      try {
        sink.accept(batch);
      } catch (RuntimeException | LinkageError e) {
        TracingFaults.report("export", name + " lost " + batch.size() + " items to an unexpected failure", e);
      }
    }
  }

  private List<CompletableResultCode> takeFlushRequests() {
    List<CompletableResultCode> taken = new ArrayList<>();
    for (CompletableResultCode request; (request = flushRequests.poll()) != null; ) {
      taken.add(request);
    }
    return taken;
  }
}
