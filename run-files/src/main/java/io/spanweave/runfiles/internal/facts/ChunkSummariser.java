package io.spanweave.runfiles.internal.facts;

import io.spanweave.conventions.ViewerKeys;
import io.spanweave.runfiles.internal.summary.RunKey;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runfiles.internal.summary.StepStats;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Adds a chunk's span facts to the summaries of the segments their lines lie in, by the rules the
 * viewer's summaries follow for parsed spans: a span without a step, run or attempt takes its
 * trace's from the spans of the same chunk (the first step and run named, the highest attempt), a
 * span naming no sample belongs to its nearest ancestor's in the chunk that names one, and a sample
 * whose status or error type says so counts as failed or timed out.
 *
 * <p>Traces and spans are looked up by their ids as numbers in tables reused from chunk to chunk.
 * Not thread-safe.
 */
final class ChunkSummariser {
  private static final int NO_STEP = SpanFactRules.NO_STEP;
  private static final int MAX_PARENT_HOPS = 64;
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  /** Traces of the chunk: open addressing on the trace id. */
  private long[] traceHi = new long[256];

  private long[] traceLo = new long[256];
  private boolean[] traceUsed = new boolean[256];
  private int[] traceStep = new int[256];
  private String[] traceRun = new String[256];
  private int[] traceAttempt = new int[256];
  private int[] traceHash = new int[256];

  /**
   * Spans of the chunk by trace and span id (the last of equal ids wins): index + 1, 0 for empty.
   */
  private int[] spanSlots = new int[256];

  /** The trace slot of each span. */
  private int[] traceOf = new int[64];

  private final char[] hexId = new char[32];
  private final CharSequence hexIdText = new CharArrayText(hexId);
  private final StringBuilder sampleKey = new StringBuilder(64);
  private RunKey lastRun = new RunKey("", "", 1);

  @SuppressWarnings("ReferenceEquality") // the same cell as the span before: the same instances
  Map<Integer, SegmentSummary> summarise(ChunkSpans s, long segmentBytes) {
    Map<Integer, SegmentSummary> out = new TreeMap<>();
    int n = s.size;
    if (n == 0) {
      return out;
    }
    indexTraces(s);
    indexSpans(s);
    int lastSegment = -1;
    SegmentSummary segment = null;
    SegmentSummary cellSegment = null;
    RunKey cellRun = null;
    int cellStep = 0;
    StepStats cell = null;
    long lastLine = -1;
    for (int i = 0; i < n; i++) {
      if (s.lineOffset[i] != lastLine) {
        // A line's spans share its segment: one division a line, not one a span.
        lastLine = s.lineOffset[i];
        int k = (int) (lastLine / segmentBytes);
        if (k != lastSegment || segment == null) {
          segment = out.computeIfAbsent(k, SegmentSummary::new);
          lastSegment = k;
        }
      }
      int t = traceOf[i];
      int step = s.step[i] != NO_STEP ? s.step[i] : traceStep[t];
      String runId = s.runId[i] != null && !s.runId[i].isEmpty() ? s.runId[i] : traceRun[t];
      RunKey run = run(s.service[i], runId, traceAttempt[t] > 0 ? traceAttempt[t] : s.attempt[i]);
      int trace = traceHash[t];
      String sample = s.sample[i] != null ? s.sample[i] : sampleOfParent(s, i);
      int sampleHash = sample == null ? 0 : sampleHash(run.runId(), sample);
      boolean error = s.error[i];
      if (segment != cellSegment || run != cellRun || step != cellStep) {
        // The spans of a trace mostly share their cell: look it up (a few map and set steps)
        // once for them.
        cell = segment.cell(run, step);
        cellSegment = segment;
        cellRun = run;
        cellStep = step;
      }
      cell.addSpan(s.stage[i], s.start[i], s.end[i], error, s.errorType[i], trace, sampleHash);
      if (sampleHash != 0) {
        String status = s.outcomeStatus[i];
        boolean failedWord = ViewerKeys.isFailedSampleStatus(status);
        String errorType = s.errorType[i] != null ? s.errorType[i] : s.outcomeErrorType[i];
        if ((error || failedWord) && timedOut(status, errorType)) {
          cell.addTimedOutSample(sampleHash);
        } else if (failedWord) {
          cell.addFailedSample(sampleHash);
        }
      }
      if (s.llm[i]) {
        cell.addLlmCall(
            s.end[i] - s.start[i],
            error,
            s.inputTokens[i],
            s.outputTokens[i],
            s.timeToFirstToken[i]);
      }
      for (int m = s.metricFrom[i]; m < s.metricFrom[i + 1]; m++) {
        cell.addMetric(s.metricKeys[m], s.metricValues[m]);
      }
      segment.place(
          s.lineOffset[i], s.lineLength[i], trace, sampleHash, s.start[i], s.end[i], s.kind[i]);
    }
    return out;
  }

  /** The same key as the last span's when it is (most spans of a chunk share one run). */
  private RunKey run(String service, String runId, int attempt) {
    RunKey last = lastRun;
    String svc = service == null ? "" : service;
    String id = runId == null ? "" : runId;
    if (last.service().equals(svc)
        && last.runId().equals(id)
        && last.attempt() == Math.max(1, attempt)) {
      return last;
    }
    lastRun = new RunKey(svc, id, attempt);
    return lastRun;
  }

  /** The sample {@link #sampleHash} hashed last, by identity: a sample's spans come together. */
  private String hashedRun;

  private String hashedSample;
  private int hashedSampleHash;

  @SuppressWarnings("ReferenceEquality") // equal instances hash alike; equal texts are hashed anew
  private int sampleHash(String runId, String sample) {
    if (sample == hashedSample && runId == hashedRun) {
      return hashedSampleHash;
    }
    hashedRun = runId;
    hashedSample = sample;
    hashedSampleHash = hashOfSample(runId, sample);
    return hashedSampleHash;
  }

  private int hashOfSample(String runId, String sample) {
    StringBuilder key = sampleKey;
    key.setLength(0);
    key.append(runId == null ? "" : runId).append('\u0001').append(sample);
    return StepStats.hash(key);
  }

  /** A failed sample's status or error type says it timed out (as compare tells timeouts apart). */
  static boolean timedOut(String status, String errorType) {
    String s = status == null ? "" : status.toLowerCase(Locale.ROOT);
    return s.equals("timeout")
        || s.equals("timed_out")
        || (errorType != null && errorType.toLowerCase(Locale.ROOT).contains("timeout"));
  }

  /** The sample of the nearest ancestor in the chunk that names one, or null. */
  private String sampleOfParent(ChunkSpans s, int i) {
    int at = i;
    for (int hops = 0; hops < MAX_PARENT_HOPS && s.parentId[at] != 0; hops++) {
      at = findSpan(s, s.traceHi[at], s.traceLo[at], s.parentId[at]);
      if (at < 0) {
        return null;
      }
      if (s.sample[at] != null) {
        return s.sample[at];
      }
    }
    return null;
  }

  // ------------------------------------------------------------------ traces

  private void indexTraces(ChunkSpans s) {
    int n = s.size;
    int slots = traceHi.length;
    while (slots < n * 2) {
      slots *= 2;
    }
    if (slots != traceHi.length) {
      traceHi = new long[slots];
      traceLo = new long[slots];
      traceUsed = new boolean[slots];
      traceStep = new int[slots];
      traceRun = new String[slots];
      traceAttempt = new int[slots];
      traceHash = new int[slots];
    } else {
      Arrays.fill(traceUsed, false);
    }
    if (traceOf.length < n) {
      traceOf = new int[Math.max(n, traceOf.length * 2)];
    }
    for (int i = 0; i < n; i++) {
      int t = traceSlot(s.traceHi[i], s.traceLo[i]);
      traceOf[i] = t;
      if (s.step[i] != NO_STEP && traceStep[t] == NO_STEP) {
        traceStep[t] = s.step[i];
      }
      if (s.runId[i] != null && !s.runId[i].isEmpty() && traceRun[t] == null) {
        traceRun[t] = s.runId[i];
      }
      if (s.attempt[i] > 0) {
        traceAttempt[t] = Math.max(traceAttempt[t], s.attempt[i]);
      }
    }
  }

  private int traceSlot(long hi, long lo) {
    int mask = traceHi.length - 1;
    int slot = mix(hi ^ lo * 31) & mask;
    while (traceUsed[slot]) {
      if (traceHi[slot] == hi && traceLo[slot] == lo) {
        return slot;
      }
      slot = (slot + 1) & mask;
    }
    traceUsed[slot] = true;
    traceHi[slot] = hi;
    traceLo[slot] = lo;
    traceStep[slot] = NO_STEP;
    traceRun[slot] = null;
    traceAttempt[slot] = 0;
    traceHash[slot] = hashOf(hi, lo);
    return slot;
  }

  /** The hash of the trace id as the summaries hash it: its 32 lowercase hex digits. */
  private int hashOf(long hi, long lo) {
    for (int k = 0; k < 16; k++) {
      hexId[k] = HEX[(int) (hi >>> (60 - 4 * k)) & 0xF];
      hexId[16 + k] = HEX[(int) (lo >>> (60 - 4 * k)) & 0xF];
    }
    return StepStats.hash(hexIdText);
  }

  // ------------------------------------------------------------------ spans by id

  private void indexSpans(ChunkSpans s) {
    int n = s.size;
    int slots = spanSlots.length;
    while (slots < n * 2) {
      slots *= 2;
    }
    if (slots != spanSlots.length) {
      spanSlots = new int[slots];
    } else {
      Arrays.fill(spanSlots, 0);
    }
    int mask = slots - 1;
    for (int i = 0; i < n; i++) {
      int slot = mix(s.traceLo[i] ^ s.spanId[i] * 31) & mask;
      int at;
      while ((at = spanSlots[slot] - 1) >= 0) {
        if (s.spanId[at] == s.spanId[i]
            && s.traceHi[at] == s.traceHi[i]
            && s.traceLo[at] == s.traceLo[i]) {
          break; // the later span of equal ids takes the slot
        }
        slot = (slot + 1) & mask;
      }
      spanSlots[slot] = i + 1;
    }
  }

  private int findSpan(ChunkSpans s, long hi, long lo, long spanId) {
    int mask = spanSlots.length - 1;
    int slot = mix(lo ^ spanId * 31) & mask;
    int at;
    while ((at = spanSlots[slot] - 1) >= 0) {
      if (s.spanId[at] == spanId && s.traceHi[at] == hi && s.traceLo[at] == lo) {
        return at;
      }
      slot = (slot + 1) & mask;
    }
    return -1;
  }

  private static int mix(long v) {
    v ^= v >>> 33;
    v *= 0xff51afd7ed558ccdL;
    v ^= v >>> 33;
    return (int) v;
  }

  /** A char array seen as text without copying it (the trace hash reads it char by char). */
  private record CharArrayText(char[] text) implements CharSequence {
    @Override
    public int length() {
      return text.length;
    }

    @Override
    public char charAt(int index) {
      return text[index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return new String(text, start, end - start);
    }

    @Override
    public String toString() {
      return new String(text);
    }
  }
}
