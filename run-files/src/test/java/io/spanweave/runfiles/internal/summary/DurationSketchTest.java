package io.spanweave.runfiles.internal.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Percentiles within 1% of the exact nearest-rank ones, merging as the union, and written back
 * whole.
 */
class DurationSketchTest {
  private static long exact(long[] sorted, double p) {
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
  }

  @Test
  void percentilesAreWithinOnePercentOfTheExactOnes() {
    Random random = new Random(3);
    for (int trial = 0; trial < 20; trial++) {
      int n = 1 + random.nextInt(5_000);
      long[] values = new long[n];
      DurationSketch sketch = new DurationSketch();
      for (int k = 0; k < n; k++) {
        values[k] = (long) Math.exp(random.nextGaussian() * 2 + 18); // ~65 ms, spread over decades
        sketch.add(values[k]);
      }
      Arrays.sort(values);
      for (double p : new double[] {1, 25, 50, 90, 95, 99, 100}) {
        long want = exact(values, p);
        assertThat((double) sketch.percentile(p))
            .as("p%s of %d", p, n)
            .isBetween(want * 0.99, want * 1.01);
      }
      assertThat(sketch.count()).isEqualTo(n);
      assertThat(sketch.minNanos()).isEqualTo(values[0]);
      assertThat(sketch.maxNanos()).isEqualTo(values[n - 1]);
      assertThat(sketch.sumNanos()).isEqualTo(Arrays.stream(values).sum());
    }
  }

  @Test
  void mergedSketchesAreTheSketchOfTheUnionAndSurviveWritingAndReading() throws IOException {
    Random random = new Random(4);
    DurationSketch a = new DurationSketch();
    DurationSketch b = new DurationSketch();
    DurationSketch both = new DurationSketch();
    for (int k = 0; k < 10_000; k++) {
      long v = k % 97 == 0 ? 0 : (long) (random.nextDouble() * (k % 2 == 0 ? 1e6 : 5e9));
      (k % 3 == 0 ? a : b).add(v);
      both.add(v);
    }
    a.merge(b);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    a.write(new DataOutputStream(bytes));
    DurationSketch read =
        DurationSketch.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    for (double p = 0.5; p <= 100; p += 0.5) {
      assertThat(a.percentile(p)).isEqualTo(both.percentile(p));
      assertThat(read.percentile(p)).isEqualTo(both.percentile(p));
    }
    assertThat(read.count()).isEqualTo(both.count());
    assertThat(read.sumNanos()).isEqualTo(both.sumNanos());
    assertThat(bytes.size()).as("a sketch is small").isLessThan(4_000);
  }
}
