package io.spanweave.runfiles.internal.summary;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/** One stage's spans in some steps: how many, how many failed and why, and how long they took. */
public final class StageStats {
  /** Error types kept per stage; the rest are counted under {@link #OTHER_ERRORS}. */
  static final int MAX_ERROR_TYPES = 16;

  public static final String OTHER_ERRORS = "(other)";

  private final DurationSketch durations = new DurationSketch();
  private long errors;
  private final Map<String, Long> errorTypes = new HashMap<>();

  public void add(long durationNanos, boolean error, String errorType) {
    durations.add(durationNanos);
    if (error) {
      errors++;
      countErrorType(errorType == null ? "unknown" : errorType, 1);
    }
  }

  private void countErrorType(String type, long n) {
    if (errorTypes.containsKey(type) || errorTypes.size() < MAX_ERROR_TYPES) {
      errorTypes.merge(type, n, Long::sum);
    } else {
      errorTypes.merge(OTHER_ERRORS, n, Long::sum);
    }
  }

  public void merge(StageStats other) {
    durations.merge(other.durations);
    errors += other.errors;
    other.errorTypes.forEach(this::countErrorType);
  }

  public long count() {
    return durations.count();
  }

  public long errors() {
    return errors;
  }

  public DurationSketch durations() {
    return durations;
  }

  /** Error type to count; at most {@value #MAX_ERROR_TYPES} types and {@link #OTHER_ERRORS}. */
  public Map<String, Long> errorTypes() {
    return errorTypes;
  }

  void write(DataOutput out) throws IOException {
    durations.write(out);
    out.writeLong(errors);
    out.writeInt(errorTypes.size());
    for (Map.Entry<String, Long> e : errorTypes.entrySet()) {
      out.writeUTF(e.getKey());
      out.writeLong(e.getValue());
    }
  }

  static StageStats read(DataInput in) throws IOException {
    StageStats s = new StageStats();
    s.durations.readInto(in);
    s.errors = in.readLong();
    int n = in.readInt();
    for (int k = 0; k < n; k++) {
      s.errorTypes.put(in.readUTF(), in.readLong());
    }
    return s;
  }
}
