/**
 * What the viewer knows of every step of a run without holding its spans: per run, step and stage
 * the counts, errors, a duration sketch, error types and metric sums, built once per segment of a
 * part and kept in a cache beside the run. Step timelines, stage tables over all steps, run lists
 * and run comparisons read these; span detail is loaded per segment on demand.
 */
package io.spanweave.viewer.summary;
