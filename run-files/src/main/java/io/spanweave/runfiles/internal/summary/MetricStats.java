package io.spanweave.runfiles.internal.summary;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/** Count, sum, minimum and maximum of one metric's values; merges exactly. */
public final class MetricStats {
  private long count;
  private double sum;
  private double min = Double.POSITIVE_INFINITY;
  private double max = Double.NEGATIVE_INFINITY;

  public void add(double value) {
    count++;
    sum += value;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }

  public void merge(MetricStats other) {
    count += other.count;
    sum += other.sum;
    min = Math.min(min, other.min);
    max = Math.max(max, other.max);
  }

  public long count() {
    return count;
  }

  public double sum() {
    return sum;
  }

  public double mean() {
    return count == 0 ? Double.NaN : sum / count;
  }

  public double min() {
    return count == 0 ? Double.NaN : min;
  }

  public double max() {
    return count == 0 ? Double.NaN : max;
  }

  void write(DataOutput out) throws IOException {
    out.writeLong(count);
    out.writeDouble(sum);
    out.writeDouble(min);
    out.writeDouble(max);
  }

  static MetricStats read(DataInput in) throws IOException {
    MetricStats m = new MetricStats();
    m.count = in.readLong();
    m.sum = in.readDouble();
    m.min = in.readDouble();
    m.max = in.readDouble();
    return m;
  }
}
