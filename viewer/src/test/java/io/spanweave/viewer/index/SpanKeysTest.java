package io.spanweave.viewer.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The (trace, span id) table that makes ingest idempotent and finds parents. */
class SpanKeysTest {
  private static final int ROWS = 200_000;

  @Test
  void findsEveryRowByItsKeyAndNothingElse() {
    int[] traces = new int[ROWS];
    long[] spanIds = new long[ROWS];
    Random random = new Random(7);
    for (int row = 0; row < ROWS; row++) {
      // Few traces, and span ids that repeat across traces: only the pair identifies a span.
      traces[row] = random.nextInt(ROWS / 10);
      spanIds[row] = row % 3 == 0 ? row / 3 : random.nextLong();
    }
    SpanKeys keys =
        new SpanKeys(
            new SpanKeys.Rows() {
              @Override
              public int traceOf(int row) {
                return traces[row];
              }

              @Override
              public long spanIdOf(int row) {
                return spanIds[row];
              }
            });
    int added = 0;
    for (int row = 0; row < ROWS; row++) {
      if (keys.find(traces[row], spanIds[row]) < 0) {
        keys.add(traces[row], spanIds[row], row);
        added++;
      }
    }
    assertThat(added).isGreaterThan(ROWS * 9 / 10);
    for (int row = 0; row < ROWS; row++) {
      int found = keys.find(traces[row], spanIds[row]);
      assertThat(found).isGreaterThanOrEqualTo(0);
      assertThat(traces[found]).isEqualTo(traces[row]);
      assertThat(spanIds[found]).isEqualTo(spanIds[row]);
    }
    for (int row = 0; row < ROWS; row += 97) {
      assertThat(keys.find(traces[row] + ROWS, spanIds[row])).isEqualTo(-1);
      assertThat(keys.find(traces[row], spanIds[row] ^ 0x5555_0000_0000_0000L)).isEqualTo(-1);
    }
  }
}
