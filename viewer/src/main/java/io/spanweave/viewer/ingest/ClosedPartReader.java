package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.parts.PartFingerprint;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runfiles.internal.summary.RunSummary;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runfiles.spi.DamagedPartException;
import io.spanweave.runfiles.spi.PartInput;
import io.spanweave.runfiles.spi.SeekPoint;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.logging.Logger;

/**
 * Reads one closed part of a run to its end, or takes its summary from the cache when the in-memory
 * index is full already; seals, caches and compacts the segments of a part read to its end. It is
 * apart from {@link FirstPass} and {@link PartRelisting} (which decide when and in which order
 * parts are read) because what reading one part involves (fingerprints, renamed and damaged parts,
 * the summary cache) is its own job, the same for the first pass and for parts that appear later.
 *
 * <p>Used by the ingest thread only.
 */
final class ClosedPartReader {
  /** The loop's logger: where its warnings have always been logged. */
  private static final Logger LOG = Logger.getLogger(IngestLoop.class.getName());

  private final IngestedParts parts;
  private final RunSummary summary;
  private final TraceIngest traceIngest;
  private final SourceFiles sources;
  private final ReadSettings settings;

  ClosedPartReader(
      IngestedParts parts,
      RunSummary summary,
      TraceIngest traceIngest,
      SourceFiles sources,
      ReadSettings settings) {
    this.parts = parts;
    this.summary = summary;
    this.traceIngest = traceIngest;
    this.sources = sources;
    this.settings = settings;
  }

  /**
   * Reads one closed part, or takes its cached summary when the in-memory index is full already.
   */
  void read(RunSource run, Part part) throws IOException {
    if (part.codec() == null) {
      PartState state = new PartState(part, 0);
      state.problem(
          "no reader for ." + part.extension() + " parts is installed; its spans are not shown");
      parts.add(state);
      return;
    }
    long fingerprint;
    try (FileChannel channel = FileChannel.open(part.path(), StandardOpenOption.READ)) {
      fingerprint = PartFingerprint.of(channel, part.codec(), true);
    } catch (NoSuchFileException gone) {
      // Renamed or compressed between listing and opening: list again and read what is there now.
      Part now = samePartNow(run, part);
      if (now != null && !now.path().equals(part.path())) {
        read(run, now);
      } else {
        PartState state = new PartState(part, 0);
        state.problem("deleted before it could be read");
        parts.add(state);
      }
      return;
    }
    PartState known = parts.byFingerprint(fingerprint);
    if (known != null) {
      known.movedTo(part);
      parts.sort();
      return;
    }
    if (traceIngest.memoryFull()) {
      SummaryCache.Entry cached =
          run.cache.load(fingerprint, settings.segmentBytes(), part.path(), true);
      if (cached != null) {
        takeSummary(part, new SummaryFile(fingerprint, cached), traceIngest.nextPart());
        return;
      }
    }
    PartState state = new PartState(part, fingerprint);
    parts.add(state);
    long pass = traceIngest.nextPart();
    boolean damaged = !readLines(part, state);
    traceIngest.flush();
    if (damaged) {
      // Not cached: a damaged part is read again (perhaps repaired) when the viewer starts again.
      sealAndCompact(state);
      state.completed(false);
    } else {
      finish(run, state);
    }
    summary.sealUntouchedSince(pass - 1);
  }

  /**
   * Every line of the part, newest block first when it is plain (the newest spans go into the index
   * first). Returns false when the part was damaged and the rest could not be read.
   */
  private boolean readLines(Part part, PartState state) throws IOException {
    SourceFile source = sources.open(part.path(), part.codec(), state);
    if (!part.compressed()) {
      long end = PartReading.endOfLastLine(source);
      PartReading.newestFirst(source, 0, end, traceIngest);
      PartReading.forward(source, end, Long.MAX_VALUE, traceIngest, true);
      return true;
    }
    PartInput in = part.codec().open(source.channel(), SeekPoint.START);
    try {
      PartReading.decompressed(source, in, Long.MAX_VALUE, traceIngest);
      return true;
    } catch (DamagedPartException e) {
      traceIngest.flush();
      return readPlainTwinAfter(part, state, e);
    } finally {
      state.addSeekPoints(in.seekPoints());
      in.close();
    }
  }

  /** A closed part's summary file, read and checked against the part: its fingerprint, entry. */
  record SummaryFile(long fingerprint, SummaryCache.Entry entry) {}

  /**
   * The summary file of a closed part (the runtime's, written when it closed the part, or an
   * earlier viewer's) when one matches the part as it is stored now, or null: no reader for the
   * part, not readable now, known already, or no matching summary (the part is then read as usual,
   * {@link #read}). Any thread may call it: the first pass reads several at once.
   */
  SummaryFile summaryFile(RunSource run, Part part, boolean cells) throws IOException {
    if (part.codec() == null) {
      return null;
    }
    long fingerprint;
    try (FileChannel channel = FileChannel.open(part.path(), StandardOpenOption.READ)) {
      fingerprint = PartFingerprint.of(channel, part.codec(), true);
    } catch (NoSuchFileException | DamagedPartException unreadable) {
      return null; // read (and reported) as usual
    }
    if (parts.byFingerprint(fingerprint) != null) {
      return null;
    }
    SummaryCache.Entry entry =
        run.cache.load(fingerprint, settings.segmentBytes(), part.path(), cells);
    return entry == null ? null : new SummaryFile(fingerprint, entry);
  }

  /**
   * Takes a closed part's summary from its file ({@link #summaryFile}) without reading a line of
   * the part, merged into the run's summary in {@code pass} ({@link RunSummary#LIVE_PASS} keeps its
   * steps open: a part read later may hold more of them). The first pass reads its spans into the
   * index later, while the index has room ({@link #readIntoIndex}); a part read once the index is
   * full is known from its summary only. Returns its state.
   */
  PartState takeSummary(Part part, SummaryFile file, long pass) {
    PartState state = take(part, file, true, pass);
    if (pass != RunSummary.LIVE_PASS) {
      summary.sealUntouchedSince(pass - 1);
    }
    return state;
  }

  /**
   * Takes a closed part's summary from its file as {@link #takeSummary} does, but only its segments
   * (where its steps, traces and samples are): a part a {@link RunSummaries run summary} covers,
   * whose steps the run's summary holds already.
   */
  PartState takeSegments(Part part, SummaryFile file) {
    return take(part, file, false, 0);
  }

  /**
   * A part a run summary covers whose own summary file could not be read after all (deleted or
   * replaced since the run summary was checked): its steps are counted from the run summary, and
   * its spans are read into the index only, so a step of it is found only while it is in memory.
   */
  PartState coveredWithoutSegments(Part part) {
    PartState state = new PartState(part, 0);
    state.summarisedOnly(true);
    state.problem(
        "its summary file could not be read: its steps are counted from the run summary, but its"
            + " spans are found only while they are in memory");
    LOG.warning("spanweave viewer: " + part.path() + ": " + state.problem());
    parts.add(state);
    state.completed(true);
    return state;
  }

  private PartState take(Part part, SummaryFile file, boolean mergeSteps, long pass) {
    SummaryCache.Entry cached = file.entry();
    PartState state = new PartState(part, file.fingerprint());
    state.addSeekPoints(cached.seekPoints());
    state.decoded(cached.decodedBytes());
    state.summarisedOnly(true);
    parts.add(state);
    for (SegmentSummary s : cached.segments()) {
      state.putSegment(s);
      if (mergeSteps) {
        summary.addTaking(s, pass);
      }
      s.compact();
    }
    state.completed(true);
    return state;
  }

  /**
   * Reads a part whose summary was taken from its file ({@link #takeSummary}) into the in-memory
   * index, while the index has room: the summaries have it already. Once every line went into the
   * index the part is no longer {@linkplain PartState#summarisedOnly summarised only}; a damaged
   * part is reported as when it is read for its summary.
   */
  void readIntoIndex(PartState state) throws IOException {
    boolean whole;
    try {
      whole = readLines(state.part(), state);
    } catch (NoSuchFileException gone) {
      // Its summary stands; the status says its spans can no longer be loaded.
      state.problem("deleted before it could be read");
      whole = false;
    }
    traceIngest.flush();
    if (whole && !traceIngest.memoryFull()) {
      state.summarisedOnly(false);
    }
  }

  /**
   * A compressed part turned out damaged: its plain copy (still there while the writer compresses)
   * holds the rest. Returns whether the rest was read that way; otherwise records what was skipped.
   */
  private boolean readPlainTwinAfter(Part part, PartState state, DamagedPartException e)
      throws IOException {
    Path twin = part.plainTwin();
    if (twin != null) {
      try {
        SourceFile plain = sources.open(twin, PlainCodec.INSTANCE, state);
        PartReading.forward(plain, e.offset(), Long.MAX_VALUE, traceIngest, true);
        return true;
      } catch (NoSuchFileException gone) {
        // Deleted meanwhile: report the damage below.
      }
    }
    long stored = FileFacts.sizeOrZero(part.path());
    state.problem(
        part.name()
            + " is damaged: its "
            + e.getMessage()
            + " at stored byte "
            + e.storedOffset()
            + " of "
            + stored
            + "; the "
            + e.offset()
            + " bytes of lines before it were read, the rest skipped");
    LOG.warning("spanweave viewer: " + state.problem());
    return false;
  }

  /** Where the part with {@code part}'s sequence is now (compressed, or still plain), or null. */
  private static Part samePartNow(RunSource run, Part part) throws IOException {
    for (Part p : run.catalog.list()) {
      if (p.sequence() == part.sequence()) {
        return p;
      }
    }
    return null;
  }

  /** A part read to its end: segments sealed (with their seek points), cached, compacted. */
  void finish(RunSource run, PartState state) {
    List<SegmentSummary> segments = state.segments();
    for (SegmentSummary s : segments) {
      s.seekFrom(state.seekPointBefore(s.start()));
      s.seal();
    }
    if (state.problem() == null) {
      run.cache.store(
          state.fingerprint(),
          settings.segmentBytes(),
          state.part().path(),
          state.decodedBytes(),
          state.seekPoints(),
          segments);
    }
    for (SegmentSummary s : segments) {
      s.compact();
    }
    state.completed(false);
  }

  private static void sealAndCompact(PartState state) {
    for (SegmentSummary s : state.segments()) {
      s.seekFrom(state.seekPointBefore(s.start()));
      s.seal();
      s.compact();
    }
  }
}
