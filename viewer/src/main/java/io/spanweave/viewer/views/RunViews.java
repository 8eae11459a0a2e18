package io.spanweave.viewer.views;

import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.ingest.IngestLoop;
import io.spanweave.viewer.ingest.PartState;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.viewer.ingest.SegmentLoader;
import io.spanweave.viewer.ingest.SegmentRef;
import io.spanweave.viewer.ingest.ZipkinRun;
import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.viewer.json.FacetsAnswer;
import io.spanweave.viewer.json.RunsAnswer;
import io.spanweave.viewer.json.SamplesAnswer;
import io.spanweave.viewer.json.StagesAnswer;
import io.spanweave.viewer.json.StepsAnswer;
import io.spanweave.viewer.json.TimelineAnswer;
import io.spanweave.viewer.query.RunFilter;
import io.spanweave.viewer.query.SampleExport;
import io.spanweave.viewer.query.StepSelector;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Routes each question to the spans that answer it. While every span read is in the in-memory
 * index, that index answers everything, as for a small file. Once the run outgrows it (the index
 * keeps the newest spans):
 *
 * <ul>
 *   <li>questions over every step (steps, timeline, stage table of all steps, runs, facets) are
 *       answered from the summaries;
 *   <li>a step, trace or sample is answered from the in-memory index when all the segments holding
 *       it are there, else from those segments loaded on demand (a bounded cache keeps the last
 *       few);
 *   <li>lists over all steps (samples and traces of "all steps", search) cover the spans in
 *       memory, the newest; the status says which steps those are.
 * </ul>
 */
public final class RunViews {
  private final IngestLoop ingest;
  private final Window head;
  private final WindowCache windows;
  private final SummaryAnswers summaries;
  private final SegmentLoader loader;
  /** The Zipkin server the run is read from on demand, or null when it is read from files. */
  private final ZipkinRun backend;

  public RunViews(SpanIndex index, IngestLoop ingest) {
    this(index, ingest, null);
  }

  /** @param backend the Zipkin server the run is read from on demand, or null for files */
  public RunViews(SpanIndex index, IngestLoop ingest, ZipkinRun backend) {
    this.backend = backend;
    this.ingest = ingest;
    this.head = new Window(index, ingest.sources(), ingest.liveSpans(), List.of(), false);
    this.windows = new WindowCache(Math.max(50_000, ingest.settings().maxSpansInMemory() / 4));
    this.summaries = new SummaryAnswers(ingest.summary(), ingest.liveSpans());
    this.loader = ingest.loader();
  }

  /** Whether every span read so far is in the in-memory index. */
  public boolean everythingInMemory() {
    return backend != null ? backend.everythingInMemory() : !ingest.traceIngest().memoryFull();
  }

  /** The in-memory index of the newest spans (everything, while it fits). */
  public Window head() {
    return head;
  }

  // ------------------------------------------------------------------ over every step

  public StepsAnswer steps(RunFilter runs) {
    return everythingInMemory() ? head.rollout().steps(runs) : summaries.steps(runs);
  }

  public TimelineAnswer timeline(RunFilter runs, String metric) {
    return everythingInMemory() ? head.rollout().timeline(runs, metric) : summaries.timeline(runs, metric);
  }

  /** Every run, with its attempts completed from the run folders' records and live.jsonl. */
  public RunsAnswer runs() {
    RunsAnswer runs = everythingInMemory() ? head.rollout().runs() : summaries.runs();
    return RunAttempts.complete(runs, ingest.attemptRecords().all(), ingest.liveSpans());
  }

  public FacetsAnswer facets() {
    return everythingInMemory() ? head.traces().facets() : summaries.facets();
  }

  // ------------------------------------------------------------------ one step

  /**
   * A step asked while the first pass has not read the parts that hold it (those are read now), or,
   * from a backend, a step whose traces are not all in memory (fetched now).
   */
  private boolean unread(StepSelector steps) {
    if (steps.mode() != StepSelector.Mode.ONE) {
      return false;
    }
    if (backend != null) {
      return !backend.stepInMemory(steps.step());
    }
    return !ingest.firstPassDone() && !ingest.unreadPartsWithStep(steps.step()).isEmpty();
  }

  public StagesAnswer stages(RunFilter runs, StepSelector steps) {
    if (unread(steps)) {
      return forStep(steps).rollout().stages(runs, steps);
    }
    if (everythingInMemory()) {
      return head.rollout().stages(runs, steps);
    }
    if (steps.mode() == StepSelector.Mode.ALL) {
      return summaries.stagesOfAllSteps(runs);
    }
    StepSelector one = resolve(runs, steps);
    StagesAnswer answer = forStep(one).rollout().stages(runs, one);
    return steps.mode() == StepSelector.Mode.LATEST ? new StagesAnswer(one.step(), answer.stages()) : answer;
  }

  public SamplesAnswer samples(RunFilter runs, StepSelector steps, String status, String sort, boolean descending,
      int limit, int offset) {
    if (unread(steps)) {
      return forStep(steps).rollout().samples(runs, steps, status, sort, descending, limit, offset);
    }
    if (everythingInMemory() || steps.mode() == StepSelector.Mode.ALL) {
      return head.rollout().samples(runs, steps, status, sort, descending, limit, offset);
    }
    StepSelector one = resolve(runs, steps);
    SamplesAnswer a = forStep(one).rollout().samples(runs, one, status, sort, descending, limit, offset);
    return steps.mode() == StepSelector.Mode.LATEST
        ? new SamplesAnswer(one.step(), a.total(), a.offset(), a.limit(), a.stages(), a.samples()) : a;
  }

  public SampleExport exportSamples(RunFilter runs, StepSelector steps, String status, String sort,
      boolean descending) {
    if (unread(steps)) {
      return forStep(steps).rollout().exportSamples(runs, steps, status, sort, descending);
    }
    if (everythingInMemory() || steps.mode() == StepSelector.Mode.ALL) {
      return head.rollout().exportSamples(runs, steps, status, sort, descending);
    }
    StepSelector one = resolve(runs, steps);
    SampleExport e = forStep(one).rollout().exportSamples(runs, one, status, sort, descending);
    return steps.mode() == StepSelector.Mode.LATEST ? new SampleExport(one.step(), e.stages(), e.samples()) : e;
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
    if (one.mode() != StepSelector.Mode.ONE) {
      return head;
    }
    if (backend != null) {
      int step = one.step();
      if (backend.stepInMemory(step)) {
        return head;
      }
      // The newest steps still grow: their windows are fetched again after each poll.
      Integer latest = backend.latestStep();
      String fresh = latest != null && step >= latest - 1 ? ":" + backend.polls() : "";
      return fetched("zipkin:step:" + step + fresh, () -> backend.step(step));
    }
    List<SegmentRef> known = ingest.parts().withStep(one.step());
    if (!ingest.firstPassDone()) {
      // Summaries are still being built: a step in parts not read yet is read from them now.
      List<Part> unread = ingest.unreadPartsWithStep(one.step());
      if (!unread.isEmpty()) {
        return covering(known, unread, one.step());
      }
    }
    return covering(known);
  }

  // ------------------------------------------------------------------ one trace, one sample

  /** The window that holds every span of the trace. */
  public Window forTrace(String traceHex) {
    if (everythingInMemory()) {
      return head;
    }
    if (backend != null) {
      return fetched("zipkin:trace:" + traceHex + ":" + backend.polls(), () -> backend.trace(traceHex));
    }
    return covering(ingest.parts().withTrace(traceHex));
  }

  /** The window that holds every span naming the sample, in the run asked or (none asked) any run. */
  public Window forSample(RunFilter runs, String sampleId) {
    if (everythingInMemory()) {
      return head;
    }
    if (backend != null) {
      return fetched("zipkin:sample:" + runs.runId() + ":" + sampleId + ":" + backend.polls(),
          () -> backend.sample(runs.runId(), sampleId));
    }
    Set<SegmentRef> refs = new LinkedHashSet<>();
    List<String> runIds = runs.runId() != null ? List.of(runs.runId()) : summaries.runIds();
    for (String run : runIds) {
      refs.addAll(ingest.parts().withSample(run, sampleId));
    }
    return covering(new ArrayList<>(refs));
  }

  /** The in-memory index when it holds all of these segments, else a window of them loaded on demand. */
  private Window covering(List<SegmentRef> refs) {
    return covering(refs, List.of(), null);
  }

  /** The window of some segments and, of some whole parts, their chunks that may hold {@code step} (null: all). */
  private Window covering(List<SegmentRef> refs, List<Part> wholeParts, Integer step) {
    if (refs.isEmpty() && wholeParts.isEmpty()) {
      return head;
    }
    boolean allInMemory = true;
    StringJoiner key = new StringJoiner(",");
    for (SegmentRef r : refs) {
      allInMemory &= r.part().inMemory(r.segment().index());
      // The spans count too: a file read newest block first fills a segment from its end back,
      // so a window loaded before the first pass finished a segment is loaded again after.
      key.add(r.part().id() + ":" + r.segment().index() + ":" + r.segment().end() + ":" + r.segment().spans());
    }
    for (Part part : wholeParts) {
      allInMemory = false;
      key.add(part.path().toString());
    }
    if (!wholeParts.isEmpty() && step != null) {
      key.add("step=" + step); // such a window holds only that step's chunks of the parts
    }
    if (allInMemory) {
      return head;
    }
    return windows.get(key.toString(), () -> {
      SegmentLoader.Loaded loaded = loader.load(refs, wholeParts, step);
      for (String problem : loaded.problems()) {
        noteProblem(problem);
      }
      return new Window(loaded.index(), loaded.sources(), ingest.liveSpans(), loaded.problems(), true);
    });
  }

  /** A window fetched from the backend (cached under {@code key}). */
  private Window fetched(String key, java.util.function.Supplier<SegmentLoader.Loaded> fetch) {
    return windows.get(key, () -> {
      SegmentLoader.Loaded loaded = fetch.get();
      for (String problem : loaded.problems()) {
        noteProblem(problem);
      }
      return new Window(loaded.index(), loaded.sources(), ingest.liveSpans(), loaded.problems(), true);
    });
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

  /** What loading spans on demand could not read lately: a part deleted or damaged since it was summarised. */
  public List<String> loadProblems() {
    synchronized (problems) {
      return List.copyOf(problems);
    }
  }

  /**
   * The newest steps all of whose segments are in the in-memory index, ascending and without a
   * gap (what lists over "all steps" cover once the run outgrew memory).
   */
  public List<Integer> stepsInMemory() {
    if (backend != null) {
      List<Integer> steps = new ArrayList<>();
      Integer latest = backend.latestStep();
      for (int step = latest == null ? -1 : latest; step >= 0 && backend.stepInMemory(step); step--) {
        steps.add(0, step);
      }
      return steps;
    }
    java.util.TreeSet<Integer> in = new java.util.TreeSet<>();
    Set<Integer> out = new java.util.HashSet<>();
    for (PartState part : ingest.parts().all()) {
      for (SegmentSummary s : part.segments()) {
        (part.inMemory(s.index()) ? in : out).addAll(s.steps());
      }
    }
    in.removeAll(out);
    in.remove(SpanIndex.NO_STEP);
    // The newest steps without a gap: what "all steps" lists cover (older steps held by chance, a
    // part read out of order say, are not counted in).
    List<Integer> newest = new ArrayList<>();
    Integer step = in.isEmpty() ? null : in.last();
    while (step != null && in.contains(step)) {
      newest.add(0, step);
      step = step - 1;
    }
    return newest;
  }

  /** Windows loaded on demand held now, their spans, and loads so far. */
  public WindowStats windowStats() {
    return new WindowStats(windows.size(), windows.spans(), windows.loads());
  }

  /** What the cache of windows loaded on demand holds. */
  public record WindowStats(int windows, long spans, long loads) {}
}
