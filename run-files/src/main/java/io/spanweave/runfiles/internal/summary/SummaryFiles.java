package io.spanweave.runfiles.internal.summary;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Reads and writes segment summaries in the cache's binary form (the cache owns the file's
 * framing).
 */
public final class SummaryFiles {
  private SummaryFiles() {}

  /** Writes a sealed segment summary with all its cells. */
  public static void writeSegment(SegmentSummary segment, DataOutput out) throws IOException {
    segment.write(out);
  }

  public static SegmentSummary readSegment(DataInput in) throws IOException {
    return SegmentSummary.read(in);
  }

  /** Reads a segment without its cells (compacted at once). */
  static SegmentSummary readSegmentWithoutCells(DataInput in) throws IOException {
    return SegmentSummary.read(in, false);
  }
}
