package io.spanweave.runfiles.internal.summary;

import io.spanweave.runfiles.spi.SeekPoint;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One segment of a part: the lines whose decompressed offset lies in {@code [index * size, (index +
 * 1) * size)}. The boundaries depend only on the part's content, so a part renamed by rotation or
 * compressed keeps its segments and their cached summaries.
 *
 * <p>While it is built it holds per run and step a {@link StepStats} ({@link #cells}) and the
 * hashes of its traces and samples; {@link #seal} turns the hashes into Bloom filters (to find a
 * trace or sample among many segments) and {@link #compact} drops the cells once they are merged
 * into the {@link RunSummary} and written to the cache, leaving a few hundred bytes.
 *
 * <p>{@link #cell} and {@link #place} are for the parse thread that builds a chunk's summary alone;
 * every other method is synchronized, as HTTP threads look segments up while the ingest thread
 * merges chunks into them.
 */
public final class SegmentSummary {
  private final int index;
  private long start = Long.MAX_VALUE;
  private long end = Long.MIN_VALUE;
  private SeekPoint seek = SeekPoint.START;
  private long lines;
  private long lastLineOffset = -1;
  private long spans;
  private long malformedLines;
  private long firstStartUnixNano = Long.MAX_VALUE;
  private long lastEndUnixNano = Long.MIN_VALUE;
  private Map<RunKey, TreeMap<Integer, StepStats>> cells = new HashMap<>();
  private final Set<String> kinds = new TreeSet<>();
  private final TreeSet<Integer> steps = new TreeSet<>();
  private HashSet32 traceHashes = new HashSet32();
  private HashSet32 sampleHashes = new HashSet32();
  private BloomFilter traceBloom;
  private BloomFilter sampleBloom;

  public SegmentSummary(int index) {
    this.index = index;
  }

  /** Which segment of its part, counted from 0 at the part's start. */
  public int index() {
    return index;
  }

  /** The {@link StepStats} of one run's spans of one step ({@code Integer.MIN_VALUE}: no step). */
  public StepStats cell(RunKey run, int step) {
    steps.add(step);
    return cells
        .computeIfAbsent(run, k -> new TreeMap<>())
        .computeIfAbsent(step, k -> new StepStats());
  }

  /** Records a span's place (its line) and ids, beside what {@link #cell} records about it. */
  public void place(
      long lineOffset,
      int lineLength,
      int traceHash,
      int sampleHash,
      long startUnixNano,
      long endUnixNano,
      String kind) {
    start = Math.min(start, lineOffset);
    end = Math.max(end, lineOffset + lineLength);
    spans++;
    if (lineOffset != lastLineOffset) {
      lines++;
      lastLineOffset = lineOffset;
    }
    traceHashes.add(traceHash);
    if (sampleHash != 0) {
      sampleHashes.add(sampleHash);
    }
    firstStartUnixNano = Math.min(firstStartUnixNano, startUnixNano);
    lastEndUnixNano = Math.max(lastEndUnixNano, endUnixNano);
    if (kind != null) {
      kinds.add(kind);
    }
  }

  /** Counts lines of the segment that could not be read. */
  public synchronized void malformed(int lineCount) {
    malformedLines += lineCount;
  }

  public synchronized void seekFrom(SeekPoint point) {
    this.seek = point;
  }

  /** Adds a summary of more lines of the same segment (another chunk). */
  public synchronized void merge(SegmentSummary more) {
    if (more.index != index) {
      throw new IllegalArgumentException("segment " + more.index + " merged into " + index);
    }
    start = Math.min(start, more.start);
    end = Math.max(end, more.end);
    lines += more.lines;
    spans += more.spans;
    malformedLines += more.malformedLines;
    firstStartUnixNano = Math.min(firstStartUnixNano, more.firstStartUnixNano);
    lastEndUnixNano = Math.max(lastEndUnixNano, more.lastEndUnixNano);
    kinds.addAll(more.kinds);
    steps.addAll(more.steps);
    if (cells != null && more.cells != null) {
      more.cells.forEach(
          (run, bySteps) -> bySteps.forEach((step, stats) -> cell(run, step).merge(stats)));
    }
    if (traceHashes != null && more.traceHashes != null) {
      traceHashes.addAll(more.traceHashes);
      sampleHashes.addAll(more.sampleHashes);
    }
  }

  /** Every cell: run, step, stats (while not compacted). */
  public synchronized void forEachCell(CellVisitor visitor) {
    if (cells == null) {
      return;
    }
    cells.forEach(
        (run, bySteps) -> bySteps.forEach((step, stats) -> visitor.visit(run, step, stats)));
  }

  /** One cell of {@link #forEachCell}. */
  @FunctionalInterface
  public interface CellVisitor {
    void visit(RunKey run, int step, StepStats stats);
  }

  /** No more lines will be added: the trace and sample hashes become Bloom filters. */
  public synchronized void seal() {
    if (traceBloom == null) {
      traceBloom = BloomFilter.of(traceHashes.toArray());
      sampleBloom = BloomFilter.of(sampleHashes.toArray());
      traceHashes = null;
      sampleHashes = null;
    }
  }

  public synchronized boolean sealed() {
    return traceBloom != null;
  }

  /** Drops the cells (merged into the run's summary and written to the cache by now). */
  public synchronized void compact() {
    cells = null;
  }

  public synchronized boolean mightHoldTrace(int traceHash) {
    return traceBloom != null
        ? traceBloom.mightContain(traceHash)
        : traceHashes.contains(traceHash);
  }

  public synchronized boolean mightHoldSample(int sampleHash) {
    return sampleBloom != null
        ? sampleBloom.mightContain(sampleHash)
        : sampleHashes.contains(sampleHash);
  }

  /** Steps of its spans, {@code Integer.MIN_VALUE} for spans without one. */
  public synchronized Set<Integer> steps() {
    return Set.copyOf(steps);
  }

  /** Whether some span of the segment has this step. */
  public synchronized boolean hasStep(int step) {
    return steps.contains(step);
  }

  public synchronized Set<String> kinds() {
    return Set.copyOf(kinds);
  }

  /** Decompressed offset of its first line read, or {@code Long.MAX_VALUE} when none was. */
  public synchronized long start() {
    return start;
  }

  /** Decompressed offset just after its last line read. */
  public synchronized long end() {
    return end;
  }

  public synchronized SeekPoint seek() {
    return seek;
  }

  public synchronized long lines() {
    return lines;
  }

  public synchronized long spans() {
    return spans;
  }

  public synchronized long malformedLines() {
    return malformedLines;
  }

  public synchronized long firstStartUnixNano() {
    return firstStartUnixNano;
  }

  public synchronized long lastEndUnixNano() {
    return lastEndUnixNano;
  }

  /** Approximate heap bytes this summary keeps once compacted. */
  public synchronized long compactBytes() {
    return 96L
        + steps.size() * 40L
        + kinds.size() * 48L
        + (traceBloom == null ? 0 : traceBloom.bytes() + sampleBloom.bytes());
  }

  synchronized void write(DataOutput out) throws IOException {
    if (cells == null || !sealed()) {
      throw new IllegalStateException(
          "segment " + index + " written before it was sealed, or after compaction");
    }
    out.writeInt(index);
    out.writeLong(start);
    out.writeLong(end);
    out.writeLong(seek.storedOffset());
    out.writeLong(seek.offset());
    out.writeLong(lines);
    out.writeLong(spans);
    out.writeLong(malformedLines);
    out.writeLong(firstStartUnixNano);
    out.writeLong(lastEndUnixNano);
    out.writeInt(kinds.size());
    for (String kind : kinds) {
      out.writeUTF(kind);
    }
    out.writeInt(steps.size());
    for (int step : steps) {
      out.writeInt(step);
    }
    // The cells after their length: a reader that needs only where steps, traces and samples are
    // skips them (most of the bytes are their trace and sample hashes).
    ByteArrayOutputStream cellBytes = new ByteArrayOutputStream(4096);
    DataOutputStream cellOut = new DataOutputStream(cellBytes);
    cellOut.writeInt(cells.size());
    for (Map.Entry<RunKey, TreeMap<Integer, StepStats>> run : cells.entrySet()) {
      cellOut.writeUTF(run.getKey().service());
      cellOut.writeUTF(run.getKey().runId());
      cellOut.writeInt(run.getKey().attempt());
      cellOut.writeInt(run.getValue().size());
      for (Map.Entry<Integer, StepStats> step : run.getValue().entrySet()) {
        cellOut.writeInt(step.getKey());
        step.getValue().write(cellOut);
      }
    }
    out.writeInt(cellBytes.size());
    out.write(cellBytes.toByteArray());
    traceBloom.write(out);
    sampleBloom.write(out);
  }

  static SegmentSummary read(DataInput in) throws IOException {
    return read(in, true);
  }

  /**
   * Reads a segment; without {@code cells} its cells are skipped, as if {@linkplain #compact
   * compacted} at once: for a part whose steps are known from a run summary.
   */
  static SegmentSummary read(DataInput in, boolean cells) throws IOException {
    SegmentSummary s = new SegmentSummary(in.readInt());
    s.start = in.readLong();
    s.end = in.readLong();
    s.seek = new SeekPoint(in.readLong(), in.readLong());
    s.lines = in.readLong();
    s.spans = in.readLong();
    s.malformedLines = in.readLong();
    s.firstStartUnixNano = in.readLong();
    s.lastEndUnixNano = in.readLong();
    int n = in.readInt();
    for (int k = 0; k < n; k++) {
      s.kinds.add(in.readUTF());
    }
    for (int k = in.readInt(); k > 0; k--) {
      s.steps.add(in.readInt());
    }
    int cellBytes = in.readInt();
    if (cells) {
      int runs = in.readInt();
      for (int r = 0; r < runs; r++) {
        RunKey run = new RunKey(in.readUTF(), in.readUTF(), in.readInt());
        int steps = in.readInt();
        for (int k = 0; k < steps; k++) {
          int step = in.readInt();
          s.cells.computeIfAbsent(run, x -> new TreeMap<>()).put(step, StepStats.read(in));
        }
      }
    } else {
      if (in.skipBytes(cellBytes) != cellBytes) {
        throw new EOFException("summary cut short");
      }
      s.cells = null;
    }
    s.traceBloom = BloomFilter.read(in);
    s.sampleBloom = BloomFilter.read(in);
    s.traceHashes = null;
    s.sampleHashes = null;
    return s;
  }
}
