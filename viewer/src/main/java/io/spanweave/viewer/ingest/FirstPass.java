package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.viewer.json.LoadStatus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;

/**
 * The first pass over runs: the parts being written newest block first (the latest step shows after
 * their first blocks), while each run's run summary is read on the parse threads; then the run
 * summaries and the summaries of the closed parts that have a matching summary file (so the answers
 * over every step are complete at once; a run with no part being written reads its newest closed
 * part into the index right after its summary); then the closed parts from the newest back, of all
 * runs by modification time. The newest spans go into the in-memory index until it is full; every
 * span not summarised yet goes into the summaries. Runs the viewer started with are read so once;
 * run folders that appear later get the same pass when they are found.
 *
 * <p>Read by the ingest thread; {@link #done}, {@link #status} and {@link #unreadPartsWithStep}
 * answer any thread.
 */
final class FirstPass {
  private final LivePartReader livePart;
  private final ClosedPartReader closedParts;
  private final SummariesFirst summariesFirst;
  private final TraceIngest traceIngest;
  private final UnreadSpansEstimate estimate;
  private final ReadProgress progress;

  /** False once the viewer closes: the pass stops between parts. */
  private final BooleanSupplier running;

  private final UnreadParts unread = new UnreadParts();
  private volatile boolean done;
  private volatile long millis = -1;

  FirstPass(
      LivePartReader livePart,
      ClosedPartReader closedParts,
      TraceIngest traceIngest,
      UnreadSpansEstimate estimate,
      ReadProgress progress,
      ExecutorService readers,
      RunSummaries runSummaries,
      BooleanSupplier running) {
    this.livePart = livePart;
    this.closedParts = closedParts;
    this.summariesFirst = new SummariesFirst(closedParts, traceIngest, readers, runSummaries);
    this.traceIngest = traceIngest;
    this.estimate = estimate;
    this.progress = progress;
    this.running = running;
  }

  /**
   * The first pass over the runs the viewer started with; once it ends, new spans may use the room
   * it left in memory. {@code startedNanos}: when the viewer started reading.
   */
  void readAll(List<RunSource> runs, long startedNanos) throws IOException {
    if (read(runs)) {
      traceIngest.following();
      done = true;
      millis = (System.nanoTime() - startedNanos) / 1_000_000;
    }
  }

  /** Whether the first pass over every part the viewer started with has ended. */
  boolean done() {
    return done;
  }

  /** Milliseconds the first pass took, or -1 while it runs. */
  long millis() {
    return millis;
  }

  /** Whether the first pass still runs, and how long it took. */
  LoadStatus status() {
    return new LoadStatus(!done, millis);
  }

  /**
   * The closed parts the first pass has not read yet that may hold spans of {@code step} (see
   * {@link UnreadParts#withStep}).
   */
  List<Part> unreadPartsWithStep(int step) {
    return unread.withStep(step);
  }

  /**
   * Starts reading the run summaries of the runs on the parse threads, before the ingest thread
   * does anything else (its first look at the runs' attempt records loads the JSON library, a few
   * tenths of a second cold): {@link #read} takes them.
   */
  void startRunSummaries(List<RunSource> runs) throws IOException {
    List<Listed> closed = new ArrayList<>();
    for (RunSource run : runs) {
      for (Part p : run.catalog.list()) {
        if (!p.live()) {
          closed.add(new Listed(run, p, 0));
        }
      }
    }
    summariesFirst.readRunSummaries(closed);
  }

  /** A part the first pass listed, of its run, with its modification time. */
  record Listed(RunSource run, Part part, long modified) {}

  /** The first pass over some runs. Returns false when the viewer closed before it ended. */
  boolean read(List<RunSource> runs) throws IOException {
    List<Listed> live = new ArrayList<>();
    List<Listed> closed = new ArrayList<>();
    long storedTotal = 0;
    for (RunSource run : runs) {
      run.lastRelist = System.nanoTime();
      for (Part p : run.catalog.list()) {
        storedTotal += FileFacts.sizeOrZero(p.path());
        estimate.listed(p);
        (p.live() ? live : closed).add(new Listed(run, p, FileFacts.modifiedMillis(p.path())));
      }
    }
    for (Listed l : closed) {
      unread.listedClosed(l.part()); // askable from now on, before the parts being written are read
    }
    for (Listed l : live) {
      unread.listedLive(l.part());
    }
    progress.listed(live.size() + closed.size(), storedTotal);
    // The newest run first (by its newest file), each run's parts from the highest sequence down: a
    // part's modification time says when it was last written, not where it stands (a part
    // repaired or copied later is not newer). Runs whose trace file does not exist yet are
    // followed from when it appears.
    Map<RunSource, Long> newest = new HashMap<>();
    for (Listed l : closed) {
      newest.merge(l.run(), l.modified(), Math::max);
    }
    for (Listed l : live) {
      newest.merge(l.run(), l.modified(), Math::max);
    }
    closed.sort(
        Comparator.comparingLong((Listed l) -> -newest.get(l.run()))
            .thenComparing(l -> System.identityHashCode(l.run()))
            .thenComparing(l -> -l.part().sequence()));
    live.sort(Comparator.comparingLong(Listed::modified).reversed());
    summariesFirst.readRunSummaries(closed);
    for (Listed l : live) {
      livePart.poll(l.run());
      progress.partDone(l.part(), traceIngest.memoryFull());
    }
    // Then the summaries: every closed part whose summary file matches it (the runtime writes one
    // as it closes a part) is known at once, so the answers over every step are whole before a
    // line of the closed parts is read; their spans go into the index afterwards.
    Set<RunSource> withLivePart = new HashSet<>();
    for (Listed l : live) {
      withLivePart.add(l.run());
    }
    // A run with no part being written (closed by its runtime) has its latest step in its newest
    // closed part: that part goes into the index right after its summary, before the others'.
    Set<PartState> inIndex = new HashSet<>();
    Map<Part, PartState> summarised =
        summariesFirst.take(
            closed,
            withLivePart,
            running,
            state -> {
              estimate.summaryTaken(state.part(), state.decodedBytes());
              unread.read(state.part());
              progress.partDone(state.part(), false);
              if (live.isEmpty() && inIndex.isEmpty() && !traceIngest.memoryFull()) {
                closedParts.readIntoIndex(state);
                inIndex.add(state);
              }
            });
    for (Listed l : closed) {
      if (!running.getAsBoolean()) {
        return false;
      }
      PartState known = summarised.get(l.part());
      if (known != null) {
        if (!traceIngest.memoryFull() && !inIndex.contains(known)) {
          closedParts.readIntoIndex(known);
        }
        continue;
      }
      long decodedBefore = traceIngest.bytes();
      closedParts.read(l.run(), l.part());
      estimate.read(l.part(), traceIngest.bytes() - decodedBefore);
      unread.read(l.part());
      progress.partDone(l.part(), traceIngest.memoryFull());
    }
    return true;
  }
}
