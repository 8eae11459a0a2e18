package io.spanweave.runfiles.internal.summary;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;

/**
 * Every step of a run (or of all runs in a file), merged from the summaries of its segments: per
 * {@link RunKey} and step a {@link StepStats}. It costs a few kilobytes per step and stage, however
 * many spans the run has, and answers the step timeline, the stage table over any range of steps
 * and the run list.
 *
 * <p>A step's traces and samples are counted by hash while its spans may still arrive; the reader
 * {@link #sealUntouchedSince seals} steps that the last parts read did not touch, so the hashes of
 * a long run never pile up. Thread-safe: one writer merges, readers {@link #read} under a lock.
 */
public final class RunSummary {
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final Map<RunKey, NavigableMap<Integer, StepStats>> steps = new HashMap<>();
  private final Map<RunKey, Map<Integer, Long>> touched = new HashMap<>();
  private final Set<String> kinds = new TreeSet<>();
  private long spans;
  private long lines;
  private long malformedLines;
  private volatile long version;

  /**
   * Merges a sealed segment's cells in; {@code pass} is the reader's position, for {@link
   * #sealUntouchedSince}.
   */
  public void add(SegmentSummary segment, long pass) {
    add(segment, pass, false);
  }

  /**
   * Merges a sealed segment's cells in as {@link #add} does, taking their hash sets over where it
   * can: for a segment read from a summary file that the caller {@linkplain SegmentSummary#compact
   * compacts} right after, so that nothing else holds its cells.
   */
  public void addTaking(SegmentSummary segment, long pass) {
    add(segment, pass, true);
  }

  private void add(SegmentSummary segment, long pass, boolean taking) {
    lock.writeLock().lock();
    try {
      segment.forEachCell(
          (run, step, stats) -> {
            StepStats into =
                steps
                    .computeIfAbsent(run, k -> new TreeMap<>())
                    .computeIfAbsent(step, k -> new StepStats());
            if (taking) {
              into.mergeTaking(stats);
            } else {
              into.merge(stats);
            }
            touched.computeIfAbsent(run, k -> new HashMap<>()).merge(step, pass, Math::max);
          });
      kinds.addAll(segment.kinds());
      spans += segment.spans();
      lines += segment.lines();
      malformedLines += segment.malformedLines();
      version++;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Merges one run's step in as a whole (a step of a {@link RunSummaryFile}), taking its hash sets
   * over; an open one counts as touched in {@code pass}.
   */
  public void addStep(RunKey run, int step, StepStats stats, long pass) {
    lock.writeLock().lock();
    try {
      StepStats into = steps.computeIfAbsent(run, k -> new TreeMap<>()).putIfAbsent(step, stats);
      if (into != null) {
        into.mergeTaking(stats);
      }
      if (stats.open()) {
        touched.computeIfAbsent(run, k -> new HashMap<>()).merge(step, pass, Math::max);
      }
      spans += stats.spans();
      version++;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Adds lines and kinds of spans counted elsewhere (a {@link RunSummaryFile}'s), whose spans came
   * in through {@link #addStep}.
   */
  public void addLines(long lines, long malformedLines, java.util.Collection<String> kinds) {
    lock.writeLock().lock();
    try {
      this.lines += lines;
      this.malformedLines += malformedLines;
      this.kinds.addAll(kinds);
      version++;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Removes the sealed steps and hands them to {@code visitor}, in run and step order: for a writer
   * that keeps only the open steps in memory ({@link RunSummaryBuilder}). A step drained and
   * touched again comes back as a new step, and is drained again once sealed.
   */
  public void drainSealed(SegmentSummary.CellVisitor visitor) {
    lock.writeLock().lock();
    try {
      steps.forEach(
          (run, bySteps) ->
              bySteps
                  .entrySet()
                  .removeIf(
                      e -> {
                        if (e.getValue().open()) {
                          return false;
                        }
                        visitor.visit(run, e.getKey(), e.getValue());
                        return true;
                      }));
      version++;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Seals every open step last touched before {@code pass}: its traces and samples are counted,
   * their hashes let go. A span of it read later still adds to its counts, possibly counting a
   * trace split across that boundary twice.
   */
  public void sealUntouchedSince(long pass) {
    lock.writeLock().lock();
    try {
      touched.forEach(
          (run, bySteps) ->
              bySteps
                  .entrySet()
                  .removeIf(
                      e -> {
                        if (e.getValue() < pass) {
                          StepStats stats = steps.get(run).get(e.getKey());
                          stats.seal();
                          return true;
                        }
                        return false;
                      }));
      version++;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /**
   * Puts the statistics of one run's step as a whole (a step fetched from a tracing backend in one
   * query), replacing what the summary held for it.
   */
  public void replace(RunKey run, int step, StepStats stats) {
    lock.writeLock().lock();
    try {
      StepStats before = steps.computeIfAbsent(run, k -> new TreeMap<>()).put(step, stats);
      spans += stats.spans() - (before == null ? 0 : before.spans());
      version++;
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Adds the kinds of spans seen (for the filter menus), outside {@link #add}. */
  public void addKinds(java.util.Collection<String> more) {
    lock.writeLock().lock();
    try {
      kinds.addAll(more);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Pass number of chunks of the part being written: its steps stay open while it is. */
  public static final long LIVE_PASS = Long.MAX_VALUE;

  /**
   * The part being written was rotated away: its steps are now like those of any closed part read
   * in pass {@code pass}, and sealed once two more passes leave them untouched.
   */
  public void liveRotated(long pass) {
    lock.writeLock().lock();
    try {
      touched
          .values()
          .forEach(bySteps -> bySteps.replaceAll((step, p) -> p == LIVE_PASS ? pass : p));
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** Changes with every merge. */
  public long version() {
    return version;
  }

  /** Answers a question under the read lock, from a view that must not escape it. */
  public <T> T read(Function<View, T> question) {
    lock.readLock().lock();
    try {
      return question.apply(new View());
    } finally {
      lock.readLock().unlock();
    }
  }

  /** What a {@link #read} question sees. */
  public final class View {
    private View() {}

    /** Per run key, per step (ascending; {@code Integer.MIN_VALUE} for spans without a step). */
    public Map<RunKey, NavigableMap<Integer, StepStats>> steps() {
      return Collections.unmodifiableMap(steps);
    }

    public Set<String> kinds() {
      return Collections.unmodifiableSet(kinds);
    }

    public long spans() {
      return spans;
    }

    public long lines() {
      return lines;
    }

    public long malformedLines() {
      return malformedLines;
    }
  }
}
