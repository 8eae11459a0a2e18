package io.spanweave.viewer.query;

import io.spanweave.runfiles.internal.summary.StageStats;
import java.util.Map;

/**
 * What the stage table shows of one stage: its spans' count, total, median, 95th percentile and
 * longest duration, errors, and errors per type (in the order the source met them; the table keeps
 * that order among equal counts). The in-memory index gives exact percentiles, a summary's sketch
 * ones within 1%.
 *
 * @param errorTypes error type (null when a span named none) to count
 */
public record StageFigures(
    long count,
    long sumNanos,
    long p50Nanos,
    long p95Nanos,
    long maxNanos,
    long errors,
    Map<String, Long> errorTypes) {

  /** The figures of a summary's statistics of the stage. */
  public static StageFigures of(StageStats stats) {
    var d = stats.durations();
    return new StageFigures(
        d.count(),
        d.sumNanos(),
        d.percentile(50),
        d.percentile(95),
        d.maxNanos(),
        stats.errors(),
        stats.errorTypes());
  }
}
