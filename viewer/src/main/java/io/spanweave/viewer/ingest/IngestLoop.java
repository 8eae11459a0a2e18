package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.summary.RunSummary;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.json.FilesRead;
import io.spanweave.viewer.json.GuardrailStatus;
import io.spanweave.viewer.json.LineCounts;
import io.spanweave.viewer.json.LiveStatus;
import io.spanweave.viewer.json.LoadStatus;
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
 * progress {@link ReadProgress}'s); this class wires them up, runs the turns, and answers what the
 * HTTP side reads: the parts of the status, and, read-only, the segments read ({@link
 * SegmentsRead}) and the run's records ({@link RunRecords}) for the views.
 */
public final class IngestLoop implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(IngestLoop.class.getName());

  private final Duration interval;
  private final IngestedParts parts = new IngestedParts();
  private final RunSummary summary = new RunSummary();
  private final RunSummaries runSummaries;
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
  private final SegmentsRead segments;
  private final RunRecords records;
  private final Thread thread;
  private final Object wakeUp = new Object();
  private volatile boolean running = true;
  private volatile String lastError;

  /**
   * @param roots what the viewer was given: trace files, run folders, {@code traces/} folders or
   *     output directories of run folders (see {@link RunFolders})
   * @param liveFile the live file to read for every run, or null for each run's own {@code
   *     live.jsonl} beside its trace file
   */
  public IngestLoop(
      SpanIndex index, List<Path> roots, Path liveFile, Duration interval, ReadSettings settings) {
    this.interval = interval;
    this.traceIngest =
        new TraceIngest(
            index,
            parsers,
            firstView,
            summary,
            settings.segmentBytes(),
            settings.maxSpansInMemory());
    ClosedPartReader closedParts =
        new ClosedPartReader(parts, summary, traceIngest, sources, settings);
    this.livePart = new LivePartReader(parts, summary, traceIngest, sources, closedParts);
    this.relisting = new PartRelisting(parts, closedParts, progress);
    UnreadSpansEstimate estimate = new UnreadSpansEstimate(summary, traceIngest);
    this.runSummaries = new RunSummaries(summary, settings.segmentBytes());
    this.firstPass =
        new FirstPass(
            livePart,
            closedParts,
            traceIngest,
            estimate,
            progress,
            parsers,
            runSummaries,
            () -> running);
    this.loader = new SegmentLoader(parsers);
    traceIngest.yieldTo(loader::busy);
    traceIngest.estimateUnreadSpansWith(estimate::spans);
    this.runs = new RunSet(roots, liveFile, settings.cacheDir(), livePart, liveness);
    this.segments = new SegmentsRead(parts, summary, traceIngest, firstPass, loader);
    this.records = new RunRecords(summary, liveness, sources, settings.maxSpansInMemory());
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
    return Executors.newFixedThreadPool(
        Math.max(1, Runtime.getRuntime().availableProcessors()),
        r -> {
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
    try {
      firstPass.startRunSummaries(runs.all());
    } catch (IOException | RuntimeException e) {
      // Read (and reported) by the first pass as usual.
    }
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

  /**
   * After the first pass: appended lines, rotations, parts and run folders that appeared or went
   * away.
   */
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

  /** See {@link UnreadParts#unreadPartsHoldingStep}. */
  static List<Part> unreadPartsHoldingStep(
      List<Part> listed,
      Set<Part> unread,
      java.util.function.ToIntFunction<Part> firstStep,
      int step) {
    return UnreadParts.unreadPartsHoldingStep(listed, unread, firstStep, step);
  }

  /** See {@link UnreadParts#partsHoldingStep}. */
  static List<Part> partsHoldingStep(
      List<Part> parts, java.util.function.ToIntFunction<Part> firstStep, int step) {
    return UnreadParts.partsHoldingStep(parts, firstStep, step);
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

  /**
   * What the runtime's guardrails took out of the first run's spans, or null (part of the status).
   */
  public GuardrailStatus guardrails() {
    return GuardrailReport.besides(runs.traceFile());
  }

  public Progress progress() {
    return progress.current();
  }

  public String lastError() {
    return lastError;
  }

  /** Why summaries are not cached beside a run, or null. */
  public String cacheProblem() {
    return runs.cacheProblem();
  }

  /** Parts known from a summary file (the runtime's or an earlier viewer's) instead of read. */
  public long summariesTaken() {
    return runs.summaryFiles(SummaryCache::loaded);
  }

  /** Parts whose steps came from a run summary. */
  public long runSummaryParts() {
    return runSummaries.partsTaken();
  }

  /** Summary files this viewer built and wrote. */
  public long summariesBuilt() {
    return runs.summaryFiles(SummaryCache::written);
  }

  /** Where the first run's summaries are cached. */
  public Path cacheDir() {
    return runs.cacheDir();
  }

  /** Trace lines read, malformed and invalid (part of the status). */
  public LineCounts lineCounts() {
    return traceIngest.lineCounts();
  }

  /** What live.jsonl tells (part of the status). */
  public LiveStatus liveStatus() {
    return liveness.liveSpans().status();
  }

  /** The segments read and the parts not read yet, for a view of the run's files. */
  public SegmentsRead segments() {
    return segments;
  }

  /** The summaries, live spans, attempt records and span sources the views read. */
  public RunRecords records() {
    return records;
  }

  /**
   * An HTTP request begins; a request for data ({@code data}) holds the full pass back until the
   * first view is answered. Returns whether {@link #requestEnded} must be called (see {@link
   * FirstViewHold}).
   */
  public boolean requestStarted(boolean data) {
    return firstView.started(data);
  }

  /** A request for which {@link #requestStarted} returned true has been answered. */
  public void requestEnded(boolean data) {
    firstView.ended(data);
  }

  /** No view will be asked for (a command that only reads): the full pass need not wait for one. */
  public void noFirstView() {
    firstView.release();
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
