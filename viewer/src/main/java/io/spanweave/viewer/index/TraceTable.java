package io.spanweave.viewer.index;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One row per trace: its spans as a linked list through the span table, counts, time range, root,
 * the kinds it holds (a bit mask), its step, first sample, its resources and its run.
 *
 * <p>A trace often holds spans of several processes: the driver's, and a worker's that another SDK
 * exported (another {@code service.name}, often no run id). Its run is the first run id one of its
 * spans names, and every (service, run) pair of its spans is kept, so that a run or service filter
 * can show the whole trace when any of its spans matches.
 */
final class TraceTable {
  private final SpanTable spans;
  private final StringPool strings;

  /** The trace row of each interned string that is a trace id, -1 for other strings. */
  private int[] byHexString = new int[0];

  /** Distinct spanweave.kind values; the first 32 get a bit in the kind mask. */
  private final Map<Integer, Integer> kindBits = new HashMap<>();

  final IntColumn hex = new IntColumn(256);
  final IntColumn first = new IntColumn(256);
  final IntColumn last = new IntColumn(256);
  final IntColumn spanCount = new IntColumn(256);
  final IntColumn errors = new IntColumn(256);
  final IntColumn root = new IntColumn(256);
  final IntColumn kindMask = new IntColumn(256);
  final IntColumn step = new IntColumn(256);
  final IntColumn sample = new IntColumn(256);
  final IntColumn resource = new IntColumn(256);

  /**
   * The first run id (a string id, not "") a span of the trace names; {@link StringPool#NONE} until
   * one does.
   */
  final IntColumn run = new IntColumn(256);

  /** The highest attempt of the run a span of the trace names, 0 while none does. */
  final IntColumn attempt = new IntColumn(256);

  /**
   * Resource rows of traces with spans of more than one (service, run) pair, beyond {@link
   * #resource}.
   */
  private final Map<Integer, int[]> moreResources = new HashMap<>();

  /** Spans of the trace that name no sample and have not reached one through their parent yet. */
  final IntColumn orphans = new IntColumn(256);

  final LongColumn start = new LongColumn(256);
  final LongColumn end = new LongColumn(256);

  TraceTable(SpanTable spans, StringPool strings) {
    this.spans = spans;
    this.strings = strings;
  }

  /** The row of the trace, or -1. */
  int find(String traceHex) {
    int id = strings.find(traceHex);
    return id < 0 || id >= byHexString.length ? -1 : byHexString[id];
  }

  /** The row of the trace, added if new. */
  int index(String traceHex) {
    int id = strings.intern(traceHex);
    if (id >= byHexString.length) {
      int old = byHexString.length;
      byHexString = java.util.Arrays.copyOf(byHexString, Math.max(id + 1, old + (old >> 1) + 1024));
      java.util.Arrays.fill(byHexString, old, byHexString.length, -1);
    }
    int existing = byHexString[id];
    if (existing >= 0) {
      return existing;
    }
    int t = hex.size();
    byHexString[id] = t;
    hex.add(id);
    first.add(-1);
    last.add(-1);
    spanCount.add(0);
    errors.add(0);
    root.add(-1);
    kindMask.add(0);
    step.add(SpanIndex.NO_STEP);
    sample.add(-1);
    resource.add(-1);
    run.add(StringPool.NONE);
    attempt.add(0);
    orphans.add(0);
    start.add(Long.MAX_VALUE);
    end.add(Long.MIN_VALUE);
    return t;
  }

  int count() {
    return hex.size();
  }

  /** Adds span row {@code i} (already in the span table) to trace {@code t}. */
  void link(int t, int i, boolean isRoot) {
    if (first.get(t) < 0) {
      first.set(t, i);
    } else {
      spans.nextInTrace.set(last.get(t), i);
    }
    last.set(t, i);
    spanCount.set(t, spanCount.get(t) + 1);
    if (spans.isError(i)) {
      errors.set(t, errors.get(t) + 1);
    }
    start.set(t, Math.min(start.get(t), spans.start.get(i)));
    end.set(t, Math.max(end.get(t), spans.end.get(i)));
    int kind = spans.kindTag.get(i);
    if (kind >= 0) {
      kindMask.set(t, kindMask.get(t) | kindBit(kind));
    }
    int spanStep = spans.step.get(i);
    if (step.get(t) == SpanIndex.NO_STEP && spanStep != SpanIndex.NO_STEP) {
      step.set(t, spanStep);
    }
    addResource(t, spans.resource.get(i));
    // The root is the span without a parent; until one arrives, the earliest span stands in.
    int r = root.get(t);
    if (r < 0
        || (isRoot && (spans.parentId.get(r) != 0 || spans.start.get(i) < spans.start.get(r)))
        || (!isRoot && spans.parentId.get(r) != 0 && spans.start.get(i) < spans.start.get(r))) {
      root.set(t, i);
    }
  }

  private void addResource(int t, int res) {
    int first = resource.get(t);
    if (first < 0) {
      resource.set(t, res);
      return;
    }
    if (first == res) {
      return;
    }
    int[] more = moreResources.get(t);
    if (more == null) {
      moreResources.put(t, new int[] {res});
      return;
    }
    for (int r : more) {
      if (r == res) {
        return;
      }
    }
    int[] grown = java.util.Arrays.copyOf(more, more.length + 1);
    grown[more.length] = res;
    moreResources.put(t, grown);
  }

  /** Every resource row of the trace's spans, the first span's first. */
  int[] resources(int t) {
    int first = resource.get(t);
    if (first < 0) {
      return new int[0];
    }
    int[] more = moreResources.get(t);
    if (more == null) {
      return new int[] {first};
    }
    int[] all = new int[more.length + 1];
    all[0] = first;
    System.arraycopy(more, 0, all, 1, more.length);
    return all;
  }

  private int kindBit(int kind) {
    Integer bit = kindBits.get(kind);
    if (bit == null) {
      bit = kindBits.size() < 32 ? 1 << kindBits.size() : 0;
      kindBits.put(kind, bit);
    }
    return bit;
  }

  /** The bit of a {@code spanweave.kind} value in the kind mask, 0 if it has none. */
  int kindMaskBit(int kindString) {
    Integer bit = kindBits.get(kindString);
    return bit == null ? 0 : bit;
  }

  List<Integer> kindStrings() {
    return List.copyOf(kindBits.keySet());
  }
}
