package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIds;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.index.StringPool;
import io.spanweave.viewer.json.WaterfallAnswer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The waterfall of one trace or one sample: all its spans at once, in tree order, with each span's
 * depth and its offset from the earliest start. Unlike the lazily expanded span tree this answers
 * every span in one request, so it is capped ({@code limit}); {@code total} says how many there are.
 */
public final class Waterfalls {
  private final SpanIndex index;

  public Waterfalls(SpanIndex index) {
    this.index = index;
  }

  public WaterfallAnswer trace(String traceHex, int limit) {
    index.lock().readLock().lock();
    try {
      int t = index.findTrace(traceHex);
      if (t < 0) {
        throw new NotFoundException("no trace " + traceHex);
      }
      List<Integer> rows = new ArrayList<>();
      for (int i = index.traceFirstSpan(t); i >= 0; i = index.nextInTrace(i)) {
        rows.add(i);
      }
      int res = index.traceResource(t);
      return build(rows, null, index.resourceRun(res), limit);
    } finally {
      index.lock().readLock().unlock();
    }
  }

  /** The spans the index attributes to the sample (run, id), from all of its traces. */
  public WaterfallAnswer sample(RunFilter runs, String id, int limit) {
    index.lock().readLock().lock();
    try {
      int smp = RolloutQueries.findSample(index, runs, id);
      List<Integer> rows = new ArrayList<>();
      for (int i = index.sampleFirstSpan(smp); i >= 0; i = index.nextInSample(i)) {
        rows.add(i);
      }
      return build(rows, index.sampleKey(smp), index.sampleRun(smp), limit);
    } finally {
      index.lock().readLock().unlock();
    }
  }

  private record SpanKey(int trace, long spanId) {}

  private WaterfallAnswer build(List<Integer> rows, String sample, String run, int limit) {
    Map<SpanKey, Integer> byId = new HashMap<>();
    for (int i : rows) {
      byId.put(new SpanKey(index.traceOf(i), index.spanId(i)), i);
    }
    // Children per shown parent; a span whose parent is not shown is a root of the waterfall.
    Map<Integer, List<Integer>> children = new HashMap<>();
    List<Integer> roots = new ArrayList<>();
    long axisStart = Long.MAX_VALUE;
    long axisEnd = Long.MIN_VALUE;
    Set<String> traceIds = new LinkedHashSet<>();
    for (int i : rows) {
      axisStart = Math.min(axisStart, index.start(i));
      axisEnd = Math.max(axisEnd, index.end(i));
      Integer parent = index.parentId(i) == 0L ? null : byId.get(new SpanKey(index.traceOf(i), index.parentId(i)));
      if (parent == null || parent == i) {
        roots.add(i);
      } else {
        children.computeIfAbsent(parent, k -> new ArrayList<>()).add(i);
      }
    }
    Comparator<Integer> byStart = Comparator.<Integer>comparingLong(index::start).thenComparingInt(i -> i);
    roots.sort(byStart);
    children.values().forEach(list -> list.sort(byStart));
    for (int i : roots) {
      traceIds.add(index.traceHex(index.traceOf(i)));
    }
    List<WaterfallAnswer.Span> out = new ArrayList<>();
    // Depth first with an explicit stack: a trace may nest deeper than the thread's stack allows.
    ArrayDeque<int[]> stack = new ArrayDeque<>();
    for (int r = roots.size() - 1; r >= 0; r--) {
      stack.push(new int[] {roots.get(r), 0});
    }
    Set<Integer> shown = new java.util.HashSet<>();
    while (!stack.isEmpty() && out.size() < limit) {
      int[] top = stack.pop();
      int i = top[0];
      if (!shown.add(i)) {
        continue;
      }
      List<Integer> kids = children.getOrDefault(i, List.of());
      out.add(row(i, top[1], axisStart, kids.size()));
      for (int k = kids.size() - 1; k >= 0; k--) {
        stack.push(new int[] {kids.get(k), top[1] + 1});
      }
    }
    // Spans in a parent cycle (bad ids in the file) are reached from no root: shown flat at the end.
    for (int i : rows) {
      if (out.size() >= limit) {
        break;
      }
      if (shown.add(i)) {
        out.add(row(i, 0, axisStart, children.getOrDefault(i, List.of()).size()));
      }
    }
    boolean empty = rows.isEmpty();
    return new WaterfallAnswer(List.copyOf(traceIds), sample, run,
        empty ? null : Long.toString(axisStart),
        empty ? 0 : Durations.millis(axisEnd - axisStart),
        rows.size(), out.size() < rows.size(), out);
  }

  private WaterfallAnswer.Span row(int i, int depth, long axisStart, int childCount) {
    int errorType = index.errorType(i);
    return new WaterfallAnswer.Span(
        index.traceHex(index.traceOf(i)),
        SpanIds.spanIdToHex(index.spanId(i)),
        index.parentId(i) == 0 ? null : SpanIds.spanIdToHex(index.parentId(i)),
        index.strings().get(index.name(i)),
        index.strings().get(index.stage(i)),
        index.strings().get(index.kindTag(i)),
        index.status(i).label(),
        errorType == StringPool.NONE ? null : index.strings().get(errorType),
        depth,
        Durations.millis(index.start(i) - axisStart),
        Durations.millis(index.durationNanos(i)),
        childCount);
  }
}
