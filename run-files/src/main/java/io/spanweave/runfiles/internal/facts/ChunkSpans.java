package io.spanweave.runfiles.internal.facts;

import java.util.Arrays;

/**
 * The facts of a chunk's spans, column by column: what the summaries need of each span once the
 * whole chunk is read (a span may take its step, run and sample from spans after it). The arrays
 * grow to the biggest chunk seen and are reused, so a chunk costs no allocation per span.
 *
 * <p>Not thread-safe.
 */
final class ChunkSpans {
  int size;
  long[] traceHi = new long[64];
  long[] traceLo = new long[64];
  long[] spanId = new long[64];

  /** 0 for a root span. */
  long[] parentId = new long[64];

  long[] start = new long[64];
  long[] end = new long[64];
  long[] lineOffset = new long[64];
  int[] lineLength = new int[64];
  int[] step = new int[64];

  /** The attempt the span (or its resource) names, 0 for none. */
  int[] attempt = new int[64];

  String[] service = new String[64];
  String[] runId = new String[64];
  String[] sample = new String[64];
  String[] stage = new String[64];
  String[] kind = new String[64];
  boolean[] error = new boolean[64];

  /** The error type of a failed span; null for a span that did not fail. */
  String[] errorType = new String[64];

  /** The winning error type attribute, whatever the span's status (the sample's outcome). */
  String[] outcomeErrorType = new String[64];

  String[] outcomeStatus = new String[64];
  boolean[] llm = new boolean[64];
  long[] inputTokens = new long[64];
  long[] outputTokens = new long[64];
  long[] timeToFirstToken = new long[64];

  /** The span's metrics are {@code metricKeys[metricFrom[i] .. metricFrom[i + 1])}. */
  int[] metricFrom = new int[65];

  int metrics;
  String[] metricKeys = new String[64];
  double[] metricValues = new double[64];

  void clear() {
    // Strings are overwritten span by span; clearing them would cost more than holding a chunk's.
    size = 0;
    metrics = 0;
    metricFrom[0] = 0;
  }

  /** The metrics appended from now on are the next span's. */
  void startMetrics() {
    metrics = metricFrom[size];
  }

  void metric(String key, double value) {
    if (metrics == metricKeys.length) {
      metricKeys = Arrays.copyOf(metricKeys, metrics * 2);
      metricValues = Arrays.copyOf(metricValues, metrics * 2);
    }
    metricKeys[metrics] = key;
    metricValues[metrics++] = value;
  }

  /** Appends the span the rules hold; returns its index. */
  int add(
      SpanFactRules f,
      long trace1,
      long trace2,
      long span,
      long parent,
      long startNanos,
      long endNanos,
      String name,
      int statusCode) {
    if (size == traceHi.length) {
      grow();
    }
    int i = size++;
    traceHi[i] = trace1;
    traceLo[i] = trace2;
    spanId[i] = span;
    parentId[i] = parent;
    start[i] = startNanos;
    end[i] = endNanos;
    step[i] = f.step;
    attempt[i] = f.attempt;
    service[i] = null;
    runId[i] = f.runId;
    sample[i] = f.sample;
    stage[i] = f.stage != null ? f.stage : name;
    kind[i] = f.kind;
    boolean failed = f.error(statusCode);
    error[i] = failed;
    errorType[i] = f.errorTypeIf(failed);
    outcomeErrorType[i] = f.outcomeErrorType;
    outcomeStatus[i] = f.outcomeStatus;
    boolean model = f.modelCall();
    llm[i] = model;
    inputTokens[i] = f.inputTokens;
    outputTokens[i] = f.outputTokens;
    timeToFirstToken[i] = f.timeToFirstTokenNanos;
    metricFrom[i + 1] = metrics;
    return i;
  }

  /** The line of spans {@code [from, size)}, known once the line's object is closed. */
  void place(int from, long offset, int length) {
    for (int i = from; i < size; i++) {
      lineOffset[i] = offset;
      lineLength[i] = length;
    }
  }

  /**
   * The resource of spans {@code [from, size)}, known once their resourceSpans object is closed: it
   * names the service, and the run and attempt authoritatively.
   */
  void resource(int from, String serviceName, String resourceRun, int resourceAttempt) {
    for (int i = from; i < size; i++) {
      service[i] = serviceName;
      if (resourceRun != null) {
        runId[i] = resourceRun;
      }
      if (resourceAttempt > 0) {
        attempt[i] = resourceAttempt;
      }
    }
  }

  private void grow() {
    int n = traceHi.length * 2;
    traceHi = Arrays.copyOf(traceHi, n);
    traceLo = Arrays.copyOf(traceLo, n);
    spanId = Arrays.copyOf(spanId, n);
    parentId = Arrays.copyOf(parentId, n);
    start = Arrays.copyOf(start, n);
    end = Arrays.copyOf(end, n);
    lineOffset = Arrays.copyOf(lineOffset, n);
    lineLength = Arrays.copyOf(lineLength, n);
    step = Arrays.copyOf(step, n);
    attempt = Arrays.copyOf(attempt, n);
    service = Arrays.copyOf(service, n);
    runId = Arrays.copyOf(runId, n);
    sample = Arrays.copyOf(sample, n);
    stage = Arrays.copyOf(stage, n);
    kind = Arrays.copyOf(kind, n);
    error = Arrays.copyOf(error, n);
    errorType = Arrays.copyOf(errorType, n);
    outcomeErrorType = Arrays.copyOf(outcomeErrorType, n);
    outcomeStatus = Arrays.copyOf(outcomeStatus, n);
    llm = Arrays.copyOf(llm, n);
    inputTokens = Arrays.copyOf(inputTokens, n);
    outputTokens = Arrays.copyOf(outputTokens, n);
    timeToFirstToken = Arrays.copyOf(timeToFirstToken, n);
    metricFrom = Arrays.copyOf(metricFrom, n + 1);
  }
}
