/**
 * Two runs side by side: per step (samples, error and timeout rates, a metric), per stage
 * (percentiles, errors, difference and ratio), error types and LLM calls. Runs are read through
 * {@link io.spanweave.viewer.compare.RunFigures}, per-step and per-stage aggregates that the
 * in-memory index or the run summaries fill, so a comparison never holds both runs' spans.
 */
package io.spanweave.viewer.compare;
