/**
 * The answers of the viewer's JSON API over one index of spans (the in-memory index, or a window
 * loaded on demand): stages, samples, call chains, LLM figures, traces, span trees, waterfalls and
 * search, filtered by run and service, and the comparison of two runs. The answers over every step
 * (steps, timeline, runs, facets, the stage table of all steps) read a {@link
 * io.spanweave.viewer.query.RunAggregate} that the index ({@code IndexAggregates}) or the summaries
 * ({@code views.SummaryAggregates}) fill, and are built in one place, {@code AggregateAnswers}.
 * Reads {@code index} and {@code summary} (through {@code views}, which picks the source), the
 * spans in flight and the span files of {@code ingest} (a span's details are read again from its
 * line); writes the records of {@code json} that {@code http} sends.
 */
package io.spanweave.viewer.query;
