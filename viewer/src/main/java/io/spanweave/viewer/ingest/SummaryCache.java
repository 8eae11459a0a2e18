package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.spi.SeekPoint;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runfiles.internal.summary.SummaryFiles;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * The summaries of closed parts, kept in a directory beside the run so that opening the run again
 * reads only what is new: one file per part, named by the part's fingerprint (so a part renamed or
 * compressed finds its summary), written through a temporary name and an atomic rename. When the
 * directory cannot be written the summaries stay in memory only, and {@link #problem} says so.
 */
final class SummaryCache {
  private static final Logger LOG = Logger.getLogger(SummaryCache.class.getName());
  private static final int MAGIC = 0x53575653; // "SWVS"
  private static final int VERSION = 3; // 3: cells per attempt of a run (RunKey.attempt)

  /** A part's cached summary: its decompressed length, where its codec can start, its segments. */
  record Entry(long decodedBytes, List<SeekPoint> seekPoints, List<SegmentSummary> segments) {}

  private final Path dir;
  private volatile String problem;

  /** @param dir the cache directory (created when first written), or null to keep nothing */
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

  private Path file(long fingerprint, long segmentBytes) {
    return dir.resolve("part-" + Long.toHexString(fingerprint) + "-" + Long.toHexString(segmentBytes) + ".summary");
  }

  /** The cached summary of the part with this fingerprint, or null. */
  Entry load(long fingerprint, long segmentBytes) {
    if (dir == null || fingerprint == 0) {
      return null;
    }
    Path file = file(fingerprint, segmentBytes);
    try (InputStream raw = Files.newInputStream(file);
        DataInputStream in = new DataInputStream(new BufferedInputStream(new InflaterInputStream(raw), 1 << 16))) {
      if (in.readInt() != MAGIC || in.readInt() != VERSION || in.readLong() != fingerprint
          || in.readLong() != segmentBytes) {
        return null;
      }
      long decoded = in.readLong();
      int points = in.readInt();
      List<SeekPoint> seekPoints = new ArrayList<>(points);
      for (int k = 0; k < points; k++) {
        seekPoints.add(new SeekPoint(in.readLong(), in.readLong()));
      }
      int n = in.readInt();
      List<SegmentSummary> segments = new ArrayList<>(n);
      for (int k = 0; k < n; k++) {
        segments.add(SummaryFiles.readSegment(in));
      }
      return new Entry(decoded, seekPoints, segments);
    } catch (NoSuchFileException absent) {
      return null;
    } catch (IOException | RuntimeException unreadable) {
      // A cache file cut short or from another version: the part is read again and the file replaced.
      LOG.log(Level.FINE, "spanweave viewer: ignoring cached summary " + file, unreadable);
      return null;
    }
  }

  /** Writes a closed part's summary (all its segments sealed, none compacted yet). */
  void store(long fingerprint, long segmentBytes, long decodedBytes, List<SeekPoint> seekPoints,
      List<SegmentSummary> segments) {
    if (dir == null || fingerprint == 0 || problem != null) {
      return;
    }
    Path file = file(fingerprint, segmentBytes);
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp-" + ProcessHandle.current().pid());
    try {
      Files.createDirectories(dir);
      try (OutputStream raw = Files.newOutputStream(temporary);
          DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new DeflaterOutputStream(raw), 1 << 16))) {
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeLong(fingerprint);
        out.writeLong(segmentBytes);
        out.writeLong(decodedBytes);
        out.writeInt(seekPoints.size());
        for (SeekPoint p : seekPoints) {
          out.writeLong(p.storedOffset());
          out.writeLong(p.offset());
        }
        out.writeInt(segments.size());
        for (SegmentSummary s : segments) {
          SummaryFiles.writeSegment(s, out);
        }
      }
      try {
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException | RuntimeException e) {
      problem = "summaries are kept in memory only: cannot write " + dir + " (" + e.getMessage() + ")";
      LOG.log(Level.WARNING, "spanweave viewer: " + problem);
      try {
        Files.deleteIfExists(temporary);
      } catch (IOException ignored) {
        // Nothing was written, or the directory is not ours to clean.
      }
    }
  }
}
