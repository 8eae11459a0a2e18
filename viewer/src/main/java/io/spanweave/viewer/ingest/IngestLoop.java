package io.spanweave.viewer.ingest;

import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.json.FilesRead;
import io.spanweave.viewer.json.GuardrailStatus;
import io.spanweave.viewer.json.LoadStatus;
import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.summary.RunSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The single background thread that keeps the viewer current, and the order of its work. At every
 * turn it reads the live files and attempt records first ({@link RunLiveness}: small, and they say
 * what is stuck now); then, until it ends, the {@link FirstPass} over the runs' parts (the parts
 * being written newest block first, then the closed parts from the newest back); after it, the
 * parts being written as they grow ({@link LivePartReader}), each run's folder listed again now and
 * then ({@link PartRelisting}) and run folders that appear in the roots ({@link RunSet}), each read
 * by a first pass of its own. A failed turn is said in the status, logged once, and retried at the
 * next poll.
 *
 * <p>Each job is a class of its own (reading one closed part is {@link ClosedPartReader}'s, the
 * progress {@link ReadProgress}'s); this class wires them up, runs the turns, and hands out what
 * the HTTP side reads.
 */
public final class IngestLoop implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(IngestLoop.class.getName());

  private final ReadSettings settings;
  private final Duration interval;
  private final IngestedParts parts = new IngestedParts();
  private final RunSummary summary = new RunSummary();
  private final FirstViewHold firstView = new FirstViewHold();
  private final ReadProgress progress = new ReadProgress();
  private final RunLiveness liveness = new RunLiveness();
  private final SourceFiles sources = new SourceFiles();
  private final ExecutorService parsers = parseThreads();
  private final TraceIngest traceIngest;
  private final SegmentLoader loader;
  private final LivePartReader livePart;
  private final PartRelisting relisting;
  private final FirstPass firstPass;
  private final RunSet runs;
  private final Thread thread;
  private final Object wakeUp = new Object();
  private volatile boolean running = true;
  private volatile String lastError;

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
    this.interval = interval;
    this.traceIngest = new TraceIngest(index, parsers, firstView, summary, settings.segmentBytes(),
        settings.maxSpansInMemory());
    ClosedPartReader closedParts = new ClosedPartReader(parts, summary, traceIngest, sources, settings);
    this.livePart = new LivePartReader(parts, summary, traceIngest, sources, closedParts);
    this.relisting = new PartRelisting(parts, closedParts, progress);
    UnreadSpansEstimate estimate = new UnreadSpansEstimate(summary, traceIngest);
    this.firstPass = new FirstPass(livePart, closedParts, traceIngest, estimate, progress, () -> running);
    this.loader = new SegmentLoader(parsers);
    traceIngest.yieldTo(loader::busy);
    traceIngest.estimateUnreadSpansWith(estimate::spans);
    this.runs = new RunSet(roots, liveFile, settings.cacheDir(), livePart, liveness);
    this.thread = new Thread(this::run, "spanweave-viewer-ingest");
    this.thread.setDaemon(true);
    try {
      runs.addRunsOfRoots();
    } catch (IOException e) {
      // A root that cannot be listed yet: looked at again at every poll.
      lastError = String.valueOf(e.getMessage());
    }
  }

  /** The pool that parses chunks (and summarises them per segment), one thread per core. */
  private static ExecutorService parseThreads() {
    AtomicInteger n = new AtomicInteger();
    return Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()), r -> {
      Thread t = new Thread(r, "spanweave-viewer-parse-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
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
        liveness.poll(runs.all());
        if (!firstPass.done()) {
          firstPass.readAll(runs.all(), started);
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
    for (RunSource run : runs.all()) {
      livePart.poll(run);
      relisting.relistIfDue(run);
    }
    if (runs.rescanDue()) {
      List<RunSource> added = runs.addRunsOfRoots();
      if (!added.isEmpty()) {
        firstPass.read(added);
      }
    }
    progress.following();
  }

  /**
   * The closed parts the first pass has not read yet that may hold spans of {@code step} (see
   * {@link UnreadParts#withStep}).
   */
  public List<Part> unreadPartsWithStep(int step) {
    return firstPass.unreadPartsWithStep(step);
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
    return firstPass.done();
  }

  public boolean initialLoadDone() {
    return firstPass.done();
  }

  public long initialLoadMillis() {
    return firstPass.millis();
  }

  /** Whether the first pass still runs, and how long it took (part of the status). */
  public LoadStatus loadStatus() {
    return firstPass.status();
  }

  /** The first run's files and the bytes read of all parts (part of the status). */
  public FilesRead filesRead() {
    return runs.filesRead(traceIngest.bytes());
  }

  /** What the runtime's guardrails took out of the first run's spans, or null (part of the status). */
  public GuardrailStatus guardrails() {
    return GuardrailReport.besides(runs.traceFile());
  }

  /** Decompressed bytes of trace lines read so far, over every part. */
  public long bytesRead() {
    return traceIngest.bytes();
  }

  public Progress progress() {
    return progress.current();
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
    return runs.cacheProblem();
  }

  /** Where the first run's summaries are cached. */
  public Path cacheDir() {
    return runs.cacheDir();
  }

  /** The trace files of the runs read (the part being written of each). */
  public List<Path> traceFiles() {
    return runs.traceFiles();
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
    return liveness.attemptRecords();
  }

  public LiveSpans liveSpans() {
    return liveness.liveSpans();
  }

  public SourceFiles sources() {
    return sources;
  }

  /** The first run's trace file. */
  public Path traceFile() {
    return runs.traceFile();
  }

  /** The first run's live file, or null. */
  public Path liveFile() {
    return runs.liveFile();
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
    liveness.close();
  }
}
