package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * After the first pass, lists each run's folder again now and then: parts renamed or compressed are
 * followed to their new name, parts never seen are read, and parts gone are reported (their
 * summaries stay).
 *
 * <p>Used by the ingest thread only.
 */
final class PartRelisting {
  /** How often a folder is listed for parts (or run folders) that appeared or went away. */
  static final long RELIST_NANOS = 2_000_000_000L;

  private final IngestedParts parts;
  private final ClosedPartReader closedParts;
  private final ReadProgress progress;

  PartRelisting(IngestedParts parts, ClosedPartReader closedParts, ReadProgress progress) {
    this.parts = parts;
    this.closedParts = closedParts;
    this.progress = progress;
  }

  /** Lists the run's folder again when it was last listed {@link #RELIST_NANOS} ago or more. */
  void relistIfDue(RunSource run) throws IOException {
    if (System.nanoTime() - run.lastRelist > RELIST_NANOS) {
      relist(run);
    }
  }

  private void relist(RunSource run) throws IOException {
    run.lastRelist = System.nanoTime();
    List<Part> listed = run.catalog.list();
    Set<Path> present = new HashSet<>();
    for (Part part : listed) {
      present.add(part.path());
      if (part.plainTwin() != null) {
        present.add(part.plainTwin());
      }
      if (part.live()) {
        continue;
      }
      PartState byPath = parts.byPath(part.path());
      if (byPath != null) {
        if (!byPath.part().equals(part)) {
          byPath.movedTo(part);
          parts.sort();
        }
        continue;
      }
      closedParts.read(run, part);
      progress.partAppeared(part);
    }
    for (PartState state : parts.all()) {
      Part part = state.part();
      if (!part.live()
          && part.path().getParent().equals(run.traceFile().getParent())
          && !present.contains(part.path())
          && state.problem() == null) {
        state.problem(
            "deleted while the viewer ran: its summary is kept, its spans can no longer be loaded");
      }
    }
  }
}
