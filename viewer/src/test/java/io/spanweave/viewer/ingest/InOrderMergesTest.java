package io.spanweave.viewer.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Chunks' summaries are merged in reading order whichever thread offers them and in whatever order
 * they are offered (a sum of metric values depends on the order), one merge at a time; a failed
 * merge is reported once to the thread waiting for it, without stopping the merges after it.
 */
class InOrderMergesTest {
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void mergesRunInChunkOrderOneAtATimeWhateverThreadOffersThem() throws Exception {
    int chunks = 20_000;
    List<Long> numbers = new ArrayList<>(LongStream.range(0, chunks).boxed().toList());
    Collections.shuffle(numbers, new java.util.Random(5));
    InOrderMerges merges = new InOrderMerges();
    List<Long> merged = new ArrayList<>(); // not synchronized: merges must not overlap
    double[] sum = {0};
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try {
      List<Future<?>> offers = new ArrayList<>();
      for (int t = 0; t < 3; t++) {
        int from = t;
        offers.add(
            threads.submit(
                () -> {
                  for (int k = from; k < chunks; k += 3) {
                    long n = numbers.get(k);
                    merges.offer(
                        n,
                        () -> {
                          merged.add(n);
                          sum[0] += 1.0 / (n + 1);
                        });
                  }
                }));
      }
      merges.awaitThrough(chunks - 1);
      for (Future<?> f : offers) {
        f.get();
      }
    } finally {
      threads.shutdown();
    }
    assertThat(merged).isEqualTo(LongStream.range(0, chunks).boxed().toList());
    double inOrder = 0;
    for (long n = 0; n < chunks; n++) {
      inOrder += 1.0 / (n + 1);
    }
    assertThat(sum[0]).isEqualTo(inOrder);
  }

  @Test
  void aFailedMergeIsReportedAndTheMergesAfterItStillRun() throws Exception {
    InOrderMerges merges = new InOrderMerges();
    List<Long> merged = new ArrayList<>();
    merges.offer(
        1,
        () -> {
          throw new IllegalArgumentException("broken summary");
        });
    merges.offer(2, () -> merged.add(2L));
    assertThat(merged).as("chunk 0 is not merged yet: nothing after it runs").isEmpty();
    merges.offer(0, () -> merged.add(0L));
    assertThat(merged).containsExactly(0L, 2L);
    assertThatThrownBy(() -> merges.awaitThrough(2))
        .isInstanceOf(IllegalStateException.class)
        .hasRootCauseMessage("broken summary");
    merges.offer(3, () -> merged.add(3L));
    merges.awaitThrough(3); // reported once: the merges after it go on as before
    assertThat(merged).containsExactly(0L, 2L, 3L);
  }
}
