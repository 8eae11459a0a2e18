package io.spanweave.viewer.index;

import java.util.BitSet;

/**
 * One row per span, column-wise: times, ids, where its line is, and the interned facts the views
 * aggregate over. Rows link to the next span of the same trace and of the same sample.
 */
final class SpanTable {
  final LongColumn spanId = new LongColumn(1024);
  final LongColumn parentId = new LongColumn(1024);
  final LongColumn start = new LongColumn(1024);
  final LongColumn end = new LongColumn(1024);
  final LongColumn lineOffset = new LongColumn(1024);
  final IntColumn lineLength = new IntColumn(1024);
  /** Source file id (low 8 bits) and ordinal of the span in its line (the rest). */
  final IntColumn sourceAndOrdinal = new IntColumn(1024);
  final IntColumn trace = new IntColumn(1024);
  final IntColumn name = new IntColumn(1024);
  final IntColumn stage = new IntColumn(1024);
  final IntColumn kindTag = new IntColumn(1024);
  final IntColumn status = new IntColumn(1024);
  final IntColumn errorType = new IntColumn(1024);
  final IntColumn sample = new IntColumn(1024);
  final IntColumn step = new IntColumn(1024);
  final IntColumn resource = new IntColumn(1024);
  final IntColumn path = new IntColumn(1024);
  final IntColumn nextInTrace = new IntColumn(1024);
  final IntColumn nextInSample = new IntColumn(1024);
  final IntColumn searchStart = new IntColumn(1024);
  /** Interned string attribute values of all spans, back to back; a span's run ends at the next span's start. */
  final IntColumn searchValues = new IntColumn(8192);

  int count() {
    return spanId.size();
  }

  /** Starts a row's searchable values; returns where they start. */
  int beginSearchValues() {
    int from = searchValues.size();
    searchStart.add(from);
    return from;
  }

  /** Appends a span (its searchable values were added just before); returns its row. */
  int add(ParsedSpan s, long id, long parent, int trace, int res, int name, int stage, int kind, SpanStatus status,
      int errorType, int step, int path) {
    int i = spanId.size();
    spanId.add(id);
    parentId.add(parent);
    start.add(s.startTimeUnixNano);
    end.add(Math.max(s.endTimeUnixNano, s.startTimeUnixNano));
    lineOffset.add(s.lineOffset);
    lineLength.add(s.lineLength);
    sourceAndOrdinal.add((s.ordinalInLine << 8) | (s.sourceId & 0xFF));
    this.trace.add(trace);
    this.name.add(name);
    this.stage.add(stage);
    kindTag.add(kind);
    this.status.add(status.ordinal());
    this.errorType.add(errorType);
    this.step.add(step);
    resource.add(res);
    this.path.add(path);
    nextInTrace.add(-1);
    nextInSample.add(-1);
    sample.add(-1);
    return i;
  }

  boolean isError(int i) {
    return status.get(i) == SpanStatus.ERROR.ordinal();
  }

  SpanStatus status(int i) {
    return SpanStatus.values()[status.get(i)];
  }

  /** Whether any searchable string attribute value of span {@code i} is in {@code matching}. */
  boolean anySearchValueIn(int i, BitSet matching) {
    int from = searchStart.get(i);
    int to = i + 1 < count() ? searchStart.get(i + 1) : searchValues.size();
    for (int k = from; k < to; k++) {
      if (matching.get(searchValues.get(k))) {
        return true;
      }
    }
    return false;
  }
}
