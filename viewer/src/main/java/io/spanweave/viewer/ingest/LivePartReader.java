package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.parts.PartFingerprint;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runfiles.internal.summary.RunSummary;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.Supplier;

/**
 * Reads the part each run is writing now ({@code traces.jsonl}) as it grows: opens it as a part (at
 * start and after each rotation), reads what was appended, seals the segments no line can be added
 * to any more, and hands a part rotated away to {@link ClosedPartReader} to finish as a closed
 * part. The same for the first pass (which reads it first, newest block first) and for following.
 *
 * <p>Used by the ingest thread only.
 */
final class LivePartReader {
  private final IngestedParts parts;
  private final RunSummary summary;
  private final TraceIngest traceIngest;
  private final SourceFiles sources;
  private final ClosedPartReader closedParts;

  LivePartReader(
      IngestedParts parts,
      RunSummary summary,
      TraceIngest traceIngest,
      SourceFiles sources,
      ClosedPartReader closedParts) {
    this.parts = parts;
    this.summary = summary;
    this.traceIngest = traceIngest;
    this.sources = sources;
    this.closedParts = closedParts;
  }

  /** What a run's follower of its part being written opens it with, and tells of rotations. */
  JsonlFollower.Opener openerFor(Supplier<RunSource> run) {
    return new JsonlFollower.Opener() {
      @Override
      public SourceFile open(Path path) throws IOException {
        return openLivePart(run.get(), path);
      }

      @Override
      public void rotated(SourceFile old) throws IOException {
        livePartRotated(run.get(), old);
      }
    };
  }

  /** Reads what was appended to the run's part being written, into the index and summaries. */
  void poll(RunSource run) throws IOException {
    run.traces.poll(traceIngest);
    traceIngest.flush();
    sealFinishedSegments(run);
  }

  /** The follower opens the part being written (at start, and after each rotation). */
  private SourceFile openLivePart(RunSource run, Path path) throws IOException {
    Part part =
        new Part(path.toAbsolutePath().normalize(), Part.LIVE, PlainCodec.INSTANCE, "", null);
    long fingerprint;
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      fingerprint = PartFingerprint.of(channel, PlainCodec.INSTANCE, false);
    }
    PartState state = new PartState(part, fingerprint);
    parts.add(state);
    run.livePart = state;
    return sources.open(path, PlainCodec.INSTANCE, state);
  }

  /** The part being written was renamed away and read to its end: it is a closed part now. */
  private void livePartRotated(RunSource run, SourceFile old) throws IOException {
    traceIngest.flush();
    PartState state = old.part();
    if (state.fingerprint() == 0) {
      state.identify(PartFingerprint.of(old.channel(), PlainCodec.INSTANCE, true));
    }
    summary.liveRotated(traceIngest.nextPart());
    closedParts.finish(run, state);
    run.lastRelist = 0; // learn its new name at once
  }

  /**
   * Seals and compacts the segments of the part being written that no line can be added to any
   * more.
   */
  private static void sealFinishedSegments(RunSource run) {
    PartState state = run.livePart;
    if (state == null) {
      return;
    }
    List<SegmentSummary> segments = state.segments();
    for (int k = 0; k < segments.size() - 1; k++) {
      SegmentSummary s = segments.get(k);
      if (!s.sealed()) {
        s.seal();
        s.compact();
      }
    }
  }
}
