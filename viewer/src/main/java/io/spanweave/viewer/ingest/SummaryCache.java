package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runfiles.spi.SeekPoint;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The summaries of closed parts, kept in a directory beside the run so that opening the run again
 * reads only what is new: one file per part ({@link PartSummaryFile}, the format the runtime writes
 * its parts' summaries in too), named by the part's fingerprint. A summary is trusted only while it
 * matches its part's stored size and tail checksum; otherwise the part is read again and the file
 * replaced. When the directory cannot be written the summaries stay in memory only, and {@link
 * #problem} says so.
 */
final class SummaryCache {
  private static final Logger LOG = Logger.getLogger(SummaryCache.class.getName());

  /** A part's cached summary: its decompressed length, where its codec can start, its segments. */
  record Entry(long decodedBytes, List<SeekPoint> seekPoints, List<SegmentSummary> segments) {}

  private final Path dir;
  private volatile String problem;

  /** Summaries this viewer built and wrote (parts nobody had summarised, or stale summaries). */
  private final AtomicLong written = new AtomicLong();

  /** Summaries taken from files (the runtime's or an earlier viewer's). */
  private final AtomicLong loaded = new AtomicLong();

  /**
   * @param dir the cache directory (created when first written), or null to keep nothing
   */
  SummaryCache(Path dir) {
    this.dir = dir;
  }

  Path dir() {
    return dir;
  }

  /** Why summaries are not cached on disk, or null. */
  String problem() {
    return problem;
  }

  /** Summaries this viewer built and wrote so far. */
  long written() {
    return written.get();
  }

  /** Summaries taken from files so far. */
  long loaded() {
    return loaded.get();
  }

  /**
   * The cached summary of the part with this fingerprint, stored at {@code part}, or null; without
   * {@code cells} its segments come compacted (their cells skipped unread).
   */
  Entry load(long fingerprint, long segmentBytes, Path part, boolean cells) {
    if (dir == null || fingerprint == 0) {
      return null;
    }
    Path file = dir.resolve(PartSummaryFile.fileName(fingerprint, segmentBytes));
    try {
      PartSummaryFile.Contents c = PartSummaryFile.read(file, fingerprint, segmentBytes, cells);
      if (c == null) {
        return null;
      }
      PartSummaryFile.Check now = PartSummaryFile.Check.of(part);
      if (!now.equals(c.check())) {
        // Made from another form of the part (compressed since, cut short, replaced): read it
        // again.
        LOG.fine(
            () ->
                "spanweave viewer: summary "
                    + file
                    + " is of "
                    + c.check()
                    + ", the part is "
                    + now
                    + "; reading "
                    + part
                    + " again");
        return null;
      }
      loaded.incrementAndGet();
      return new Entry(c.decodedBytes(), c.seekPoints(), c.segments());
    } catch (NoSuchFileException absent) {
      return null;
    } catch (IOException | RuntimeException unreadable) {
      // A cache file cut short or from another version: the part is read again and the file
      // replaced.
      LOG.log(Level.FINE, "spanweave viewer: ignoring cached summary " + file, unreadable);
      return null;
    }
  }

  /**
   * Writes the summary of the closed part at {@code part} (all its segments sealed, none compacted
   * yet).
   */
  void store(
      long fingerprint,
      long segmentBytes,
      Path part,
      long decodedBytes,
      List<SeekPoint> seekPoints,
      List<SegmentSummary> segments) {
    if (dir == null || fingerprint == 0 || problem != null) {
      return;
    }
    PartSummaryFile.Check check;
    try {
      check = PartSummaryFile.Check.of(part);
    } catch (IOException gone) {
      // Renamed or compressed since it was read: its new form is read (and cached) when listed.
      LOG.log(Level.FINE, "spanweave viewer: not caching the summary of " + part, gone);
      return;
    }
    try {
      PartSummaryFile.write(
          dir,
          fingerprint,
          segmentBytes,
          new PartSummaryFile.Contents(check, decodedBytes, seekPoints, segments));
      written.incrementAndGet();
    } catch (IOException | RuntimeException e) {
      problem =
          "summaries are kept in memory only: cannot write " + dir + " (" + e.getMessage() + ")";
      LOG.log(Level.WARNING, "spanweave viewer: " + problem);
    }
  }
}
