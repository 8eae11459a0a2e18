package io.spanweave.viewer.index;

import io.spanweave.runfiles.internal.summary.RunKey;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runfiles.internal.summary.StepStats;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Adds parsed spans to the summaries of the segments their lines lie in: the bridge between what
 * the parser reads ({@link SpanFacts}) and what summaries keep. Runs on the parse threads, one
 * chunk at a time, so summarising costs the indexing thread nothing but a merge per chunk.
 *
 * <p>A span without a step takes its trace's step from the spans of the same chunk, as the index
 * does over everything it holds; one whose trace shows no step in the chunk counts as stepless.
 */
public final class SpanSummaries {
  private SpanSummaries() {}

  /**
   * @return per segment index, the summary of the chunk's lines in that segment
   */
  public static Map<Integer, SegmentSummary> of(List<ParsedSpan> spans, long segmentBytes) {
    Map<Integer, SegmentSummary> out = new TreeMap<>();
    Map<String, Integer> traceSteps = new HashMap<>();
    Map<String, String> traceRuns = new HashMap<>();
    Map<String, Integer> traceAttempts = new HashMap<>();
    // Spans by their ids, for spans naming no sample: they belong to their parent's (an emitter's
    // reward, a tool or judge span under the sample's endpoint), as the index attributes them.
    Map<String, ParsedSpan> byId = null;
    for (ParsedSpan s : spans) {
      SpanFacts f = facts(s);
      if (f.sample == null && s.parentSpanId != null && byId == null) {
        byId = new HashMap<>(); // only chunks with such spans pay for looking parents up
      }
      if (f.step != SpanIndex.NO_STEP) {
        traceSteps.putIfAbsent(s.traceId, f.step);
      }
      if (f.runId != null && !f.runId.isEmpty()) {
        traceRuns.putIfAbsent(s.traceId, f.runId);
      }
      if (f.attempt > 0) {
        traceAttempts.merge(s.traceId, f.attempt, Math::max);
      }
    }
    if (byId != null) {
      for (ParsedSpan s : spans) {
        byId.put(s.traceId + s.spanId, s);
      }
    }
    for (ParsedSpan s : spans) {
      SpanFacts f = s.facts;
      int k = (int) (s.lineOffset / segmentBytes);
      SegmentSummary segment = out.computeIfAbsent(k, SegmentSummary::new);
      int step =
          f.step != SpanIndex.NO_STEP
              ? f.step
              : traceSteps.getOrDefault(s.traceId, SpanIndex.NO_STEP);
      // As the index attributes runs and attempts: a span naming none (a worker's) is its trace's.
      RunKey run =
          new RunKey(
              f.service,
              f.runId != null && !f.runId.isEmpty() ? f.runId : traceRuns.get(s.traceId),
              traceAttempts.getOrDefault(s.traceId, f.attempt));
      int traceHash = StepStats.hash(s.traceId);
      String sample = f.sample != null ? f.sample : byId == null ? null : sampleOfParent(s, byId);
      int sampleHash = sample == null ? 0 : sampleHash(run.runId(), sample);
      boolean error = f.status == SpanStatus.ERROR;
      StepStats cell = segment.cell(run, step);
      cell.addSpan(
          f.stage,
          s.startTimeUnixNano,
          s.endTimeUnixNano,
          error,
          f.errorType,
          traceHash,
          sampleHash);
      if (sampleHash != 0) {
        String status = f.outcome == null ? null : f.outcome.status;
        boolean failed = error || SpanStatus.isFailureWord(status);
        if (failed
            && timedOut(
                status,
                f.errorType != null
                    ? f.errorType
                    : f.outcome == null ? null : f.outcome.errorType)) {
          cell.addTimedOutSample(sampleHash);
        } else if (SpanStatus.isFailureWord(status)) {
          cell.addFailedSample(sampleHash);
        }
      }
      if (f.llm != null) {
        cell.addLlmCall(
            s.endTimeUnixNano - s.startTimeUnixNano,
            error,
            f.llm.inputTokens,
            f.llm.outputTokens,
            f.llm.timeToFirstTokenNanos);
      }
      for (int m = 0; m < f.metricKeys.size(); m++) {
        cell.addMetric(f.metricKeys.get(m), f.metricValues.get(m));
      }
      segment.place(
          s.lineOffset,
          s.lineLength,
          traceHash,
          sampleHash,
          s.startTimeUnixNano,
          s.endTimeUnixNano,
          f.kind);
    }
    return out;
  }

  /** The sample of the nearest ancestor in the same chunk that names one, or null. */
  private static String sampleOfParent(ParsedSpan s, Map<String, ParsedSpan> byId) {
    ParsedSpan at = s;
    for (int hops = 0; hops < 64 && at.parentSpanId != null; hops++) {
      at = byId.get(at.traceId + at.parentSpanId);
      if (at == null) {
        return null;
      }
      if (at.facts.sample != null) {
        return at.facts.sample;
      }
    }
    return null;
  }

  /** A failed sample's status or error type says it timed out (as compare tells timeouts apart). */
  static boolean timedOut(String status, String errorType) {
    String s = status == null ? "" : status.toLowerCase(java.util.Locale.ROOT);
    return s.equals("timeout")
        || s.equals("timed_out")
        || (errorType != null && errorType.toLowerCase(java.util.Locale.ROOT).contains("timeout"));
  }

  /** The step a span names itself, or {@code SpanIndex.NO_STEP}. */
  public static int stepOf(ParsedSpan s) {
    return facts(s).step;
  }

  /** The hash a sample (run id and sample id) is counted and found by. */
  public static int sampleHash(String runId, String sampleId) {
    return StepStats.hash((runId == null ? "" : runId) + '\u0001' + sampleId);
  }

  private static SpanFacts facts(ParsedSpan s) {
    if (s.facts == null) {
      s.facts = SpanFacts.of(s, OtlpLineParser.MAX_SEARCHABLE_VALUE);
    }
    return s.facts;
  }
}
