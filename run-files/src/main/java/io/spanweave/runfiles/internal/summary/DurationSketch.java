package io.spanweave.runfiles.internal.summary;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * Durations as a histogram of logarithmic buckets, each 2% wider than the one before, so any
 * quantile it answers is within 1% of a duration that was added (the relative-error guarantee of
 * DDSketch). Sketches of two sets merge into the sketch of their union exactly, which is what lets
 * per-segment summaries add up to per-step and per-run figures. Count, sum, min and max are exact.
 *
 * <p>A stage whose durations span a factor of ten takes about 120 buckets. Not thread-safe.
 */
public final class DurationSketch {
  private static final double GAMMA = 1.02;
  private static final double LOG_GAMMA = Math.log(GAMMA);
  private static final int[] NONE = new int[0];

  /** Bucket key of {@code counts[0]}; bucket k holds durations in (GAMMA^(k-1), GAMMA^k] ns. */
  private int offset;

  private int[] counts = NONE;

  /** Durations of 0 ns or less (a clock that did not move). */
  private long zeros;

  private long count;
  private long sum;
  private long min = Long.MAX_VALUE;
  private long max = Long.MIN_VALUE;

  public void add(long nanos) {
    count++;
    sum += nanos;
    min = Math.min(min, nanos);
    max = Math.max(max, nanos);
    if (nanos <= 0) {
      zeros++;
    } else {
      bump(key(nanos), 1);
    }
  }

  static int key(long nanos) {
    return (int) Math.ceil(Math.log(nanos) / LOG_GAMMA);
  }

  private void bump(int key, int by) {
    if (counts.length == 0) {
      offset = key;
      counts = new int[8];
    } else if (key < offset) {
      int grow = Math.max(offset - key, counts.length / 2);
      int[] bigger = new int[counts.length + grow];
      System.arraycopy(counts, 0, bigger, grow, counts.length);
      counts = bigger;
      offset -= grow;
    } else if (key - offset >= counts.length) {
      counts = Arrays.copyOf(counts, Math.max(key - offset + 1, counts.length + counts.length / 2));
    }
    counts[key - offset] += by;
  }

  public void merge(DurationSketch other) {
    if (other.count == 0) {
      return;
    }
    count += other.count;
    sum += other.sum;
    min = Math.min(min, other.min);
    max = Math.max(max, other.max);
    zeros += other.zeros;
    for (int k = 0; k < other.counts.length; k++) {
      if (other.counts[k] != 0) {
        bump(other.offset + k, other.counts[k]);
      }
    }
  }

  public long count() {
    return count;
  }

  public long sumNanos() {
    return sum;
  }

  public long minNanos() {
    return count == 0 ? 0 : min;
  }

  public long maxNanos() {
    return count == 0 ? 0 : max;
  }

  /**
   * The nearest-rank percentile {@code p} (0–100), as the exact statistics of one step compute it,
   * within 1%; the exact minimum and maximum at the ends.
   */
  public long percentile(double p) {
    if (count == 0) {
      return 0;
    }
    long rank = Math.max(1, Math.min(count, (long) Math.ceil(p / 100.0 * count)));
    if (rank == count) {
      return max;
    }
    long seen = zeros;
    if (rank <= seen) {
      return Math.max(0, min);
    }
    for (int k = 0; k < counts.length; k++) {
      seen += counts[k];
      if (seen >= rank) {
        long value = Math.round(2 * Math.pow(GAMMA, offset + k) / (GAMMA + 1));
        return Math.max(min, Math.min(max, value));
      }
    }
    return max;
  }

  void write(DataOutput out) throws IOException {
    out.writeLong(count);
    if (count == 0) {
      return;
    }
    out.writeLong(sum);
    out.writeLong(min);
    out.writeLong(max);
    out.writeLong(zeros);
    int first = 0;
    int last = counts.length - 1;
    while (first <= last && counts[first] == 0) {
      first++;
    }
    while (last >= first && counts[last] == 0) {
      last--;
    }
    out.writeInt(offset + first);
    out.writeInt(Math.max(0, last - first + 1));
    for (int k = first; k <= last; k++) {
      VarInts.write(out, counts[k]);
    }
  }

  static DurationSketch read(DataInput in) throws IOException {
    DurationSketch s = new DurationSketch();
    s.readInto(in);
    return s;
  }

  /**
   * Reads a written sketch into this empty one, taking its buckets as they are (merging them into
   * an empty sketch bucket by bucket was a third of decoding a run summary).
   */
  void readInto(DataInput in) throws IOException {
    if (count != 0) {
      throw new IllegalStateException("not an empty sketch");
    }
    count = in.readLong();
    if (count == 0) {
      return;
    }
    sum = in.readLong();
    min = in.readLong();
    max = in.readLong();
    zeros = in.readLong();
    offset = in.readInt();
    int n = in.readInt();
    counts = n == 0 ? NONE : new int[n];
    VarInts.read(in, counts, n);
  }
}
