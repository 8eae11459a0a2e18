package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIds;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.index.StringPool;
import io.spanweave.viewer.ingest.LiveSpans;
import io.spanweave.viewer.json.ChildrenAnswer;
import io.spanweave.viewer.json.SpanNode;
import io.spanweave.viewer.json.TraceAnswer;
import io.spanweave.viewer.json.TraceRow;
import io.spanweave.viewer.json.TracesAnswer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The trace explorer: a filtered list of traces, one level of a span tree at a time (so a trace of
 * 100,000 spans opens instantly and children load when expanded), and kind values for the filter.
 */
public final class TraceQueries {
  private final SpanIndex index;
  private final LiveSpans live;
  private final Object orderLock = new Object();
  private int[] order;
  private long orderVersion = -1;

  /** Traces matching recent terms; a page of results, a refresh or a refined search asks again. */
  private final Map<String, BitSet> termHitCache =
      new java.util.LinkedHashMap<>(32, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, BitSet> eldest) {
          return size() > 32;
        }
      };

  public TraceQueries(SpanIndex index, LiveSpans live) {
    this.index = index;
    this.live = live;
  }

  private <T> T read(Supplier<T> body) {
    return index.read(body);
  }

  /**
   * @param status null, "ok", "error" or "running"
   * @param kind null or a {@code spanweave.kind} value some span of the trace has
   */
  public TracesAnswer traces(
      RunFilter runs,
      String status,
      String kind,
      String query,
      StepSelector steps,
      int limit,
      int offset) {
    return traces(runs, status, kind, query, steps, TimeWindow.ALL, limit, offset);
  }

  /** As above, with only the traces that overlap {@code window}. */
  public TracesAnswer traces(
      RunFilter runs,
      String status,
      String kind,
      String query,
      StepSelector steps,
      TimeWindow window,
      int limit,
      int offset) {
    List<String> terms = SearchTerms.split(query);
    return read(
        () -> {
          ShownRuns shown = runs.shown(index);
          int traceCount = index.traceCount();
          int latest = SpanIndex.NO_STEP;
          for (int t = 0; t < traceCount; t++) {
            if (shown.trace(t)) {
              latest = Math.max(latest, index.traceStep(t));
            }
          }
          int kindBit = -1;
          if (kind != null) {
            int kindId = index.strings().find(kind);
            kindBit = kindId < 0 ? 0 : index.kindMaskBit(kindId);
          }
          int[] termHits = terms.isEmpty() ? null : cachedTermHits(terms);
          int allTerms = (1 << terms.size()) - 1;
          LiveView liveView = new LiveView(live.snapshot(), runs, shown);
          int[] order = newestFirst();
          int total = 0;
          List<Integer> page = new ArrayList<>();
          for (int t : order) {
            if (!shown.trace(t)) {
              continue;
            }
            if (steps.mode() != StepSelector.Mode.ALL
                && !steps.accepts(index.traceStep(t), latest)) {
              continue;
            }
            if (!window.overlaps(index.traceStart(t), index.traceEnd(t))) {
              continue;
            }
            if (kindBit >= 0 && (index.traceKindMask(t) & kindBit) == 0) {
              continue;
            }
            if (status != null && !status.equals(traceStatus(t, liveView))) {
              continue;
            }
            if (termHits != null && termHits[t] != allTerms) {
              continue;
            }
            if (total >= offset && total < offset + limit) {
              page.add(t);
            }
            total++;
          }
          List<TraceRow> rows = new ArrayList<>();
          for (int t : page) {
            rows.add(traceRow(t, liveView));
          }
          return new TracesAnswer(total, offset, limit, terms, rows);
        });
  }

  /**
   * Trace indexes, newest start first; recomputed when the data changes (nearly sorted, so cheap).
   */
  private int[] newestFirst() {
    synchronized (orderLock) {
      if (order == null || orderVersion != index.version() || order.length != index.traceCount()) {
        Integer[] boxed = new Integer[index.traceCount()];
        for (int t = 0; t < boxed.length; t++) {
          boxed[t] = boxed.length - 1 - t;
        }
        // Traces that started together in order of id, not of the order the file was read in.
        java.util.Arrays.sort(
            boxed,
            (a, b) -> {
              int byStart = Long.compare(index.traceStart(b), index.traceStart(a));
              return byStart != 0 ? byStart : index.traceHex(a).compareTo(index.traceHex(b));
            });
        order = new int[boxed.length];
        for (int k = 0; k < boxed.length; k++) {
          order[k] = boxed[k];
        }
        orderVersion = index.version();
      }
      return order;
    }
  }

  /** Per trace, a bit for each term that matched somewhere in it. */
  private int[] cachedTermHits(List<String> terms) {
    int[] hits = new int[index.traceCount()];
    for (int k = 0; k < terms.size(); k++) {
      BitSet traces = tracesMatching(terms.get(k));
      for (int t = traces.nextSetBit(0); t >= 0 && t < hits.length; t = traces.nextSetBit(t + 1)) {
        hits[t] |= 1 << k;
      }
    }
    return hits;
  }

  /**
   * The traces in which one term matches, cached per term until the data changes: refining a search
   * by adding a term reuses the work for the terms already typed.
   */
  private BitSet tracesMatching(String term) {
    String key = index.version() + "|" + term;
    synchronized (termHitCache) {
      BitSet cached = termHitCache.get(key);
      if (cached != null) {
        return cached;
      }
    }
    BitSet traces = tracesContaining(term);
    synchronized (termHitCache) {
      termHitCache.put(key, traces);
    }
    return traces;
  }

  /**
   * The traces in which a term is part of the trace id, a span's name or a searchable value, or is
   * a span id: the pool strings that contain it, then their traces from the inverted index.
   */
  BitSet tracesContaining(String term) {
    BitSet traces = new BitSet(index.traceCount());
    index.addTracesContaining(SearchTerms.matching(term, index.strings()), traces);
    long spanIdTerm = SearchTerms.asSpanId(term);
    if (spanIdTerm != 0) {
      for (int i = 0, n = index.spanCount(); i < n; i++) {
        if (index.spanId(i) == spanIdTerm) {
          traces.set(index.traceOf(i));
        }
      }
    }
    return traces;
  }

  private String traceStatus(int t, LiveView liveView) {
    if (index.traceErrors(t) > 0) {
      return "error";
    }
    return liveView.traces.contains(index.traceHex(t)) ? "running" : "ok";
  }

  private TraceRow traceRow(int t, LiveView liveView) {
    int root = index.traceRoot(t);
    int step = index.traceStep(t);
    int smp = index.traceSample(t);
    int res = index.traceResource(t);
    return new TraceRow(
        index.traceHex(t),
        index.strings().get(index.name(root)),
        SpanIds.spanIdToHex(index.spanId(root)),
        index.strings().get(index.kindTag(root)),
        traceStatus(t, liveView),
        index.traceSpanCount(t),
        index.traceErrors(t),
        step == SpanIndex.NO_STEP ? null : step,
        smp < 0 ? null : index.sampleKey(smp),
        index.resourceService(res),
        index.traceRun(t),
        Long.toString(index.traceStart(t)),
        Durations.millis(index.traceEnd(t) - index.traceStart(t)));
  }

  /** The trace summary and the first level of its span tree. */
  public TraceAnswer trace(String traceHex) {
    return read(
        () -> {
          int t = requireTrace(traceHex);
          return new TraceAnswer(
              traceRow(t, new LiveView(live.snapshot(), RunFilter.all(), null)), children(t, 0L));
        });
  }

  /** The children of one span (or the roots, for parent "root"), each with its own child count. */
  public ChildrenAnswer children(String traceHex, String parentSpanHex) {
    return read(
        () -> {
          int t = requireTrace(traceHex);
          long parent = parentSpanHex.equals("root") ? 0L : SpanIds.spanIdToLong(parentSpanHex);
          if (parent != 0L && findSpan(t, parent) < 0) {
            throw new NotFoundException("no span " + parentSpanHex + " in trace " + traceHex);
          }
          return new ChildrenAnswer(traceHex, parentSpanHex, children(t, parent));
        });
  }

  int requireTrace(String traceHex) {
    int t = index.findTrace(traceHex);
    if (t < 0) {
      throw new NotFoundException("no trace " + traceHex);
    }
    return t;
  }

  int findSpan(int t, long spanId) {
    for (int i = index.traceFirstSpan(t); i >= 0; i = index.nextInTrace(i)) {
      if (index.spanId(i) == spanId) {
        return i;
      }
    }
    return -1;
  }

  /** One level of the tree; parent 0 means the roots (no parent, or a parent not in the file). */
  private List<SpanNode> children(int t, long parent) {
    Map<Long, Integer> childCounts = new HashMap<>();
    TreeSet<Long> present = new TreeSet<>();
    for (int i = index.traceFirstSpan(t); i >= 0; i = index.nextInTrace(i)) {
      present.add(index.spanId(i));
      childCounts.merge(index.parentId(i), 1, Integer::sum);
    }
    List<Integer> level = new ArrayList<>();
    for (int i = index.traceFirstSpan(t); i >= 0; i = index.nextInTrace(i)) {
      long p = index.parentId(i);
      boolean isRootLevel = p == 0L || !present.contains(p);
      if (parent == 0L ? isRootLevel : p == parent) {
        level.add(i);
      }
    }
    level.sort((a, b) -> Long.compare(index.start(a), index.start(b)));
    long traceStart = index.traceStart(t);
    List<SpanNode> out = new ArrayList<>();
    for (int i : level) {
      int errorType = index.errorType(i);
      out.add(
          new SpanNode(
              SpanIds.spanIdToHex(index.spanId(i)),
              index.parentId(i) == 0 ? null : SpanIds.spanIdToHex(index.parentId(i)),
              index.strings().get(index.name(i)),
              index.strings().get(index.stage(i)),
              index.strings().get(index.kindTag(i)),
              index.status(i).label(),
              errorType == StringPool.NONE ? null : index.strings().get(errorType),
              Durations.millis(index.start(i) - traceStart),
              Durations.millis(index.durationNanos(i)),
              childCounts.getOrDefault(index.spanId(i), 0)));
    }
    return out;
  }
}
