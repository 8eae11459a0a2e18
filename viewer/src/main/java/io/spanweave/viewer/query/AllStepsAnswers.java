package io.spanweave.viewer.query;

import io.spanweave.viewer.json.FacetsAnswer;
import io.spanweave.viewer.json.RunsAnswer;
import io.spanweave.viewer.json.StagesAnswer;
import io.spanweave.viewer.json.StepsAnswer;
import io.spanweave.viewer.json.TimelineAnswer;
import java.util.function.Supplier;

/**
 * The answers over every step (steps, timeline, stage table of all steps, runs, facets) from one
 * {@link AggregateSource}, built by {@link AggregateAnswers} and kept until the source changes.
 */
public final class AllStepsAnswers {
  private final AggregateSource source;
  private final QueryCache cache = new QueryCache();

  public AllStepsAnswers(AggregateSource source) {
    this.source = source;
  }

  private <T> T cached(String key, Supplier<T> compute) {
    return cache.get(key, source.version(), source.liveVersion(), compute);
  }

  public StepsAnswer steps(RunFilter runs) {
    return cached("steps|" + runs, () -> AggregateAnswers.steps(source.steps(runs)));
  }

  public TimelineAnswer timeline(RunFilter runs, String metric) {
    return cached(
        "timeline|" + runs + "|" + metric,
        () -> AggregateAnswers.timeline(source.timeline(runs, metric)));
  }

  /** The stage table over every step ({@code step=all}). */
  public StagesAnswer stagesOfAllSteps(RunFilter runs) {
    return cached(
        "stages|" + runs, () -> AggregateAnswers.stages("all", source.stagesOfAllSteps(runs)));
  }

  /** Every run of the source (all of them, whatever the command line's run), newest first. */
  public RunsAnswer runs() {
    return cached("runs", () -> AggregateAnswers.runs(source.runs()));
  }

  /** The filter menus; not cached, as the kinds seen may grow without a new version. */
  public FacetsAnswer facets() {
    return AggregateAnswers.facets(source.facets());
  }
}
