package io.spanweave.runtime.internal.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class DrainingQueueTest {

  @Test
  void everyItemOfConcurrentProducersIsEitherHandedOverInOrderOrRefused() throws Exception {
    List<long[]> received = Collections.synchronizedList(new ArrayList<>());
    DrainingQueue<long[]> queue =
        new DrainingQueue<>(
            "test-drain",
            64,
            16,
            TimeUnit.MILLISECONDS.toNanos(1),
            batch -> batch.forEach(received::add));
    int producers = 4;
    int perProducer = 50_000;
    AtomicLong refused = new AtomicLong();
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int p = 0; p < producers; p++) {
      long producer = p;
      Thread thread =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  return;
                }
                for (long i = 0; i < perProducer; i++) {
                  if (!queue.offer(new long[] {producer, i})) {
                    refused.incrementAndGet();
                  }
                }
              });
      thread.start();
      threads.add(thread);
    }
    start.countDown();
    for (Thread thread : threads) {
      thread.join();
    }
    assertThat(queue.flush().join(30, TimeUnit.SECONDS).isSuccess()).isTrue();
    assertThat(queue.shutdown(TimeUnit.SECONDS.toNanos(30))).isTrue();

    assertThat(received.size() + refused.get()).isEqualTo((long) producers * perProducer);
    long[] last = new long[producers];
    java.util.Arrays.fill(last, -1);
    for (long[] item : received) {
      assertThat(item[1])
          .as("items of one producer keep their order")
          .isGreaterThan(last[(int) item[0]]);
      last[(int) item[0]] = item[1];
    }
    assertThat(queue.offer(new long[] {0, 0})).as("refused after shutdown").isFalse();
  }

  @Test
  void aFullQueueRefusesAtItsCapacityAndTakesItemsAgainOnceDrained() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch entered = new CountDownLatch(1);
    List<Integer> received = Collections.synchronizedList(new ArrayList<>());
    DrainingQueue<Integer> queue =
        new DrainingQueue<>(
            "test-full",
            3,
            1,
            TimeUnit.MILLISECONDS.toNanos(1),
            batch -> {
              entered.countDown();
              try {
                release.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              received.addAll(batch);
            });
    assertThat(queue.offer(0)).isTrue();
    assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue(); // the worker holds item 0
    assertThat(queue.offer(1)).isTrue();
    assertThat(queue.offer(2)).isTrue();
    assertThat(queue.offer(3)).isTrue();
    assertThat(queue.offer(4)).as("three waiting: full").isFalse();
    release.countDown();
    assertThat(queue.flush().join(30, TimeUnit.SECONDS).isSuccess()).isTrue();
    assertThat(queue.offer(5)).isTrue();
    assertThat(queue.shutdown(TimeUnit.SECONDS.toNanos(30))).isTrue();
    assertThat(received).containsExactly(0, 1, 2, 3, 5);
  }

  @Test
  void whileTheStartupAllowanceIsOpenAProducerOfAFullQueueWaitsForTheWorkerInsteadOfBeingRefused()
      throws Exception {
    List<Integer> received = Collections.synchronizedList(new ArrayList<>());
    StartupAllowance allowance =
        new StartupAllowance(
            TimeUnit.SECONDS.toNanos(60),
            TimeUnit.SECONDS.toNanos(60),
            TimeUnit.SECONDS.toNanos(30));
    // A worker slower than its producer, as an export path the JIT has not compiled yet is.
    DrainingQueue<Integer> queue =
        new DrainingQueue<>(
            "test-allowance",
            4,
            2,
            TimeUnit.MILLISECONDS.toNanos(1),
            batch -> {
              LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
              received.addAll(batch);
            },
            allowance);
    int items = 200;
    for (int i = 0; i < items; i++) {
      assertThat(queue.offer(i)).as("item %d", i).isTrue();
    }
    assertThat(queue.shutdown(TimeUnit.SECONDS.toNanos(30))).isTrue();
    assertThat(received).hasSize(items);
    for (int i = 0; i < items; i++) {
      assertThat(received.get(i)).isEqualTo(i);
    }
    assertThat(allowance.waitedNanos()).as("the producer waited").isPositive();
  }

  @Test
  void aWorkerThatTakesNothingClosesTheAllowanceAndAFullQueueRefusesAtOnceFromThen()
      throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch entered = new CountDownLatch(1);
    StartupAllowance allowance =
        new StartupAllowance(
            TimeUnit.SECONDS.toNanos(60),
            TimeUnit.SECONDS.toNanos(60),
            TimeUnit.MILLISECONDS.toNanos(50));
    DrainingQueue<Integer> queue =
        new DrainingQueue<>(
            "test-stalled",
            2,
            1,
            TimeUnit.MILLISECONDS.toNanos(1),
            batch -> {
              entered.countDown();
              try {
                release.await(); // a stuck exporter
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            allowance);
    assertThat(queue.offer(0)).isTrue();
    assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(queue.offer(1)).isTrue();
    assertThat(queue.offer(2)).isTrue();
    assertThat(queue.offer(3))
        .as("full, and the worker takes nothing while the producer waits")
        .isFalse();
    long waited = allowance.waitedNanos();
    assertThat(waited).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(50));
    assertThat(queue.offer(4)).as("the allowance is closed: refused without waiting").isFalse();
    assertThat(allowance.waitedNanos()).isEqualTo(waited);
    release.countDown();
    assertThat(queue.shutdown(TimeUnit.SECONDS.toNanos(30))).isTrue();
  }

  @Test
  void theAllowanceClosesAfterItsWindowAndWhenItsWaitingBudgetIsSpent() {
    StartupAllowance allowance = new StartupAllowance(1_000, 500, 100);
    assertThat(allowance.open(10)).as("open before the worker took anything").isTrue();
    allowance.taken(100);
    assertThat(allowance.open(1_100)).isTrue();
    assertThat(allowance.open(1_101)).as("past the window").isFalse();
    assertThat(allowance.open(200)).as("closed for good").isFalse();

    StartupAllowance budget = new StartupAllowance(1_000, 500, 100);
    budget.waited(499, false);
    assertThat(budget.open(0)).isTrue();
    budget.waited(1, false);
    assertThat(budget.open(0)).as("budget spent").isFalse();
    assertThat(StartupAllowance.none().open(0)).isFalse();
  }
}
