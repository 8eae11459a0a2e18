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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
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
  record Match(RunSummaryFile.Contents contents, Set<Path> covered) {}

  /**
   * A run's run summary being read on the parse threads: its contents decoded on one while the
   * parts it covers are checked against the stored parts on another.
   */
  record Reading(Future<RunSummaryFile.Contents> contents, Future<Covered> covered) {}

  /** The parts a run summary covers, as listed in it, and the stored parts they match. */
  record Covered(List<RunSummaryFile.CoveredPart> listed, Set<Path> parts) {}

  /** Starts reading the run summary of {@code run}, whose closed parts are {@code closed}. */
  Reading read(RunSource run, List<Part> closed, ExecutorService readers) {
    Path dir = run.cache.dir();
    if (dir == null) {
      return null;
    }
    Path file = dir.resolve(RunSummaryFile.fileName(segmentBytes));
    return new Reading(
        readers.submit(() -> contents(file)), readers.submit(() -> covered(file, closed)));
  }

  /**
   * The run summary read, when it matches the stored parts, or null. Called by the ingest thread,
   * which waits for the reading.
   */
  Match match(Reading reading) throws InterruptedException, ExecutionException {
    RunSummaryFile.Contents contents = reading.contents().get();
    Covered covered = reading.covered().get();
    if (contents == null || covered == null || !contents.parts().equals(covered.listed())) {
      return null; // none, another version, unreadable, a part changed, or written anew meanwhile
    }
    return new Match(contents, covered.parts());
  }

  private RunSummaryFile.Contents contents(Path file) {
    try {
      return RunSummaryFile.read(file, segmentBytes);
    } catch (NoSuchFileException absent) {
      return null;
    } catch (IOException | RuntimeException unreadable) {
      LOG.log(Level.FINE, "spanweave viewer: ignoring run summary " + file, unreadable);
      return null;
    }
  }

  /**
   * The closed parts the run summary covers, when every one of them is listed under its name,
   * stored as it was summarised and has its own summary file of the same check; otherwise null.
   */
  private Covered covered(Path file, List<Part> closed) {
    try {
      List<RunSummaryFile.CoveredPart> listed = RunSummaryFile.readParts(file, segmentBytes);
      if (listed == null) {
        return null;
      }
      Map<String, Part> byName = new HashMap<>();
      for (Part p : closed) {
        byName.put(p.path().getFileName().toString(), p);
      }
      Set<Path> parts = new HashSet<>();
      for (RunSummaryFile.CoveredPart c : listed) {
        Part part = byName.get(c.name());
        if (part == null
            || !c.check().equals(PartSummaryFile.Check.of(part.path()))
            || !c.check()
                .equals(
                    PartSummaryFile.recordedCheck(
                        file.resolveSibling(c.summary()), segmentBytes))) {
          LOG.fine(
              () -> "spanweave viewer: " + file + " does not match " + c.name() + " as stored");
          return null;
        }
        parts.add(part.path());
      }
      return new Covered(listed, parts);
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
