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

  /**
   * Interned string attribute values of all spans, back to back; a span's run ends at the next
   * span's start.
   */
  final IntColumn searchValues = new IntColumn(8192);

  /** Rows the columns {@link #add} appends to have room for. */
  private int rowCapacity = 1024;

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
  int add(
      ParsedSpan s,
      long id,
      long parent,
      int trace,
      int res,
      int name,
      int stage,
      int kind,
      SpanStatus status,
      int errorType,
      int step,
      int path) {
    int i = spanId.size();
    if (i == rowCapacity) {
      growRows();
    }
    spanId.append(id);
    parentId.append(parent);
    start.append(s.startTimeUnixNano);
    end.append(Math.max(s.endTimeUnixNano, s.startTimeUnixNano));
    lineOffset.append(s.lineOffset);
    lineLength.append(s.lineLength);
    sourceAndOrdinal.append((s.ordinalInLine << 8) | (s.sourceId & 0xFF));
    this.trace.append(trace);
    this.name.append(name);
    this.stage.append(stage);
    kindTag.append(kind);
    this.status.append(status.ordinal());
    this.errorType.append(errorType);
    this.step.append(step);
    resource.append(res);
    this.path.append(path);
    nextInTrace.append(-1);
    nextInSample.append(-1);
    sample.append(-1);
    return i;
  }

  /**
   * Grows the columns {@link #add} appends to, all at once; rare, so kept out of the indexing
   * loop's compiled code.
   */
  private void growRows() {
    rowCapacity += (rowCapacity >> 1) + 16;
    spanId.reserve(rowCapacity);
    parentId.reserve(rowCapacity);
    start.reserve(rowCapacity);
    end.reserve(rowCapacity);
    lineOffset.reserve(rowCapacity);
    lineLength.reserve(rowCapacity);
    sourceAndOrdinal.reserve(rowCapacity);
    trace.reserve(rowCapacity);
    name.reserve(rowCapacity);
    stage.reserve(rowCapacity);
    kindTag.reserve(rowCapacity);
    status.reserve(rowCapacity);
    errorType.reserve(rowCapacity);
    step.reserve(rowCapacity);
    resource.reserve(rowCapacity);
    path.reserve(rowCapacity);
    nextInTrace.reserve(rowCapacity);
    nextInSample.reserve(rowCapacity);
    sample.reserve(rowCapacity);
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
