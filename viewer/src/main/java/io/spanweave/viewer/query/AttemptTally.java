package io.spanweave.viewer.query;

import io.spanweave.viewer.json.RunsAnswer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What each attempt of each run recorded: its spans, samples, steps and time range, added up from
 * the in-memory index ({@link IndexAggregates}) or from the summaries' cells. {@link #rows} gives
 * the {@code /api/runs} rows with what the spans tell; the run folder's records add the rest
 * ({@code views.RunAttempts}).
 */
public final class AttemptTally {
  private static final class Figures {
    final TreeSet<Integer> steps = new TreeSet<>();
    long spans;
    long samples;
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
  }

  private final Map<String, TreeMap<Integer, Figures>> byRun = new HashMap<>();

  private Figures of(String run, int attempt) {
    return byRun
        .computeIfAbsent(run, r -> new TreeMap<>())
        .computeIfAbsent(Math.max(1, attempt), a -> new Figures());
  }

  /**
   * Spans of attempt {@code attempt} of {@code run}, of {@code step} ({@code noStep}: none), from
   * start to end.
   */
  public void addSpans(
      String run, int attempt, int step, boolean noStep, long spans, long start, long end) {
    Figures f = of(run, attempt);
    f.spans += spans;
    if (!noStep) {
      f.steps.add(step);
    }
    f.start = Math.min(f.start, start);
    f.end = Math.max(f.end, end);
  }

  public void addSamples(String run, int attempt, long samples) {
    of(run, attempt).samples += samples;
  }

  /** The attempts of {@code run}, by number, with what their spans tell (no state, pid or host). */
  public List<RunsAnswer.Attempt> rows(String run) {
    TreeMap<Integer, Figures> attempts = byRun.getOrDefault(run, new TreeMap<>());
    List<RunsAnswer.Attempt> rows = new ArrayList<>();
    attempts.forEach(
        (attempt, f) -> {
          TreeSet<Integer> later = new TreeSet<>();
          attempts.tailMap(attempt, false).values().forEach(next -> later.addAll(next.steps));
          List<Integer> redone = f.steps.stream().filter(later::contains).toList();
          boolean timed = f.start != Long.MAX_VALUE;
          rows.add(
              new RunsAnswer.Attempt(
                  attempt,
                  null,
                  timed ? Long.toString(f.start) : null,
                  timed ? Long.toString(f.end) : null,
                  f.steps.isEmpty() ? null : f.steps.first(),
                  f.steps.isEmpty() ? null : f.steps.last(),
                  attempt > 1 && !f.steps.isEmpty() ? (long) f.steps.first() : null,
                  redone,
                  f.spans,
                  f.samples,
                  null,
                  null));
        });
    return rows;
  }
}
