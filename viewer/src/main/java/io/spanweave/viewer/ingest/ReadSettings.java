package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import java.nio.file.Path;

/**
 * How the viewer reads a run: the segment size summaries and on-demand loading work in, how many of
 * the newest spans it keeps in memory, and where it caches summaries.
 *
 * @param segmentBytes decompressed bytes per segment (lines are assigned by their start offset)
 * @param maxSpansInMemory the in-memory index of the newest spans stops growing here; older spans
 *     are summarised and loaded per segment when asked for
 * @param cacheDir where summaries are cached; null for {@code .spanweave-viewer} beside the parts
 */
public record ReadSettings(long segmentBytes, long maxSpansInMemory, Path cacheDir) {
  /** 8 MiB, the size the runtime summarises its parts at (see {@link PartSummaryFile}). */
  public static final long DEFAULT_SEGMENT_BYTES = PartSummaryFile.DEFAULT_SEGMENT_BYTES;

  /**
   * Heap bytes a span in the in-memory index costs, all its tables included (measured, rounded up).
   */
  static final long BYTES_PER_SPAN_IN_MEMORY = 260;

  public static final ReadSettings DEFAULT =
      new ReadSettings(DEFAULT_SEGMENT_BYTES, defaultMaxSpans(), null);

  public ReadSettings {
    if (segmentBytes < 1024) {
      throw new IllegalArgumentException(
          "segments must be at least 1024 bytes, not " + segmentBytes);
    }
    if (maxSpansInMemory < 1) {
      throw new IllegalArgumentException("at least one span must fit in memory");
    }
  }

  /** Half of the heap's limit, at {@value #BYTES_PER_SPAN_IN_MEMORY} bytes a span. */
  public static long defaultMaxSpans() {
    return Math.max(100_000, Runtime.getRuntime().maxMemory() / 2 / BYTES_PER_SPAN_IN_MEMORY);
  }
}
