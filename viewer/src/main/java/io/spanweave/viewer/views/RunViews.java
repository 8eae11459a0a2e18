package io.spanweave.viewer.views;

import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.ingest.RunRecords;
import io.spanweave.viewer.ingest.SegmentLoader;
import io.spanweave.viewer.json.FacetsAnswer;
import io.spanweave.viewer.json.RunsAnswer;
import io.spanweave.viewer.json.SamplesAnswer;
import io.spanweave.viewer.json.StagesAnswer;
import io.spanweave.viewer.json.StepsAnswer;
import io.spanweave.viewer.json.TimelineAnswer;
import io.spanweave.viewer.query.AllStepsAnswers;
import io.spanweave.viewer.query.IndexAggregates;
import io.spanweave.viewer.query.RunFilter;
import io.spanweave.viewer.query.SampleExport;
import io.spanweave.viewer.query.StepSelector;
import java.util.List;
import java.util.Optional;

/**
 * Routes each question to the spans that answer it. While every span read is in the in-memory
 * index, that index answers everything, as for a small file. Once the run outgrows it (the index
 * keeps the newest spans):
 *
 * <ul>
 *   <li>questions over every step (steps, timeline, stage table of all steps, runs, facets) are
 *       answered from the summaries (either way through one {@code query.RunAggregate}, see {@link
 *       AllStepsAnswers});
 *   <li>a step, trace or sample is answered from the in-memory index when all the segments holding
 *       it are there, else from the spans the {@link SpanSource} loads on demand (a bounded cache
 *       keeps the last few windows);
 *   <li>lists over all steps (samples and traces of "all steps", search) cover the spans in memory,
 *       the newest; the status says which steps those are.
 * </ul>
 */
public final class RunViews {
  private final RunRecords records;
  private final Window head;
  private final WindowCache windows;
  private final SummaryAggregates summaries;

  /** The answers over every step from the in-memory index, and from the summaries. */
  private final AllStepsAnswers inMemory;

  private final AllStepsAnswers summarised;

  /** Where the spans come from: files, or a backend. */
  private final SpanSource source;

  /**
   * @param index the in-memory index of the newest spans
   * @param records the summaries, live spans and attempt records the ingest loop keeps
   * @param source where the spans the index does not hold are loaded from
   */
  public RunViews(SpanIndex index, RunRecords records, SpanSource source) {
    this.source = source;
    this.records = records;
    this.head = new Window(index, records.sources(), records.liveSpans(), List.of(), false);
    this.windows = new WindowCache(Math.max(50_000, records.maxSpansInMemory() / 4));
    this.summaries = new SummaryAggregates(records.summary(), records.liveSpans());
    this.inMemory = new AllStepsAnswers(new IndexAggregates(index, records.liveSpans()));
    this.summarised = new AllStepsAnswers(summaries);
  }

  /** Whether every span read so far is in the in-memory index. */
  public boolean everythingInMemory() {
    return source.everythingInMemory();
  }

  /** The in-memory index of the newest spans (everything, while it fits). */
  public Window head() {
    return head;
  }

  // ------------------------------------------------------------------ over every step

  /**
   * The answers over every step: from the in-memory index while it holds every span, else the
   * summaries.
   */
  private AllStepsAnswers allSteps() {
    return everythingInMemory() ? inMemory : summarised;
  }

  public StepsAnswer steps(RunFilter runs) {
    return allSteps().steps(runs);
  }

  public TimelineAnswer timeline(RunFilter runs, String metric) {
    return allSteps().timeline(runs, metric);
  }

  /** Every run, with its attempts completed from the run folders' records and live.jsonl. */
  public RunsAnswer runs() {
    return RunAttempts.complete(allSteps().runs(), records.attempts(), records.liveSpans());
  }

  public FacetsAnswer facets() {
    return allSteps().facets();
  }

  // ------------------------------------------------------------------ one step

  /**
   * A step asked while the first pass has not read the parts that hold it (those are read now), or,
   * from a backend, a step whose traces are not all in memory (fetched now).
   */
  private boolean unread(StepSelector steps) {
    return steps.mode() == StepSelector.Mode.ONE && source.stepUnread(steps.step());
  }

  public StagesAnswer stages(RunFilter runs, StepSelector steps) {
    if (unread(steps)) {
      return forStep(steps).rollout().stages(runs, steps);
    }
    if (steps.mode() == StepSelector.Mode.ALL) {
      return allSteps().stagesOfAllSteps(runs);
    }
    if (everythingInMemory()) {
      return head.rollout().stages(runs, steps);
    }
    StepSelector one = resolve(runs, steps);
    StagesAnswer answer = forStep(one).rollout().stages(runs, one);
    return steps.mode() == StepSelector.Mode.LATEST
        ? new StagesAnswer(one.step(), answer.stages())
        : answer;
  }

  public SamplesAnswer samples(
      RunFilter runs,
      StepSelector steps,
      String status,
      String sort,
      boolean descending,
      int limit,
      int offset) {
    if (unread(steps)) {
      return forStep(steps).rollout().samples(runs, steps, status, sort, descending, limit, offset);
    }
    if (everythingInMemory() || steps.mode() == StepSelector.Mode.ALL) {
      return head.rollout().samples(runs, steps, status, sort, descending, limit, offset);
    }
    StepSelector one = resolve(runs, steps);
    SamplesAnswer a =
        forStep(one).rollout().samples(runs, one, status, sort, descending, limit, offset);
    return steps.mode() == StepSelector.Mode.LATEST
        ? new SamplesAnswer(one.step(), a.total(), a.offset(), a.limit(), a.stages(), a.samples())
        : a;
  }

  public SampleExport exportSamples(
      RunFilter runs, StepSelector steps, String status, String sort, boolean descending) {
    if (unread(steps)) {
      return forStep(steps).rollout().exportSamples(runs, steps, status, sort, descending);
    }
    if (everythingInMemory() || steps.mode() == StepSelector.Mode.ALL) {
      return head.rollout().exportSamples(runs, steps, status, sort, descending);
    }
    StepSelector one = resolve(runs, steps);
    SampleExport e = forStep(one).rollout().exportSamples(runs, one, status, sort, descending);
    return steps.mode() == StepSelector.Mode.LATEST
        ? new SampleExport(one.step(), e.stages(), e.samples())
        : e;
  }

  /** The window of the traces list: one step's when a step is asked, else the newest spans. */
  public Window forTraceList(RunFilter runs, StepSelector steps) {
    if (unread(steps)) {
      return forStep(steps);
    }
    if (everythingInMemory() || steps.mode() == StepSelector.Mode.ALL) {
      return head;
    }
    return forStep(resolve(runs, steps));
  }

  /** "latest" as the step number of the newest step of the runs shown (from the summaries). */
  private StepSelector resolve(RunFilter runs, StepSelector steps) {
    if (steps.mode() != StepSelector.Mode.LATEST) {
      return steps;
    }
    int latest = summaries.latestStep(runs);
    return latest == SpanIndex.NO_STEP ? steps : new StepSelector(StepSelector.Mode.ONE, latest);
  }

  private Window forStep(StepSelector one) {
    return one.mode() != StepSelector.Mode.ONE ? head : window(source.step(one.step()));
  }

  // ------------------------------------------------------------------ one trace, one sample

  /** The window that holds every span of the trace. */
  public Window forTrace(String traceHex) {
    return everythingInMemory() ? head : window(source.trace(traceHex));
  }

  /**
   * The window that holds every span naming the sample, in the run asked or (none asked) any run.
   */
  public Window forSample(RunFilter runs, String sampleId) {
    return everythingInMemory() ? head : window(source.sample(runs, sampleId));
  }

  /**
   * The in-memory index when nothing is to be loaded, else a window of what is (cached by its key).
   */
  private Window window(Optional<SpanSource.Load> load) {
    return load.map(
            l ->
                windows.get(
                    l.key(),
                    () -> {
                      SegmentLoader.Loaded loaded = l.load().get();
                      for (String problem : loaded.problems()) {
                        noteProblem(problem);
                      }
                      return new Window(
                          loaded.index(),
                          loaded.sources(),
                          records.liveSpans(),
                          loaded.problems(),
                          true);
                    }))
        .orElse(head);
  }

  /** What loading on demand could not read lately (newest last, at most {@value #MAX_PROBLEMS}). */
  private final java.util.Deque<String> problems = new java.util.ArrayDeque<>();

  private static final int MAX_PROBLEMS = 20;

  private void noteProblem(String problem) {
    synchronized (problems) {
      problems.remove(problem);
      problems.addLast(problem);
      while (problems.size() > MAX_PROBLEMS) {
        problems.removeFirst();
      }
    }
  }

  /**
   * What loading spans on demand could not read lately: a part deleted or damaged since it was
   * summarised.
   */
  public List<String> loadProblems() {
    synchronized (problems) {
      return List.copyOf(problems);
    }
  }

  /**
   * The newest steps all of whose segments are in the in-memory index, ascending and without a gap
   * (what lists over "all steps" cover once the run outgrew memory).
   */
  public List<Integer> stepsInMemory() {
    return source.stepsInMemory();
  }

  /** Windows loaded on demand held now, their spans, and loads so far. */
  public WindowStats windowStats() {
    return new WindowStats(windows.size(), windows.spans(), windows.loads());
  }

  /** What the cache of windows loaded on demand holds. */
  public record WindowStats(int windows, long spans, long loads) {}
}
