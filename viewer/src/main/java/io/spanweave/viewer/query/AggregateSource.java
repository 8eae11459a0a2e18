package io.spanweave.viewer.query;

/**
 * Where the answers over every step get their figures: the in-memory index ({@link
 * IndexAggregates}) or the run's summaries ({@code views.SummaryAggregates}). Each method fills the
 * part of a {@link RunAggregate} that one answer of {@link AggregateAnswers} reads.
 */
public interface AggregateSource {
  /** Moves on whenever the figures may have changed (answers are cached until then). */
  long version();

  /** Moves on whenever the spans in flight change. */
  long liveVersion();

  /** Per step of the runs shown: traces, failed traces, samples; and the traces of no step. */
  RunAggregate steps(RunFilter runs);

  /**
   * Per step of the runs shown: traces, failed traces and the values of {@code metric} (null: the
   * default one, see {@link RunAggregate#chooseMetric}); every metric key recorded.
   */
  RunAggregate timeline(RunFilter runs, String metric);

  /** Per stage of the runs shown, over every step: its figures and its spans in flight. */
  RunAggregate stagesOfAllSteps(RunFilter runs);

  /** Every run, whatever the filter: its totals and attempts. */
  RunAggregate runs();

  /** The kinds of spans and the (service, run) pairs seen. */
  RunAggregate facets();
}
