package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import io.spanweave.runfiles.internal.summary.RunSummary;
import io.spanweave.runfiles.internal.summary.RunSummaryFile;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The first step of the first pass over a run the runtime closed: its {@link RunSummaryFile} (every
 * step of its closed parts, merged), taken before any part's summary when it matches the parts as
 * they are stored, so the steps, the timeline and the stage table of a long run are whole after
 * reading one file of a few kilobytes a step. The parts it covers are then known from their own
 * summary files without merging their steps again ({@link SummariesFirst}): those still tell where
 * each step's, trace's and sample's segments are.
 *
 * <p>A run summary matches when every part it covers is listed under its name, stored as it was
 * summarised (size and tail checksum, {@link PartSummaryFile.Check}), and has its own summary file
 * of the same check; otherwise the run opens from the parts' summaries as before (a part replaced
 * or compressed since, a viewer with another segment size, a run summary of another version).
 */
final class RunSummaries {
  private static final Logger LOG = Logger.getLogger(RunSummaries.class.getName());

  private final RunSummary summary;
  private final long segmentBytes;
  private final java.util.concurrent.atomic.AtomicLong partsTaken =
      new java.util.concurrent.atomic.AtomicLong();

  RunSummaries(RunSummary summary, long segmentBytes) {
    this.summary = summary;
    this.segmentBytes = segmentBytes;
  }

  /** A run summary that matches a run's closed parts: what it holds and the parts it covers. */
  record Match(RunSummaryFile.Contents contents, Set<Part> covered) {}

  /**
   * The run summary of {@code run} when it matches the closed parts listed ({@code closed}: the
   * run's), or null. Any thread may call it: the first pass reads it while it reads the part being
   * written.
   */
  Match find(RunSource run, List<Part> closed) {
    Path dir = run.cache.dir();
    if (dir == null) {
      return null;
    }
    Path file = dir.resolve(RunSummaryFile.fileName(segmentBytes));
    try {
      RunSummaryFile.Contents contents = RunSummaryFile.read(file, segmentBytes);
      if (contents == null) {
        return null;
      }
      Map<String, Part> byName = new HashMap<>();
      for (Part p : closed) {
        byName.put(p.path().getFileName().toString(), p);
      }
      Set<Part> covered = new HashSet<>();
      for (RunSummaryFile.CoveredPart c : contents.parts()) {
        Part part = byName.get(c.name());
        if (part == null
            || !c.check().equals(PartSummaryFile.Check.of(part.path()))
            || !c.check()
                .equals(PartSummaryFile.recordedCheck(dir.resolve(c.summary()), segmentBytes))) {
          LOG.fine(
              () -> "spanweave viewer: " + file + " does not match " + c.name() + " as stored");
          return null;
        }
        covered.add(part);
      }
      return new Match(contents, covered);
    } catch (NoSuchFileException absent) {
      return null;
    } catch (IOException | RuntimeException unreadable) {
      LOG.log(Level.FINE, "spanweave viewer: ignoring run summary " + file, unreadable);
      return null;
    }
  }

  /**
   * Merges a matching run summary into the run's summary. Its open steps stay open: the part after
   * the last one it covers (a part without a summary, the part being written) may hold more of
   * their traces.
   */
  void take(Match match) {
    RunSummaryFile.Contents c = match.contents();
    for (RunSummaryFile.Step s : c.steps()) {
      summary.addStep(s.run(), s.step(), s.stats(), RunSummary.LIVE_PASS);
    }
    summary.addLines(c.lines(), c.malformedLines(), c.kinds());
    partsTaken.addAndGet(match.covered().size());
  }

  /** Parts whose steps came from a run summary so far. */
  long partsTaken() {
    return partsTaken.get();
  }
}
