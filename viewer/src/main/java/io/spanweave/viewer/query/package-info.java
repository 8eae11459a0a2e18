/**
 * The answers of the viewer's JSON API over the in-memory index: steps, stages, samples, call
 * chains, LLM figures, traces, span trees, waterfalls and search, filtered by run and service, and
 * the comparison of two runs. Reads {@code index} (through {@code views}, which picks the index or
 * the summaries), writes the records of {@code json} that {@code http} sends.
 */
package io.spanweave.viewer.query;
