package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.summary.RunSummary;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The first step of the first pass: every closed part whose summary file matches it is known from
 * that file before a line of the run is read, so the answers over every step (steps, timeline,
 * stage table of all steps) are complete at once. The runtime writes each part's summary as it
 * closes the part, so a finished run opens from its summaries; parts without one (left plain, cut
 * short, written by another tool) are read afterwards as before.
 *
 * <p>A step's traces are counted by hash until the step is sealed. A summarised part next to a part
 * read later (the part being written, or a closed part without a summary) may share a step with it,
 * so its steps are merged in {@link RunSummary#LIVE_PASS} and stay open: a trace split across the
 * two parts then counts once, as when both are read.
 *
 * <p>Used by the ingest thread only.
 */
final class SummariesFirst {
  private final ClosedPartReader closedParts;
  private final TraceIngest traceIngest;

  SummariesFirst(ClosedPartReader closedParts, TraceIngest traceIngest) {
    this.closedParts = closedParts;
    this.traceIngest = traceIngest;
  }

  /**
   * Takes the summaries of the closed parts that have a matching one.
   *
   * @param closed the closed parts, in the order the first pass reads them
   * @param withLivePart the runs that have a part being written
   * @return the states of the parts taken, by part; empty when the viewer closed meanwhile
   */
  Map<Part, PartState> take(
      List<FirstPass.Listed> closed, Set<RunSource> withLivePart, BooleanSupplier running)
      throws IOException {
    Map<Part, Long> fingerprints = new HashMap<>();
    Map<RunSource, Map<Long, Part>> bySequence = new HashMap<>();
    for (FirstPass.Listed l : closed) {
      long fingerprint = closedParts.summaryFingerprint(l.run(), l.part());
      if (fingerprint != 0) {
        fingerprints.put(l.part(), fingerprint);
      }
      bySequence.computeIfAbsent(l.run(), r -> new HashMap<>()).put(l.part().sequence(), l.part());
    }
    Map<Part, PartState> taken = new HashMap<>();
    for (FirstPass.Listed l : closed) {
      Long fingerprint = fingerprints.get(l.part());
      if (fingerprint == null) {
        continue;
      }
      if (!running.getAsBoolean()) {
        return Map.of();
      }
      Map<Long, Part> run = bySequence.get(l.run());
      long sequence = l.part().sequence();
      Part after = run.get(sequence + 1);
      Part before = run.get(sequence - 1);
      boolean nextReadLater =
          after == null ? withLivePart.contains(l.run()) : !fingerprints.containsKey(after);
      boolean previousReadLater = before != null && !fingerprints.containsKey(before);
      long pass =
          nextReadLater || previousReadLater ? RunSummary.LIVE_PASS : traceIngest.nextPart();
      PartState state = closedParts.takeSummary(l.run(), l.part(), fingerprint, pass);
      if (state != null) {
        taken.put(l.part(), state);
      }
    }
    return taken;
  }
}
