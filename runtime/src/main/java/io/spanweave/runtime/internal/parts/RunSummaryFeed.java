package io.spanweave.runtime.internal.parts;

import io.spanweave.api.TracingFaults;
import io.spanweave.runfiles.internal.parts.PartNames;
import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import io.spanweave.runfiles.internal.summary.RunSummaryBuilder;
import io.spanweave.runfiles.internal.summary.RunSummaryFile;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hands the {@link RunSummaryBuilder} each closed part's summary in the order of the parts, from
 * the run's first closed part on, and writes the {@link RunSummaryFile} when the run closes. Parts
 * are summarised about in the order they close, but not quite: a part left plain after a burst is
 * summarised once it is compressed, and a resumed run's catch-up goes through the parts of earlier
 * processes. So a part summarised before the part ahead of it waits, by the name of its summary
 * file only (reading it again when its turn comes costs less than holding its cells), and the run
 * summary covers the parts up to the first one without a summary.
 *
 * <p>Thread-safe: the summaries' thread feeds it, close writes it.
 */
final class RunSummaryFeed {
  /** A summary of a part in one stored form: part sequence and name, summary file, check. */
  record Summarised(
      long sequence, String name, String file, long fingerprint, PartSummaryFile.Check check) {}

  private final PartNames names;
  private final Path dir;
  private final long segmentBytes;
  private final Map<String, Summarised> byName = new HashMap<>();
  private final TreeMap<Long, Summarised> waiting = new TreeMap<>();
  private RunSummaryBuilder builder;
  private long next = -1; // sequence of the next part to add; -1 until the first is known
  private boolean failed;

  RunSummaryFeed(PartNames names, Path dir, long segmentBytes) {
    this.names = names;
    this.dir = dir;
    this.segmentBytes = segmentBytes;
  }

  /**
   * A part's summary was written or found: {@code segments} are its sealed segments when they are
   * at hand (the feed takes their cells over), or null to read them from the file when their turn
   * comes.
   */
  synchronized void summarised(Summarised part, List<SegmentSummary> segments) {
    byName.put(part.name(), part);
    if (failed) {
      return;
    }
    try {
      if (next == -1) {
        next = firstClosedSequence();
      }
      if (part.sequence() == next && segments != null) {
        add(part, segments);
      } else if (part.sequence() >= next) {
        waiting.putIfAbsent(part.sequence(), part);
      }
      for (Summarised ready = waiting.remove(next);
          ready != null && !failed;
          ready = waiting.remove(next)) {
        PartSummaryFile.Contents contents;
        try {
          contents =
              PartSummaryFile.read(dir.resolve(ready.file()), ready.fingerprint(), segmentBytes);
        } catch (NoSuchFileException deleted) {
          contents = null;
        }
        if (contents == null || !contents.check().equals(ready.check())) {
          return; // replaced or deleted meanwhile: the run summary ends before this part for now
        }
        add(ready, contents.segments());
      }
    } catch (IOException | RuntimeException e) {
      fail("the run summary could not be built in " + dir, e);
    }
  }

  private void add(Summarised part, List<SegmentSummary> segments) throws IOException {
    if (builder == null) {
      builder = new RunSummaryBuilder(dir, segmentBytes);
    }
    builder.add(covered(part), segments);
    next = part.sequence() + 1; // a part deleted from the middle ends the run summary before it
  }

  /**
   * Writes the run summary of the parts added, each listed as it is stored now (a part compressed
   * since its plain form was added is listed compressed, with the check of its compressed form);
   * none when no part was added or a part added is stored in no form with a summary any more.
   */
  synchronized void write() {
    if (builder == null || failed) {
      return;
    }
    try {
      List<RunSummaryFile.CoveredPart> now = new ArrayList<>();
      for (RunSummaryFile.CoveredPart added : builder.parts()) {
        Summarised stored = storedNow(added.sequence());
        if (stored == null) {
          return; // deleted, or compressed and not summarised in time: the viewer reads per part
        }
        now.add(covered(stored));
      }
      builder.write(now);
    } catch (IOException | RuntimeException e) {
      fail("the run summary was not written into " + dir, e);
    } finally {
      closeBuilder();
    }
  }

  /**
   * The summarised form of the part with this sequence that is stored now, the compressed one when
   * both are (the plain one is deleted once its compressed copy is whole).
   */
  private Summarised storedNow(long sequence) {
    Summarised best = null;
    for (Summarised s : byName.values()) {
      Path stored = names.dir().resolve(s.name());
      if (s.sequence() == sequence
          && Files.exists(stored)
          && (best == null || names.parse(stored).compressed())) {
        best = s;
      }
    }
    return best;
  }

  private static RunSummaryFile.CoveredPart covered(Summarised s) {
    return new RunSummaryFile.CoveredPart(s.sequence(), s.name(), s.check(), s.file());
  }

  private long firstClosedSequence() throws IOException {
    long first = Long.MAX_VALUE;
    for (PartNames.Entry e : names.listClosed()) {
      first = Math.min(first, e.sequence());
    }
    return first;
  }

  private void fail(String what, Exception e) {
    failed = true;
    closeBuilder();
    TracingFaults.report(
        "summary",
        what + "; a viewer reads the parts' own summaries instead. Check that the disk is not full",
        e);
  }

  private void closeBuilder() {
    if (builder != null) {
      try {
        builder.close();
      } catch (IOException e) {
        // Only the log of sealed steps is left: deleted as a stale temporary later.
      }
      builder = null;
    }
  }
}
