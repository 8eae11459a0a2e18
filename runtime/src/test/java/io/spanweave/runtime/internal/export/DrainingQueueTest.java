package io.spanweave.runtime.internal.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DrainingQueueTest {

  @Test
  void everyItemOfConcurrentProducersIsEitherHandedOverInOrderOrRefused() throws Exception {
    List<long[]> received = Collections.synchronizedList(new ArrayList<>());
    DrainingQueue<long[]> queue = new DrainingQueue<>("test-drain", 64, 16, TimeUnit.MILLISECONDS.toNanos(1),
        batch -> batch.forEach(received::add));
    int producers = 4;
    int perProducer = 50_000;
    AtomicLong refused = new AtomicLong();
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int p = 0; p < producers; p++) {
      long producer = p;
      Thread thread = new Thread(() -> {
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
      assertThat(item[1]).as("items of one producer keep their order").isGreaterThan(last[(int) item[0]]);
      last[(int) item[0]] = item[1];
    }
    assertThat(queue.offer(new long[] {0, 0})).as("refused after shutdown").isFalse();
  }

  @Test
  void aFullQueueRefusesAtItsCapacityAndTakesItemsAgainOnceDrained() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch entered = new CountDownLatch(1);
    List<Integer> received = Collections.synchronizedList(new ArrayList<>());
    DrainingQueue<Integer> queue = new DrainingQueue<>("test-full", 3, 1, TimeUnit.MILLISECONDS.toNanos(1), batch -> {
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
}
