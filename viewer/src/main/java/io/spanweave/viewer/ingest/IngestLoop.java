package io.spanweave.viewer.ingest;

import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.parts.PartCatalog;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runfiles.internal.summary.RunSummary;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The single background thread that keeps the viewer current. Its first pass reads the run's
 * parts newest first: the part being written newest block first (the latest step shows after its
 * first blocks), then the closed parts from the newest back. The newest spans go into the
 * in-memory index until it holds {@link ReadSettings#maxSpansInMemory()}; every span goes into the
 * summaries, and a closed part whose summary is cached from an earlier run of the viewer is not
 * read again once the index is full. After the first pass it polls the part being written and the
 * live file, follows rotation, and looks for parts that appear or disappear.
 *
 * <p>This class decides what is read when; reading one closed part is {@link ClosedPartReader}'s
 * job, and which parts not read yet may hold a step (for on-demand loading) {@link UnreadParts}'.
 */
public final class IngestLoop implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(IngestLoop.class.getName());
  /** How often the folder is listed for parts that appeared or went away. */
  private static final long RELIST_NANOS = 2_000_000_000L;

  private final ReadSettings settings;
  private final List<Path> roots;
  private final Path liveFileGiven;
  private final List<RunSource> runs = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final Set<Path> knownTraceFiles = new HashSet<>();
  private final IngestedParts parts = new IngestedParts();
  private final RunSummary summary = new RunSummary();
  private final TraceIngest traceIngest;
  private final LiveSpans liveSpans;
  private final AttemptRecords attemptRecords = new AttemptRecords();
  private final SourceFiles sources;
  private final SourceFiles liveSources;
  private final Duration interval;
  private final ExecutorService parsers;
  private final SegmentLoader loader;
  private final ClosedPartReader closedParts;
  private final Thread thread;
  private volatile boolean running = true;
  private volatile boolean initialLoadDone;
  private volatile long initialLoadMillis = -1;
  private volatile String lastError;
  private final Object wakeUp = new Object();
  private final FirstViewHold firstView = new FirstViewHold();
  private long lastRootScan;
  private volatile Progress progress = new Progress("waiting for the trace file", 0, 0, 0, 0);

  /** How far the reading is: parts and stored bytes done of how many, and what it does now. */
  public record Progress(String phase, int partsDone, int partsTotal, long storedBytesDone, long storedBytesTotal) {}

  public IngestLoop(SpanIndex index, Path traceFile, Path liveFile, Duration interval) {
    this(index, traceFile, liveFile, interval, ReadSettings.DEFAULT);
  }

  public IngestLoop(SpanIndex index, Path traceFile, Path liveFile, Duration interval, ReadSettings settings) {
    this(index, List.of(traceFile), liveFile, interval, settings);
  }

  /**
   * @param roots what the viewer was given: trace files, run folders, {@code traces/} folders or
   *     output directories of run folders (see {@link RunFolders})
   * @param liveFile the live file to read for every run, or null for each run's own
   *     {@code live.jsonl} beside its trace file
   */
  public IngestLoop(SpanIndex index, List<Path> roots, Path liveFile, Duration interval, ReadSettings settings) {
    this.settings = settings;
    this.roots = List.copyOf(roots);
    this.liveFileGiven = liveFile;
    this.sources = new SourceFiles();
    this.liveSources = new SourceFiles();
    AtomicInteger n = new AtomicInteger();
    this.parsers = Executors.newFixedThreadPool(
        Math.max(1, Runtime.getRuntime().availableProcessors()),
        r -> {
          Thread t = new Thread(r, "spanweave-viewer-parse-" + n.incrementAndGet());
          t.setDaemon(true);
          return t;
        });
    this.traceIngest = new TraceIngest(index, parsers, firstView, summary, settings.segmentBytes(),
        settings.maxSpansInMemory());
    this.closedParts = new ClosedPartReader(parts, summary, traceIngest, sources, settings);
    this.loader = new SegmentLoader(parsers);
    traceIngest.yieldTo(loader::busy);
    traceIngest.estimateUnreadSpansWith(this::unreadSpansEstimate);
    this.liveSpans = new LiveSpans();
    this.interval = interval;
    this.thread = new Thread(this::run, "spanweave-viewer-ingest");
    this.thread.setDaemon(true);
    try {
      addRunsOfRoots();
    } catch (IOException e) {
      // A root that cannot be listed yet: looked at again at every poll.
      lastError = String.valueOf(e.getMessage());
    }
  }

  /** Adds a run for every trace file the roots name now (output directories gain run folders over time). */
  private boolean addRunsOfRoots() throws IOException {
    lastRootScan = System.nanoTime();
    boolean added = false;
    for (Path root : roots) {
      List<Path> traceFiles = RunFolders.isOutputDir(root) ? RunFolders.runFolders(root)
          : List.of(RunFolders.traceFileOf(root));
      for (Path traceFile : traceFiles) {
        added |= addRun(traceFile);
      }
    }
    return added;
  }

  private boolean addRun(Path traceFile) {
    Path normalized = traceFile.toAbsolutePath().normalize();
    if (!knownTraceFiles.add(normalized)) {
      return false;
    }
    PartCatalog catalog = new PartCatalog(normalized);
    RunSource[] self = new RunSource[1];
    JsonlFollower follower = new JsonlFollower(normalized, new JsonlFollower.Opener() {
      @Override
      public SourceFile open(Path path) throws IOException {
        return openLivePart(self[0], path);
      }

      @Override
      public void rotated(SourceFile old) throws IOException {
        livePartRotated(self[0], old);
      }
    });
    Path liveFile = liveFileGiven != null ? (runs.isEmpty() ? liveFileGiven : null)
        : normalized.resolveSibling("live.jsonl");
    SummaryCache cache = new SummaryCache(settings.cacheDir() != null ? settings.cacheDir()
        : normalized.getParent().resolve(".spanweave-viewer"));
    self[0] = new RunSource(catalog, follower, liveFile == null ? null : new JsonlFollower(liveFile, liveSources), cache);
    runs.add(self[0]);
    return true;
  }

  public void start() {
    thread.start();
  }

  /** Polls now instead of at the next interval (tests and the "refresh" button use it). */
  public void wakeUp() {
    synchronized (wakeUp) {
      wakeUp.notifyAll();
    }
  }

  private void run() {
    long started = System.nanoTime();
    while (running) {
      try {
        // The live files are small and say what is stuck now: read them before big trace files.
        for (RunSource run : runs) {
          if (run.live != null) {
            run.live.poll(liveSpans);
          }
        }
        attemptRecords.poll(runs.stream().map(RunSource::traceFile).toList(), liveSpans);
        if (!initialLoadDone) {
          if (readRuns(runs)) {
            traceIngest.following();
            initialLoadDone = true;
            initialLoadMillis = (System.nanoTime() - started) / 1_000_000;
          }
        } else {
          follow();
        }
        lastError = null;
      } catch (IOException | RuntimeException e) {
        if (!running) {
          return;
        }
        if (lastError == null) {
          LOG.log(Level.WARNING, "spanweave viewer: reading trace files failed; will retry", e);
        }
        lastError = String.valueOf(e.getMessage());
      }
      synchronized (wakeUp) {
        if (!running) {
          return;
        }
        try {
          wakeUp.wait(interval.toMillis());
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }

  /** After the first pass: appended lines, rotations, parts and run folders that appeared or went away. */
  private void follow() throws IOException {
    for (RunSource run : runs) {
      run.traces.poll(traceIngest);
      traceIngest.flush();
      ClosedPartReader.sealFinishedLiveSegments(run);
      if (System.nanoTime() - run.lastRelist > RELIST_NANOS) {
        lookForNewParts(run);
      }
    }
    if (System.nanoTime() - lastRootScan > RELIST_NANOS) {
      List<RunSource> before = List.copyOf(runs);
      if (addRunsOfRoots()) {
        List<RunSource> added = new ArrayList<>(runs);
        added.removeAll(before);
        readRuns(added);
      }
    }
    progress = new Progress("following", progress.partsDone(), progress.partsTotal(),
        progress.storedBytesDone(), progress.storedBytesTotal());
  }

  /**
   * The first pass over some runs: the parts being written newest block first, then the closed
   * parts from the newest back (of all runs, by modification time). Returns false when the viewer
   * closed before it ended.
   */
  private boolean readRuns(List<RunSource> sources) throws IOException {
    record Listed(RunSource run, Part part, long modified) {}
    List<Listed> live = new ArrayList<>();
    List<Listed> closed = new ArrayList<>();
    long storedTotal = 0;
    for (RunSource run : sources) {
      run.lastRelist = System.nanoTime();
      for (Part p : run.catalog.list()) {
        storedTotal += FileFacts.sizeOrZero(p.path());
        if (p.compressed()) {
          compressedListed += FileFacts.sizeOrZero(p.path());
        } else {
          plainListed += FileFacts.sizeOrZero(p.path());
        }
        (p.live() ? live : closed).add(new Listed(run, p, FileFacts.modifiedMillis(p.path())));
      }
    }
    for (Listed l : closed) {
      unread.listedClosed(l.part()); // askable from now on, before the parts being written are read
    }
    for (Listed l : live) {
      unread.listedLive(l.part());
    }
    Progress before = progress;
    progress = new Progress("reading the newest spans", before.partsDone(), before.partsTotal() + live.size()
        + closed.size(), before.storedBytesDone(), before.storedBytesTotal() + storedTotal);
    live.sort(java.util.Comparator.comparingLong(Listed::modified).reversed());
    for (Listed l : live) {
      l.run().traces.poll(traceIngest);
      traceIngest.flush();
      ClosedPartReader.sealFinishedLiveSegments(l.run());
      partDone(l.part());
    }
    // Runs whose trace file does not exist yet are followed from when it appears. The newest run
    // first (by its newest file), each run's parts from the highest sequence down: a part's
    // modification time says when it was last written, not where it stands (a part repaired or
    // copied later is not newer).
    java.util.Map<RunSource, Long> newest = new java.util.HashMap<>();
    for (Listed l : closed) {
      newest.merge(l.run(), l.modified(), Math::max);
    }
    for (Listed l : live) {
      newest.merge(l.run(), l.modified(), Math::max);
    }
    closed.sort(java.util.Comparator.comparingLong((Listed l) -> -newest.get(l.run()))
        .thenComparing(l -> System.identityHashCode(l.run()))
        .thenComparing(l -> -l.part().sequence()));
    for (Listed l : closed) {
      if (!running) {
        return false;
      }
      long decodedBefore = traceIngest.bytes();
      closedParts.read(l.run(), l.part());
      if (l.part().compressed()) {
        compressedStored += FileFacts.sizeOrZero(l.part().path());
        compressedDecoded += traceIngest.bytes() - decodedBefore;
      }
      unread.read(l.part());
      partDone(l.part());
    }
    return true;
  }

  private final UnreadParts unread = new UnreadParts();

  /**
   * The closed parts the first pass has not read yet that may hold spans of {@code step} (see
   * {@link UnreadParts#withStep}).
   */
  public List<Part> unreadPartsWithStep(int step) {
    return unread.withStep(step);
  }

  /** See {@link UnreadParts#unreadPartsHoldingStep}. */
  static List<Part> unreadPartsHoldingStep(List<Part> listed, Set<Part> unread,
      java.util.function.ToIntFunction<Part> firstStep, int step) {
    return UnreadParts.unreadPartsHoldingStep(listed, unread, firstStep, step);
  }

  /** See {@link UnreadParts#partsHoldingStep}. */
  static List<Part> partsHoldingStep(List<Part> parts, java.util.function.ToIntFunction<Part> firstStep, int step) {
    return UnreadParts.partsHoldingStep(parts, firstStep, step);
  }

  /** Whether the first pass over every part has ended. */
  public boolean firstPassDone() {
    return initialLoadDone;
  }

  /** Stored and decompressed bytes of the compressed parts read so far: their ratio. */
  private long compressedStored;
  private long compressedDecoded;

  /** Stored bytes of the plain and of the compressed parts listed by the first pass. */
  private long plainListed;
  private long compressedListed;

  /**
   * Spans in what is not read yet, roughly: the listed parts' bytes (the compressed ones
   * decompressed at the ratio the compressed parts read so far had, gzip level 1's 14 before any),
   * less the bytes read, at the bytes a span the spans read so far took.
   */
  private long unreadSpansEstimate() {
    double ratio = compressedStored > 0 ? (double) compressedDecoded / compressedStored : 14;
    long spans = summary.read(v -> v.spans());
    double bytesPerSpan = spans > 0 ? (double) traceIngest.bytes() / spans : 600;
    double unread = plainListed + compressedListed * ratio - traceIngest.bytes();
    return (long) (Math.max(0, unread) / Math.max(1, bytesPerSpan));
  }

  private void partDone(Part part) {
    Progress p = progress;
    progress = new Progress(traceIngest.memoryFull() ? "summarising older parts" : "reading the newest spans",
        p.partsDone() + 1, p.partsTotal(), p.storedBytesDone() + FileFacts.sizeOrZero(part.path()), p.storedBytesTotal());
  }

  /** The follower opens the part being written (at start, and after each rotation). */
  private SourceFile openLivePart(RunSource run, Path path) throws IOException {
    Part part = new Part(path.toAbsolutePath().normalize(), Part.LIVE, PlainCodec.INSTANCE, "", null);
    long fingerprint;
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      fingerprint = Fingerprints.of(channel, PlainCodec.INSTANCE, false);
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
      state.identify(Fingerprints.of(old.channel(), PlainCodec.INSTANCE, true));
    }
    summary.liveRotated(traceIngest.nextPart());
    closedParts.finish(run, state);
    run.lastRelist = 0; // learn its new name at once
  }


  /**
   * Lists the folder again: parts renamed or compressed are followed to their new name, parts never
   * seen are read, and parts gone are reported (their summaries stay).
   */
  private void lookForNewParts(RunSource run) throws IOException {
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
      Progress p = progress;
      progress = new Progress(p.phase(), p.partsDone() + 1, p.partsTotal() + 1,
          p.storedBytesDone() + FileFacts.sizeOrZero(part.path()), p.storedBytesTotal() + FileFacts.sizeOrZero(part.path()));
    }
    for (PartState state : parts.all()) {
      Part part = state.part();
      if (!part.live() && part.path().getParent().equals(run.traceFile().getParent())
          && !present.contains(part.path()) && state.problem() == null) {
        state.problem("deleted while the viewer ran: its summary is kept, its spans can no longer be loaded");
      }
    }
  }

  public boolean initialLoadDone() {
    return initialLoadDone;
  }

  public long initialLoadMillis() {
    return initialLoadMillis;
  }

  /** Decompressed bytes of trace lines read so far, over every part. */
  public long bytesRead() {
    return traceIngest.bytes();
  }

  public Progress progress() {
    return progress;
  }

  public String lastError() {
    return lastError;
  }

  public TraceIngest traceIngest() {
    return traceIngest;
  }

  /** Every step of the run, summarised. */
  public RunSummary summary() {
    return summary;
  }

  /** The parts read so far and their segments. */
  public IngestedParts parts() {
    return parts;
  }

  public ReadSettings settings() {
    return settings;
  }

  /** Why summaries are not cached beside a run, or null. */
  public String cacheProblem() {
    for (RunSource run : runs) {
      if (run.cache.problem() != null) {
        return run.cache.problem();
      }
    }
    return null;
  }

  /** Where the first run's summaries are cached. */
  public Path cacheDir() {
    return runs.isEmpty() ? settings.cacheDir() : runs.get(0).cache.dir();
  }

  /** The trace files of the runs read (the part being written of each). */
  public List<Path> traceFiles() {
    return runs.stream().map(RunSource::traceFile).toList();
  }

  /** Loads segments the in-memory index does not hold, on demand. */
  public SegmentLoader loader() {
    return loader;
  }

  /** What the HTTP threads tell about requests, so the full pass can wait for the first view. */
  public FirstViewHold firstView() {
    return firstView;
  }

  /** The attempt records of the run folders read (none for a file outside a run folder). */
  public AttemptRecords attemptRecords() {
    return attemptRecords;
  }

  public LiveSpans liveSpans() {
    return liveSpans;
  }

  public SourceFiles sources() {
    return sources;
  }

  /** The first run's trace file. */
  public Path traceFile() {
    return runs.isEmpty() ? RunFolders.traceFileOf(roots.get(0)) : runs.get(0).traceFile();
  }

  /** The first run's live file, or null. */
  public Path liveFile() {
    return runs.isEmpty() || runs.get(0).live == null ? null : runs.get(0).live.path();
  }

  @Override
  public void close() {
    // No interrupt: an interrupt closes the FileChannels the thread is reading (and that span
    // details are read from); waking it and letting it see the flag is enough.
    running = false;
    firstView.release();
    wakeUp();
    try {
      thread.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    parsers.shutdownNow();
    sources.close();
    liveSources.close();
  }
}
