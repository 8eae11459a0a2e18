package io.spanweave.runfiles.internal.summary;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one run's spans of one step add up to: spans, traces and samples (with and without errors),
 * time range, per stage {@link StageStats}, per metric {@link MetricStats}, and the LLM calls and
 * tokens of spans that carry OpenTelemetry's GenAI usage attributes. The same shape holds one
 * segment's share of a step, a whole step, or (merged) a range of steps.
 *
 * <p>Traces and samples are counted by their hashes while the step may still grow ({@link #open});
 * once sealed only the counts stay. A trace whose spans lie in several segments then counts once.
 */
public final class StepStats {
  private long spans;
  private long errorSpans;
  private long start = Long.MAX_VALUE;
  private long end = Long.MIN_VALUE;
  private final Map<String, StageStats> stages = new TreeMap<>();
  private final Map<String, MetricStats> metrics = new TreeMap<>();
  private long llmCalls;
  private long llmErrors;
  private long inputTokens;
  private long outputTokens;
  private final DurationSketch llmLatency = new DurationSketch();
  private final DurationSketch llmTimeToFirstToken = new DurationSketch();
  private HashSet32 timeoutSamples = new HashSet32();
  private long sealedTimeoutSamples;
  private HashSet32 traces = new HashSet32();
  private HashSet32 errorTraces = new HashSet32();
  private HashSet32 samples = new HashSet32();
  private HashSet32 errorSamples = new HashSet32();

  /** Counts of sealed sets (and of sets merged in after sealing). */
  private long sealedTraces;

  private long sealedErrorTraces;
  private long sealedSamples;
  private long sealedErrorSamples;

  /**
   * Records one span; {@code traceHash} and {@code sampleHash} come from {@link #hash}, 0 for no
   * sample.
   */
  public void addSpan(
      String stage,
      long start,
      long end,
      boolean error,
      String errorType,
      int traceHash,
      int sampleHash) {
    spans++;
    this.start = Math.min(this.start, start);
    this.end = Math.max(this.end, end);
    stages.computeIfAbsent(stage, k -> new StageStats()).add(end - start, error, errorType);
    traces.add(traceHash);
    if (sampleHash != 0) {
      samples.add(sampleHash);
    }
    if (error) {
      errorSpans++;
      errorTraces.add(traceHash);
      if (sampleHash != 0) {
        errorSamples.add(sampleHash);
      }
    }
  }

  /** A sample of this step failed for a reason other than a failed span (its status says so). */
  public void addFailedSample(int sampleHash) {
    samples.add(sampleHash);
    errorSamples.add(sampleHash);
  }

  /** A sample of this step failed by timing out (its status or error type says so). */
  public void addTimedOutSample(int sampleHash) {
    addFailedSample(sampleHash);
    timeoutSamples.add(sampleHash);
  }

  public void addMetric(String key, double value) {
    metrics.computeIfAbsent(key, k -> new MetricStats()).add(value);
  }

  /**
   * An LLM call (a span that is one, by OpenTelemetry's GenAI attributes).
   *
   * @param input tokens in, -1 when the span does not say
   * @param output tokens out, -1 when the span does not say
   * @param timeToFirstTokenNanos -1 when the span does not say
   */
  public void addLlmCall(
      long durationNanos, boolean error, long input, long output, long timeToFirstTokenNanos) {
    llmCalls++;
    if (error) {
      llmErrors++;
    }
    inputTokens += Math.max(0, input);
    outputTokens += Math.max(0, output);
    llmLatency.add(durationNanos);
    if (timeToFirstTokenNanos >= 0) {
      llmTimeToFirstToken.add(timeToFirstTokenNanos);
    }
  }

  /** The 32-bit hash traces and samples are counted by. */
  public static int hash(CharSequence text) {
    return HashSet32.hash(text);
  }

  /**
   * Adds {@code other} in, as {@link #merge}, taking its hash sets over instead of copying them
   * when this holds none yet: the caller lets go of {@code other} (a summary read from a file,
   * merged once). Copying every trace's hash into a new set was most of the cost of opening a long
   * run from its summary files.
   */
  public void mergeTaking(StepStats other) {
    if (traces != null && traces.size() == 0 && other.traces != null) {
      traces = other.traces;
      errorTraces = other.errorTraces;
      samples = other.samples;
      errorSamples = other.errorSamples;
      timeoutSamples = other.timeoutSamples;
      other.traces = other.errorTraces = other.samples = null;
      other.errorSamples = other.timeoutSamples = null;
    }
    merge(other);
  }

  /** Adds {@code other} in; traces and samples in both count once while both are open. */
  public void merge(StepStats other) {
    spans += other.spans;
    errorSpans += other.errorSpans;
    start = Math.min(start, other.start);
    end = Math.max(end, other.end);
    other.stages.forEach((k, v) -> stages.computeIfAbsent(k, x -> new StageStats()).merge(v));
    other.metrics.forEach((k, v) -> metrics.computeIfAbsent(k, x -> new MetricStats()).merge(v));
    llmCalls += other.llmCalls;
    llmErrors += other.llmErrors;
    inputTokens += other.inputTokens;
    outputTokens += other.outputTokens;
    llmLatency.merge(other.llmLatency);
    llmTimeToFirstToken.merge(other.llmTimeToFirstToken);
    sealedTimeoutSamples += other.sealedTimeoutSamples;
    sealedTraces += other.sealedTraces;
    sealedErrorTraces += other.sealedErrorTraces;
    sealedSamples += other.sealedSamples;
    sealedErrorSamples += other.sealedErrorSamples;
    if (traces != null && other.traces != null) {
      traces.addAll(other.traces);
      errorTraces.addAll(other.errorTraces);
      samples.addAll(other.samples);
      errorSamples.addAll(other.errorSamples);
      timeoutSamples.addAll(other.timeoutSamples);
    } else if (other.traces != null) {
      sealedTraces += other.traces.size();
      sealedErrorTraces += other.errorTraces.size();
      sealedSamples += other.samples.size();
      sealedErrorSamples += other.errorSamples.size();
      sealedTimeoutSamples += other.timeoutSamples.size();
    }
  }

  /**
   * Whether traces and samples are still counted by hash (a span of a trace seen before counts
   * once).
   */
  public boolean open() {
    return traces != null;
  }

  /** Keeps the counts and lets the hashes go: the step is not expected to grow any more. */
  public void seal() {
    if (traces == null) {
      return;
    }
    sealedTraces += traces.size();
    sealedErrorTraces += errorTraces.size();
    sealedSamples += samples.size();
    sealedErrorSamples += errorSamples.size();
    sealedTimeoutSamples += timeoutSamples.size();
    traces = errorTraces = samples = errorSamples = timeoutSamples = null;
  }

  public long spans() {
    return spans;
  }

  public long errorSpans() {
    return errorSpans;
  }

  public long traces() {
    return sealedTraces + (traces == null ? 0 : traces.size());
  }

  public long errorTraces() {
    return sealedErrorTraces + (errorTraces == null ? 0 : errorTraces.size());
  }

  public long samples() {
    return sealedSamples + (samples == null ? 0 : samples.size());
  }

  public long errorSamples() {
    return sealedErrorSamples + (errorSamples == null ? 0 : errorSamples.size());
  }

  /** Failed samples whose status or error type says they timed out. */
  public long timeoutSamples() {
    return sealedTimeoutSamples + (timeoutSamples == null ? 0 : timeoutSamples.size());
  }

  /** Earliest start of its spans, in Unix nanoseconds; {@code Long.MAX_VALUE} when it has none. */
  public long startUnixNano() {
    return start;
  }

  public long endUnixNano() {
    return end;
  }

  /** Stage name to its statistics, sorted by name. */
  public Map<String, StageStats> stages() {
    return stages;
  }

  /** Metric key to its statistics, sorted by key. */
  public Map<String, MetricStats> metrics() {
    return metrics;
  }

  public long llmCalls() {
    return llmCalls;
  }

  /** LLM calls whose span failed. */
  public long llmErrors() {
    return llmErrors;
  }

  /** Durations of the LLM calls' spans. */
  public DurationSketch llmLatency() {
    return llmLatency;
  }

  /** Time to the first token of the LLM calls that say it. */
  public DurationSketch llmTimeToFirstToken() {
    return llmTimeToFirstToken;
  }

  public long inputTokens() {
    return inputTokens;
  }

  public long outputTokens() {
    return outputTokens;
  }

  /**
   * Whether a span of the trace with this hash is counted here (open steps only; false when
   * sealed).
   */
  boolean hasTrace(int traceHash) {
    return traces != null && traces.contains(traceHash);
  }

  boolean hasSample(int sampleHash) {
    return samples != null && samples.contains(sampleHash);
  }

  void forEachTrace(java.util.function.IntConsumer action) {
    if (traces != null) {
      for (int h : traces.toArray()) {
        action.accept(h);
      }
    }
  }

  void forEachSample(java.util.function.IntConsumer action) {
    if (samples != null) {
      for (int h : samples.toArray()) {
        action.accept(h);
      }
    }
  }

  void write(DataOutput out) throws IOException {
    out.writeLong(spans);
    out.writeLong(errorSpans);
    out.writeLong(start);
    out.writeLong(end);
    out.writeInt(stages.size());
    for (Map.Entry<String, StageStats> e : stages.entrySet()) {
      out.writeUTF(e.getKey());
      e.getValue().write(out);
    }
    out.writeInt(metrics.size());
    for (Map.Entry<String, MetricStats> e : metrics.entrySet()) {
      out.writeUTF(e.getKey());
      e.getValue().write(out);
    }
    out.writeLong(llmCalls);
    out.writeLong(llmErrors);
    out.writeLong(inputTokens);
    out.writeLong(outputTokens);
    llmLatency.write(out);
    llmTimeToFirstToken.write(out);
    out.writeLong(sealedTimeoutSamples);
    out.writeLong(sealedTraces);
    out.writeLong(sealedErrorTraces);
    out.writeLong(sealedSamples);
    out.writeLong(sealedErrorSamples);
    out.writeBoolean(traces != null);
    if (traces != null) {
      traces.write(out);
      errorTraces.write(out);
      samples.write(out);
      errorSamples.write(out);
      timeoutSamples.write(out);
    }
  }

  static StepStats read(DataInput in) throws IOException {
    StepStats s = new StepStats();
    s.spans = in.readLong();
    s.errorSpans = in.readLong();
    s.start = in.readLong();
    s.end = in.readLong();
    int n = in.readInt();
    for (int k = 0; k < n; k++) {
      s.stages.put(in.readUTF(), StageStats.read(in));
    }
    n = in.readInt();
    for (int k = 0; k < n; k++) {
      s.metrics.put(in.readUTF(), MetricStats.read(in));
    }
    s.llmCalls = in.readLong();
    s.llmErrors = in.readLong();
    s.inputTokens = in.readLong();
    s.outputTokens = in.readLong();
    s.llmLatency.readInto(in);
    s.llmTimeToFirstToken.readInto(in);
    s.sealedTimeoutSamples = in.readLong();
    s.sealedTraces = in.readLong();
    s.sealedErrorTraces = in.readLong();
    s.sealedSamples = in.readLong();
    s.sealedErrorSamples = in.readLong();
    if (in.readBoolean()) {
      s.traces = HashSet32.read(in);
      s.errorTraces = HashSet32.read(in);
      s.samples = HashSet32.read(in);
      s.errorSamples = HashSet32.read(in);
      s.timeoutSamples = HashSet32.read(in);
    } else {
      s.traces = s.errorTraces = s.samples = s.errorSamples = s.timeoutSamples = null;
    }
    return s;
  }
}
