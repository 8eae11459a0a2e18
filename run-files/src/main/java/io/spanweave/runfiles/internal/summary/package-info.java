/**
 * Not part of spanweave's API. The segment summaries of a run's parts and their binary form: per
 * run, step and stage the counts, errors, a duration sketch, error types and metric sums, built
 * once per segment of a part (from the spans the viewer parses today; by the runtime beside the
 * parts it writes later) and written to the summary cache beside the run, whose framing the viewer
 * owns ({@link io.spanweave.runfiles.internal.summary.SummaryFiles}). The viewer's step timelines,
 * stage tables over all steps, run lists and run comparisons read these; span detail is loaded per
 * segment on demand.
 */
package io.spanweave.runfiles.internal.summary;
