package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIds;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.index.StringPool;
import io.spanweave.viewer.ingest.LiveSpan;
import io.spanweave.viewer.ingest.LiveSpans;
import io.spanweave.viewer.json.WaterfallAnswer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The waterfall of one trace or one sample: all its spans at once, in tree order, with each span's
 * depth and its offset from the earliest start. Spans still in flight (started in {@code
 * live.jsonl}, not ended) are rows too, running until now, so a stuck sample shows where it waits.
 * Unlike the lazily expanded span tree this answers every span in one request, so it is capped
 * ({@code limit}); {@code total} says how many there are.
 */
public final class Waterfalls {
  private final SpanIndex index;
  private final LiveSpans live;

  public Waterfalls(SpanIndex index, LiveSpans live) {
    this.index = index;
    this.live = live;
  }

  /** One span, from the index or from the live file. */
  private record Row(
      String traceHex,
      long spanId,
      long parentId,
      String name,
      String stage,
      String kind,
      String status,
      String errorType,
      long start,
      long end,
      boolean inFlight) {}

  private record SpanKey(String traceHex, long spanId) {}

  public WaterfallAnswer trace(String traceHex, int limit, long nowNanos) {
    return index.read(
        () -> {
          List<Row> rows = new ArrayList<>();
          String run = null;
          int t = index.findTrace(traceHex);
          if (t >= 0) {
            for (int i = index.traceFirstSpan(t); i >= 0; i = index.nextInTrace(i)) {
              rows.add(row(i));
            }
            run = index.traceRun(t);
          }
          for (LiveSpan s : live.snapshot()) {
            if (s.traceId().equals(traceHex)) {
              rows.add(liveRow(s, nowNanos));
              run = run != null ? run : s.runId();
            }
          }
          for (LiveSpan s : live.abandoned()) {
            if (s.traceId().equals(traceHex)) {
              rows.add(abandonedRow(s));
              run = run != null ? run : s.runId();
            }
          }
          if (rows.isEmpty()) {
            throw new NotFoundException("no trace " + traceHex);
          }
          return build(rows, null, run, limit);
        });
  }

  /**
   * The spans the index attributes to the sample (run, id), from all of its traces, and its
   * in-flight ones.
   */
  public WaterfallAnswer sample(RunFilter runs, String id, int limit, long nowNanos) {
    return index.read(
        () -> {
          List<Row> rows = new ArrayList<>();
          String run;
          // The attempt of the run whose spans these are: the sample's, else the one asked (0:
          // any).
          int attempt = runs.attempt() == null ? 0 : runs.attempt();
          try {
            int smp = RolloutQueries.findSample(index, runs, id);
            for (int i = index.sampleFirstSpan(smp); i >= 0; i = index.nextInSample(i)) {
              rows.add(row(i));
            }
            run = index.sampleRun(smp);
            attempt = index.maxAttempt() > 0 ? index.sampleAttempt(smp) : 0;
          } catch (NotFoundException notEndedYet) {
            // A sample whose spans are all still in flight has no row in the index yet.
            run = runs.runId();
          }
          for (LiveSpan s : new LiveView(live.snapshot(), runs, runs.shown(index)).spans) {
            if (LiveView.isOf(s, run == null ? s.runId() : run, id) && inAttempt(s, attempt)) {
              rows.add(liveRow(s, nowNanos));
              run = run != null ? run : s.runId();
            }
          }
          for (LiveSpan s : new LiveView(live.abandoned(), runs, runs.shown(index)).spans) {
            if (LiveView.isOf(s, run == null ? s.runId() : run, id) && inAttempt(s, attempt)) {
              rows.add(abandonedRow(s));
              run = run != null ? run : s.runId();
            }
          }
          if (rows.isEmpty()) {
            throw new NotFoundException(
                "no sample with id '"
                    + id
                    + "'"
                    + (runs.runId() == null ? "" : " in run '" + runs.runId() + "'"));
          }
          return build(rows, id, run == null ? "" : run, limit);
        });
  }

  private Row row(int i) {
    int errorType = index.errorType(i);
    return new Row(
        index.traceHex(index.traceOf(i)),
        index.spanId(i),
        index.parentId(i),
        index.strings().get(index.name(i)),
        index.strings().get(index.stage(i)),
        index.strings().get(index.kindTag(i)),
        index.status(i).label(),
        errorType == StringPool.NONE ? null : index.strings().get(errorType),
        index.start(i),
        index.end(i),
        false);
  }

  private static Row liveRow(LiveSpan s, long nowNanos) {
    long parent = s.parentSpanId() == null ? 0L : SpanIds.spanIdToLong(s.parentSpanId());
    return new Row(
        s.traceId(),
        SpanIds.spanIdToLong(s.spanId()),
        parent,
        s.name(),
        s.stage(),
        null,
        "running",
        null,
        s.startTimeUnixNano(),
        Math.max(s.startTimeUnixNano(), nowNanos),
        true);
  }

  /**
   * Whether a live span is of {@code attempt} (0: any); a record that names none is of every one.
   */
  private static boolean inAttempt(LiveSpan s, int attempt) {
    return attempt == 0 || s.attempt() == 0 || s.attempt() == attempt;
  }

  /**
   * A span its process left open when it died: status abandoned, drawn at its start, not in flight.
   */
  private static Row abandonedRow(LiveSpan s) {
    long parent = s.parentSpanId() == null ? 0L : SpanIds.spanIdToLong(s.parentSpanId());
    return new Row(
        s.traceId(),
        SpanIds.spanIdToLong(s.spanId()),
        parent,
        s.name(),
        s.stage(),
        null,
        "abandoned",
        null,
        s.startTimeUnixNano(),
        s.startTimeUnixNano(),
        false);
  }

  private static WaterfallAnswer build(List<Row> all, String sample, String run, int limit) {
    // A span both in the index and in flight (its end is not in live.jsonl yet) is shown as
    // indexed.
    Map<SpanKey, Row> byId = new HashMap<>();
    List<Row> rows = new ArrayList<>();
    for (boolean liveRows : new boolean[] {false, true}) {
      for (Row r : all) {
        if (r.inFlight() == liveRows
            && byId.putIfAbsent(new SpanKey(r.traceHex(), r.spanId()), r) == null) {
          rows.add(r);
        }
      }
    }
    // Children per shown parent; a span whose parent is not shown is a root of the waterfall.
    Map<Row, List<Row>> children = new HashMap<>();
    List<Row> roots = new ArrayList<>();
    long axisStart = Long.MAX_VALUE;
    long axisEnd = Long.MIN_VALUE;
    for (Row r : rows) {
      axisStart = Math.min(axisStart, r.start());
      axisEnd = Math.max(axisEnd, r.end());
      Row parent = r.parentId() == 0L ? null : byId.get(new SpanKey(r.traceHex(), r.parentId()));
      if (parent == null || parent == r) {
        roots.add(r);
      } else {
        children.computeIfAbsent(parent, k -> new ArrayList<>()).add(r);
      }
    }
    Comparator<Row> byStart = Comparator.comparingLong(Row::start);
    roots.sort(byStart);
    children.values().forEach(list -> list.sort(byStart));
    Set<String> traceIds = new LinkedHashSet<>();
    for (Row r : roots) {
      traceIds.add(r.traceHex());
    }
    List<WaterfallAnswer.Span> out = new ArrayList<>();
    // Depth first with an explicit stack: a trace may nest deeper than the thread's stack allows.
    ArrayDeque<Object[]> stack = new ArrayDeque<>();
    for (int k = roots.size() - 1; k >= 0; k--) {
      stack.push(new Object[] {roots.get(k), 0});
    }
    Set<Row> shown = new HashSet<>();
    while (!stack.isEmpty() && out.size() < limit) {
      Object[] top = stack.pop();
      Row r = (Row) top[0];
      int depth = (Integer) top[1];
      if (!shown.add(r)) {
        continue;
      }
      List<Row> kids = children.getOrDefault(r, List.of());
      out.add(answer(r, depth, axisStart, kids.size()));
      for (int k = kids.size() - 1; k >= 0; k--) {
        stack.push(new Object[] {kids.get(k), depth + 1});
      }
    }
    // Spans in a parent cycle (bad ids in the file) are reached from no root: shown flat at the
    // end.
    for (Row r : rows) {
      if (out.size() >= limit) {
        break;
      }
      if (shown.add(r)) {
        out.add(answer(r, 0, axisStart, children.getOrDefault(r, List.of()).size()));
      }
    }
    return new WaterfallAnswer(
        List.copyOf(traceIds),
        sample,
        run,
        Long.toString(axisStart),
        Durations.millis(axisEnd - axisStart),
        rows.size(),
        out.size() < rows.size(),
        out);
  }

  private static WaterfallAnswer.Span answer(Row r, int depth, long axisStart, int childCount) {
    return new WaterfallAnswer.Span(
        r.traceHex(),
        SpanIds.spanIdToHex(r.spanId()),
        r.parentId() == 0 ? null : SpanIds.spanIdToHex(r.parentId()),
        r.name(),
        r.stage(),
        r.kind(),
        r.status(),
        r.errorType(),
        depth,
        Durations.millis(r.start() - axisStart),
        Durations.millis(r.end() - r.start()),
        childCount,
        r.inFlight());
  }
}
