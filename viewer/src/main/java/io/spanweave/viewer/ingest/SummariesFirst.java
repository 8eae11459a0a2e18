package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.summary.RunSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;

/**
 * The step of the first pass after the parts being written: every closed part whose summary file
 * matches it is known from that file before a line of it is read, so the answers over every step
 * (steps, timeline, stage table of all steps) are whole at once. The runtime writes each part's
 * summary as it closes the part, so a finished run opens from its summaries; parts without one
 * (left plain, cut short, written by another tool) are read afterwards as before. The files are
 * read and decoded on the parse threads, a few parts ahead, and merged in the order of the parts.
 *
 * <p>A run the runtime closed has a {@link RunSummaries run summary}: read on the parse threads
 * from the first pass's start and taken first when it matches the stored parts, it holds every step
 * of the parts it covers, whose own files then give only their segments (their cells are skipped
 * unread).
 *
 * <p>A step's traces are counted by hash until the step is sealed. A summarised part next to a part
 * read later (the part being written, or a closed part without a summary) may share a step with it,
 * so its steps are merged in {@link RunSummary#LIVE_PASS} and stay open: a trace split across the
 * two parts then counts once, as when both are read.
 *
 * <p>Used by the ingest thread only.
 */
final class SummariesFirst {
  /** Summary files read ahead of the merging: enough to keep the parse threads busy. */
  private static final int READ_AHEAD = 8;

  private final ClosedPartReader closedParts;
  private final TraceIngest traceIngest;
  private final ExecutorService readers;
  private final RunSummaries runSummaries;
  private final Map<RunSource, RunSummaries.Reading> runSummariesRead = new HashMap<>();

  /** The parts whose steps came from a run summary: of their own files only the segments. */
  private final Set<Path> covered = new HashSet<>();

  SummariesFirst(
      ClosedPartReader closedParts,
      TraceIngest traceIngest,
      ExecutorService readers,
      RunSummaries runSummaries) {
    this.closedParts = closedParts;
    this.traceIngest = traceIngest;
    this.readers = readers;
    this.runSummaries = runSummaries;
  }

  /**
   * Starts reading the run summary of each run not started yet (on the parse threads, while the
   * first pass starts and reads the parts being written): {@link #take} takes those that match
   * before any part's summary.
   */
  void readRunSummaries(List<FirstPass.Listed> closed) {
    Map<RunSource, List<Part>> byRun = new HashMap<>();
    for (FirstPass.Listed l : closed) {
      byRun.computeIfAbsent(l.run(), r -> new ArrayList<>()).add(l.part());
    }
    byRun.forEach(
        (run, parts) -> {
          if (!runSummariesRead.containsKey(run)) {
            RunSummaries.Reading reading = runSummaries.read(run, parts, readers);
            if (reading != null) {
              runSummariesRead.put(run, reading);
            }
          }
        });
  }

  /**
   * Takes the summaries of the closed parts that have a matching one.
   *
   * @param closed the closed parts, in the order the first pass reads them (each run's from the
   *     highest sequence down)
   * @param withLivePart the runs that have a part being written
   * @param taken told of each part as its summary is taken
   * @return the states of the parts taken, by part; empty when the viewer closed meanwhile
   */
  Map<Part, PartState> take(
      List<FirstPass.Listed> closed,
      Set<RunSource> withLivePart,
      BooleanSupplier running,
      Taken taken)
      throws IOException {
    for (RunSummaries.Reading reading : runSummariesRead.values()) {
      RunSummaries.Match match = matched(reading);
      if (match != null) {
        runSummaries.take(match);
        covered.addAll(match.covered());
      }
    }
    runSummariesRead.clear();
    Map<RunSource, Map<Long, Integer>> positions = new HashMap<>();
    for (int k = 0; k < closed.size(); k++) {
      FirstPass.Listed l = closed.get(k);
      positions.computeIfAbsent(l.run(), r -> new HashMap<>()).put(l.part().sequence(), k);
    }
    List<Future<ClosedPartReader.SummaryFile>> files = new ArrayList<>(closed.size());
    Map<Part, PartState> states = new HashMap<>();
    for (int k = 0; k < closed.size(); k++) {
      if (!running.getAsBoolean()) {
        return Map.of();
      }
      FirstPass.Listed l = closed.get(k);
      ClosedPartReader.SummaryFile file = file(closed, files, k);
      if (covered.contains(l.part().path())) {
        // Its steps are in the run summary: only where they are is taken from its own file.
        PartState state =
            file == null
                ? closedParts.coveredWithoutSegments(l.part())
                : closedParts.takeSegments(l.part(), file);
        states.put(l.part(), state);
        taken.accept(state);
        continue;
      }
      if (file == null) {
        continue;
      }
      Map<Long, Integer> run = positions.get(l.run());
      long sequence = l.part().sequence();
      Integer after = run.get(sequence + 1);
      Integer before = run.get(sequence - 1);
      boolean nextReadLater =
          after == null ? withLivePart.contains(l.run()) : file(closed, files, after) == null;
      boolean previousReadLater = before != null && file(closed, files, before) == null;
      long pass =
          nextReadLater || previousReadLater ? RunSummary.LIVE_PASS : traceIngest.nextPart();
      PartState state = closedParts.takeSummary(l.part(), file, pass);
      states.put(l.part(), state);
      taken.accept(state);
    }
    return states;
  }

  /** The summary file of the {@code k}th part (null: none), read on the parse threads. */
  private ClosedPartReader.SummaryFile file(
      List<FirstPass.Listed> closed, List<Future<ClosedPartReader.SummaryFile>> files, int k)
      throws IOException {
    while (files.size() < closed.size() && files.size() <= k + READ_AHEAD) {
      FirstPass.Listed l = closed.get(files.size());
      boolean cells = !covered.contains(l.part().path());
      files.add(readers.submit(() -> closedParts.summaryFile(l.run(), l.part(), cells)));
    }
    return done(files.get(k));
  }

  private RunSummaries.Match matched(RunSummaries.Reading reading) throws IOException {
    try {
      return runSummaries.match(reading);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading a run summary", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("reading a run summary failed", e.getCause());
    }
  }

  /** Told of each part as its summary is taken, on the ingest thread. */
  interface Taken {
    void accept(PartState state) throws IOException;
  }

  /** What a read on the parse threads gave, its failure rethrown here. */
  private static <T> T done(Future<T> read) throws IOException {
    try {
      return read.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading summary files", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException unexpected) {
        throw unexpected;
      }
      throw new IllegalStateException("reading a summary file failed", e.getCause());
    }
  }
}
