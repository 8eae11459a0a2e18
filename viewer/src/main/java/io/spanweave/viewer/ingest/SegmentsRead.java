package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.summary.RunKey;
import io.spanweave.runfiles.internal.summary.RunSummary;
import java.util.List;

/**
 * What a view of the run's files may ask of the ingest loop, read-only: where the segments of a
 * step, trace or sample are, which parts the first pass has not read yet, and the loading of
 * segments or parts the in-memory index does not hold. Thread-safe (every answer is a copy).
 */
public final class SegmentsRead {
  private final IngestedParts parts;
  private final RunSummary summary;
  private final TraceIngest traceIngest;
  private final FirstPass firstPass;
  private final SegmentLoader loader;

  SegmentsRead(
      IngestedParts parts,
      RunSummary summary,
      TraceIngest traceIngest,
      FirstPass firstPass,
      SegmentLoader loader) {
    this.parts = parts;
    this.summary = summary;
    this.traceIngest = traceIngest;
    this.firstPass = firstPass;
    this.loader = loader;
  }

  /**
   * Whether the in-memory index holds every span of the run known so far: it has not let go of
   * spans read (then it keeps the newest), and no part is known from its summary file only.
   */
  public boolean everythingInMemory() {
    return !traceIngest.memoryFull() && !parts.anySummarisedOnly();
  }

  /** Whether the first pass over every part has ended. */
  public boolean firstPassDone() {
    return firstPass.done();
  }

  /**
   * The closed parts the first pass has not read yet that may hold spans of {@code step} (see
   * {@link UnreadParts#withStep}).
   */
  public List<Part> unreadPartsWithStep(int step) {
    return firstPass.unreadPartsWithStep(step);
  }

  /** Every part read so far, oldest first, with its segments. */
  public List<PartState> parts() {
    return parts.all();
  }

  /** The segments read so far that hold spans of {@code step}. */
  public List<SegmentRef> withStep(int step) {
    return parts.withStep(step);
  }

  /** The segments read so far that hold spans of the trace. */
  public List<SegmentRef> withTrace(String traceHex) {
    return parts.withTrace(traceHex);
  }

  /** The segments read so far that hold spans naming the sample in the run. */
  public List<SegmentRef> withSample(String runId, String sampleId) {
    return parts.withSample(runId, sampleId);
  }

  /** The ids of the runs summarised so far, each once. */
  public List<String> runIds() {
    return summary.read(v -> v.steps().keySet().stream().map(RunKey::runId).distinct().toList());
  }

  /** See {@link SegmentLoader#load}. */
  public SegmentLoader.Loaded load(List<SegmentRef> segments, List<Part> wholeParts, Integer step) {
    return loader.load(segments, wholeParts, step);
  }
}
