package io.spanweave.viewer.views;

import io.spanweave.conventions.LiveRecordFields;
import io.spanweave.viewer.ingest.AttemptRecords;
import io.spanweave.viewer.ingest.LiveSpans;
import io.spanweave.viewer.json.RunsAnswer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Completes the attempts of the run list: what the spans tell of each attempt (from the index or
 * the summaries) joined with the run folder's attempt records (who, when, where it resumed, whether
 * it closed) and with {@code live.jsonl} (whether a process that did not close is still alive). An
 * attempt whose driver did not close died once a newer attempt started or once it wrote nothing for
 * {@link LiveRecordFields#MISSED_HEARTBEATS} heartbeat intervals.
 */
final class RunAttempts {
  private static final long SILENCE_NANOS =
      TimeUnit.MILLISECONDS.toNanos(
          LiveRecordFields.MISSED_HEARTBEATS * LiveRecordFields.HEARTBEAT_INTERVAL_MILLIS);

  private RunAttempts() {}

  static RunsAnswer complete(
      RunsAnswer answer, List<AttemptRecords.Attempt> records, LiveSpans live) {
    long now = System.currentTimeMillis() * 1_000_000L;
    List<RunsAnswer.Run> runs = new ArrayList<>();
    for (RunsAnswer.Run run : answer.runs()) {
      Map<Integer, RunsAnswer.Attempt> fromSpans = new TreeMap<>();
      run.attempts().forEach(a -> fromSpans.put(a.attempt(), a));
      Map<Integer, AttemptRecords.Attempt> recorded = new TreeMap<>();
      records.stream()
          .filter(r -> r.runId().equals(run.runId()))
          .forEach(r -> recorded.put(r.attempt(), r));
      TreeMap<Integer, RunsAnswer.Attempt> all = new TreeMap<>();
      for (int number : union(fromSpans, recorded)) {
        all.put(
            number,
            join(run.runId(), number, fromSpans.get(number), recorded.get(number), live, now));
      }
      runs.add(
          new RunsAnswer.Run(
              run.runId(),
              run.services(),
              run.traces(),
              run.spans(),
              run.errorTraces(),
              run.samples(),
              run.errorSamples(),
              run.steps(),
              run.firstStep(),
              run.lastStep(),
              run.startUnixNano(),
              run.endUnixNano(),
              run.durationMs(),
              List.copyOf(all.values())));
    }
    return new RunsAnswer(runs);
  }

  private static java.util.SortedSet<Integer> union(Map<Integer, ?> a, Map<Integer, ?> b) {
    java.util.TreeSet<Integer> all = new java.util.TreeSet<>(a.keySet());
    all.addAll(b.keySet());
    return all;
  }

  private static RunsAnswer.Attempt join(
      String runId,
      int number,
      RunsAnswer.Attempt spans,
      AttemptRecords.Attempt record,
      LiveSpans live,
      long now) {
    if (spans == null) {
      spans =
          new RunsAnswer.Attempt(
              number, null, null, null, null, null, null, List.of(), 0, 0, null, null);
    }
    if (record == null) {
      return spans;
    }
    String start =
        record.startUnixNano() != null
            ? Long.toString(record.startUnixNano())
            : spans.startUnixNano();
    String end =
        record.endUnixNano() != null ? Long.toString(record.endUnixNano()) : spans.endUnixNano();
    Long resumedFrom = record.resumeStep() != null ? record.resumeStep() : spans.resumedFrom();
    return new RunsAnswer.Attempt(
        number,
        state(runId, number, spans, record, live, now),
        start,
        end,
        spans.firstStep(),
        spans.lastStep(),
        resumedFrom,
        spans.redoneSteps(),
        spans.spans(),
        spans.samples(),
        record.pid(),
        record.host());
  }

  private static String state(
      String runId,
      int number,
      RunsAnswer.Attempt spans,
      AttemptRecords.Attempt record,
      LiveSpans live,
      long now) {
    if (record.closed()) {
      return "closed";
    }
    if (live.attemptEnded(runId, number)) {
      return "died";
    }
    if (live.lastRecord(runId, number) == null) {
      // No live record of it at all: it counts as alive while it started or recorded a span lately.
      long last =
          Math.max(
              record.startUnixNano() == null ? 0 : record.startUnixNano(),
              spans.endUnixNano() == null ? 0 : Long.parseLong(spans.endUnixNano()));
      if (now - last > SILENCE_NANOS) {
        return "died";
      }
    }
    return "running";
  }
}
