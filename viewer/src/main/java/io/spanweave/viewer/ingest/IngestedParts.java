package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runfiles.internal.summary.StepStats;
import io.spanweave.viewer.index.SpanSummaries;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * The parts of the run ingested so far, in order, and their segments: where the spans of a step, a
 * trace or a sample are, found from the segments' summaries without reading any span. Which files a
 * run's parts are, and how they decode, is the run's file format's ({@code PartCatalog} and the
 * codecs of spanweave-run-files); this is what the viewer has made of them. Thread-safe.
 */
public final class IngestedParts {
  private final List<PartState> parts = new ArrayList<>();

  synchronized void add(PartState part) {
    parts.add(part);
    sort();
  }

  synchronized void sort() {
    parts.sort(Comparator.comparingLong((PartState p) -> p.part().sequence()));
  }

  /** Every part, oldest first. */
  public synchronized List<PartState> all() {
    return List.copyOf(parts);
  }

  synchronized PartState byFingerprint(long fingerprint) {
    if (fingerprint == 0) {
      return null;
    }
    for (PartState p : parts) {
      if (p.fingerprint() == fingerprint) {
        return p;
      }
    }
    return null;
  }

  synchronized PartState byPath(java.nio.file.Path path) {
    for (PartState p : parts) {
      Part part = p.part();
      if (part.path().equals(path) || path.equals(part.plainTwin())) {
        return p;
      }
    }
    return null;
  }

  /** The segments holding spans of {@code step}, oldest first. */
  public List<SegmentRef> withStep(int step) {
    return find(s -> s.hasStep(step));
  }

  /** The segments that may hold spans of the trace (a few false positives, none missed). */
  public List<SegmentRef> withTrace(String traceHex) {
    int hash = StepStats.hash(traceHex);
    return find(s -> s.mightHoldTrace(hash));
  }

  /** The segments that may hold spans naming the sample (run id "" when its spans name none). */
  public List<SegmentRef> withSample(String runId, String sampleId) {
    int hash = SpanSummaries.sampleHash(runId, sampleId);
    return find(s -> s.mightHoldSample(hash));
  }

  private List<SegmentRef> find(Predicate<SegmentSummary> holds) {
    List<SegmentRef> out = new ArrayList<>();
    for (PartState p : all()) {
      for (SegmentSummary s : p.segments()) {
        if (s.spans() > 0 && holds.test(s)) {
          out.add(new SegmentRef(p, s));
        }
      }
    }
    return out;
  }

  /**
   * Whether some part's summaries came from a file while its spans are not all in the in-memory
   * index (see {@link PartState#summarisedOnly}).
   */
  public boolean anySummarisedOnly() {
    for (PartState p : all()) {
      if (p.summarisedOnly()) {
        return true;
      }
    }
    return false;
  }

  /** Segments of all parts. */
  public int segmentCount() {
    int n = 0;
    for (PartState p : all()) {
      n += p.segments().size();
    }
    return n;
  }
}
