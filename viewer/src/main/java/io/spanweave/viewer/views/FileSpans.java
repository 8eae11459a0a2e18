package io.spanweave.viewer.views;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.ingest.PartState;
import io.spanweave.viewer.ingest.SegmentRef;
import io.spanweave.viewer.ingest.SegmentsRead;
import io.spanweave.viewer.json.ReadingStatus;
import io.spanweave.viewer.query.RunFilter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;

/**
 * Spans from the run's files: the ingest loop keeps the newest in memory and summarises every
 * segment; a step, trace or sample the in-memory index does not hold is loaded from the segments
 * that hold it (or, before the first pass has read them, from the whole parts that may).
 */
class FileSpans implements SpanSource {
  private final SegmentsRead segments;

  FileSpans(SegmentsRead segments) {
    this.segments = segments;
  }

  @Override
  public void start() {
    // The ingest loop reads the files.
  }

  @Override
  public void close() {
    // The ingest loop is closed by its owner.
  }

  @Override
  public String kind() {
    return "file";
  }

  @Override
  public String api() {
    return null;
  }

  @Override
  public long spansFetched() {
    return 0;
  }

  @Override
  public long polls() {
    return 0;
  }

  @Override
  public String lastError() {
    return null;
  }

  @Override
  public boolean fetching() {
    return false;
  }

  @Override
  public String phase(String ingestPhase) {
    return ingestPhase;
  }

  @Override
  public List<ReadingStatus.SkippedPart> skipped() {
    return List.of();
  }

  @Override
  public boolean everythingInMemory() {
    return segments.everythingInMemory();
  }

  @Override
  public boolean stepUnread(int step) {
    return !segments.firstPassDone() && !segments.unreadPartsWithStep(step).isEmpty();
  }

  @Override
  public Optional<Load> step(int step) {
    List<SegmentRef> known = segments.withStep(step);
    if (!segments.firstPassDone()) {
      // Summaries are still being built: a step in parts not read yet is read from them now.
      List<Part> unread = segments.unreadPartsWithStep(step);
      if (!unread.isEmpty()) {
        return covering(known, unread, step);
      }
    }
    return covering(known, List.of(), null);
  }

  @Override
  public Optional<Load> trace(String traceHex) {
    return covering(segments.withTrace(traceHex), List.of(), null);
  }

  @Override
  public Optional<Load> sample(RunFilter runs, String sampleId) {
    Set<SegmentRef> refs = new LinkedHashSet<>();
    List<String> runIds = runs.runId() != null ? List.of(runs.runId()) : segments.runIds();
    for (String run : runIds) {
      refs.addAll(segments.withSample(run, sampleId));
    }
    return covering(new ArrayList<>(refs), List.of(), null);
  }

  /**
   * Nothing to load when the in-memory index holds all of these segments, else the segments and, of
   * some whole parts, their chunks that may hold {@code step} (null: all).
   */
  private Optional<Load> covering(List<SegmentRef> refs, List<Part> wholeParts, Integer step) {
    if (refs.isEmpty() && wholeParts.isEmpty()) {
      return Optional.empty();
    }
    boolean allInMemory = true;
    StringJoiner key = new StringJoiner(",");
    for (SegmentRef r : refs) {
      allInMemory &= r.part().inMemory(r.segment().index());
      // The spans count too: a file read newest block first fills a segment from its end back,
      // so a window loaded before the first pass finished a segment is loaded again after.
      key.add(
          r.part().id()
              + ":"
              + r.segment().index()
              + ":"
              + r.segment().end()
              + ":"
              + r.segment().spans());
    }
    for (Part part : wholeParts) {
      allInMemory = false;
      key.add(part.path().toString());
    }
    if (!wholeParts.isEmpty() && step != null) {
      key.add("step=" + step); // such a window holds only that step's chunks of the parts
    }
    if (allInMemory) {
      return Optional.empty();
    }
    return Optional.of(new Load(key.toString(), () -> segments.load(refs, wholeParts, step)));
  }

  @Override
  public List<Integer> stepsInMemory() {
    TreeSet<Integer> in = new TreeSet<>();
    Set<Integer> out = new HashSet<>();
    for (PartState part : segments.parts()) {
      for (SegmentSummary s : part.segments()) {
        (part.inMemory(s.index()) ? in : out).addAll(s.steps());
      }
    }
    in.removeAll(out);
    in.remove(SpanIndex.NO_STEP);
    // The newest steps without a gap: what "all steps" lists cover (older steps held by chance, a
    // part read out of order say, are not counted in).
    List<Integer> newest = new ArrayList<>();
    Integer step = in.isEmpty() ? null : in.last();
    while (step != null && in.contains(step)) {
      newest.add(0, step);
      step = step - 1;
    }
    return newest;
  }
}
