package io.spanweave.runtime.internal.export;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.spanweave.api.TracingFaults;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * A bounded queue with one worker thread that drains it in batches. Producers are the traced
 * threads, so {@link #offer} never waits for a lock, nor at all outside a program's start (below):
 * when the queue is full it says so and the caller counts the loss. The worker hands batches to a
 * sink when a few batches are queued, when the delay has passed since the last drain, on {@link
 * #flush()}, and once more at {@link #shutdown}; it is the only thread that calls the sink, so the
 * sink needs no locking and writes from one thread only.
 *
 * <p>The queue is a ring of {@code capacity} slots: a producer claims a slot by one compare-and-set
 * on the producer index and then fills it; the worker, the only consumer, empties filled slots in
 * order. Unlike {@code ArrayBlockingQueue}, whose {@code offer} takes the lock that the worker
 * holds while it drains a whole batch, a producer never waits for the worker (on a busy machine a
 * lock holder that loses its core stalls every traced thread behind it), and nothing is allocated
 * per item.
 *
 * <p>A queue made with a {@link StartupAllowance} lets a producer that finds it full wait for the
 * worker to take a batch while the allowance is open (a program's start, when the worker runs
 * before the JIT has compiled it); otherwise, and once the allowance is over, a full queue refuses.
 *
 * @param <T> the queued item
 */
final class DrainingQueue<T> {

  private final String name;
  private final int capacity;
  private final AtomicReferenceArray<T> slots;

  /**
   * Slots claimed by producers so far; a producer fills slot {@code index % capacity} after
   * claiming it.
   */
  private final AtomicLong producerIndex = new AtomicLong();

  /** Slots emptied by the worker so far; written by the worker only. */
  private volatile long consumerIndex;

  private final int batchSize;

  /**
   * How many queued items wake a sleeping worker: a few batches (four, at most a quarter of the
   * queue), not one. Each wake costs the producer a system call and the worker a context switch and
   * cold caches, and a worker woken per batch goes back to sleep after each one; three quarters of
   * the queue stay free for what comes while it wakes.
   */
  private final int wakeAt;

  private final long delayNanos;
  private final Consumer<List<T>> sink;

  /** Runs after every drain, items or not; may be a no-op. */
  private final Runnable afterDrain;

  private final StartupAllowance allowance;
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
    this(name, capacity, batchSize, delayNanos, sink, () -> {}, StartupAllowance.none());
  }

  /**
   * As {@link #DrainingQueue(String, int, int, long, Consumer)}, and while {@code allowance} is
   * open a producer that finds the queue full waits for room instead of being refused.
   */
  DrainingQueue(
      String name,
      int capacity,
      int batchSize,
      long delayNanos,
      Consumer<List<T>> sink,
      StartupAllowance allowance) {
    this(name, capacity, batchSize, delayNanos, sink, () -> {}, allowance);
  }

  /**
   * As {@link #DrainingQueue(String, int, int, long, Consumer)}, and {@code afterDrain} runs on the
   * same thread after every drain, whether or not anything was queued (at least once a delay, at
   * each flush and at shutdown): for work of the worker's own that no offer announces.
   */
  DrainingQueue(
      String name,
      int capacity,
      int batchSize,
      long delayNanos,
      Consumer<List<T>> sink,
      Runnable afterDrain) {
    this(name, capacity, batchSize, delayNanos, sink, afterDrain, StartupAllowance.none());
  }

  private DrainingQueue(
      String name,
      int capacity,
      int batchSize,
      long delayNanos,
      Consumer<List<T>> sink,
      Runnable afterDrain,
      StartupAllowance allowance) {
    this.name = name;
    this.afterDrain = afterDrain;
    this.allowance = allowance;
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive, got " + capacity);
    }
    this.capacity = capacity;
    this.slots = new AtomicReferenceArray<>(capacity);
    this.batchSize = batchSize;
    this.wakeAt = Math.max(batchSize, Math.min(4 * batchSize, capacity / 4));
    this.delayNanos = delayNanos;
    this.sink = sink;
    this.worker = new Thread(this::work, name);
    this.worker.setDaemon(
        true); // never keeps the JVM alive; Tracing's shutdown hook flushes at exit
    this.worker.start();
  }

  /**
   * Queues {@code item} without blocking, except while the start-up allowance lets a producer wait
   * for room in a full queue. Returns {@code false} when the queue is full (and the allowance
   * closed) or shut down; the item is then dropped and the caller accounts for it.
   */
  boolean offer(T item) {
    if (shutdown) {
      return false;
    }
    long claimed;
    do {
      claimed = producerIndex.get();
      if (claimed - consumerIndex >= capacity && !awaitRoom()) {
        return false; // full
      }
    } while (claimed - consumerIndex >= capacity
        || !producerIndex.compareAndSet(claimed, claimed + 1));
    slots.lazySet((int) (claimed % capacity), item);
    // Wake the worker only when it sleeps: unparking a busy thread still costs a lock per span.
    if (workerParked && claimed + 1 - consumerIndex >= wakeAt) {
      LockSupport.unpark(worker);
    }
    return true;
  }

  /**
   * Waits, while the start-up allowance is open, until the worker has taken something from the full
   * queue; returns whether it did (there may be room now), {@code false} to refuse the item. Polls
   * every 100 µs rather than being woken: only a program's start ever waits here.
   */
  private boolean awaitRoom() {
    long start = System.nanoTime();
    if (!allowance.open(start)) {
      return false;
    }
    long seen = consumerIndex;
    LockSupport.unpark(worker);
    while (!shutdown && !Thread.currentThread().isInterrupted()) {
      LockSupport.parkNanos(this, 100_000);
      long now = System.nanoTime();
      if (consumerIndex != seen) {
        allowance.waited(now - start, false);
        return true;
      }
      if (now - start >= allowance.stallNanos()) {
        allowance.waited(now - start, true);
        return false;
      }
    }
    allowance.waited(System.nanoTime() - start, false);
    return false; // closing, or the caller was interrupted: never hold it up then
  }

  /** Items claimed and not yet taken by the worker. */
  private int size() {
    return (int) Math.max(0, producerIndex.get() - consumerIndex);
  }

  /**
   * Takes up to {@code max} items in order into {@code batch}; stops early at a slot that a
   * producer has claimed but not filled yet (it is taken by the next drain). Worker only.
   */
  private void take(List<T> batch, int max) {
    long next = consumerIndex;
    for (int taken = 0; taken < max; taken++) {
      int slot = (int) (next % capacity);
      T item = slots.get(slot);
      if (item == null) {
        break;
      }
      slots.lazySet(slot, null);
      batch.add(item);
      next++;
    }
    if (next != consumerIndex) {
      allowance.taken(System.nanoTime());
    }
    consumerIndex = next;
  }

  /** Items offered and not yet handed to the sink. */
  int queued() {
    return size();
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
      if (stopping || !flushes.isEmpty() || now - nextDrain >= 0 || size() >= wakeAt) {
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
    int remaining = size();
    try {
      drainQueued(remaining);
    } finally {
      try {
        afterDrain.run();
      } catch (RuntimeException | LinkageError e) {
        TracingFaults.report("export", name + " failed after a drain", e);
      }
    }
  }

  private void drainQueued(int queuedNow) {
    int remaining = queuedNow;
    List<T> batch = new ArrayList<>(Math.min(batchSize, Math.max(remaining, 1)));
    while (remaining > 0) {
      batch.clear();
      take(batch, Math.min(batchSize, remaining));
      if (batch.isEmpty()) {
        return;
      }
      remaining -= batch.size();
      try {
        sink.accept(batch);
      } catch (RuntimeException | LinkageError e) {
        TracingFaults.report(
            "export", name + " lost " + batch.size() + " items to an unexpected failure", e);
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
