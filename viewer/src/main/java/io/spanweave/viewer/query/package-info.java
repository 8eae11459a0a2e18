/**
 * The answers of the viewer's JSON API over the in-memory index: steps, stages, samples, call
 * chains, LLM figures, traces, span trees, waterfalls and search, filtered by run and service, and
 * the comparison of two runs. Reads the {@code index} {@code views} hands it (the newest spans, or
 * segments loaded on demand), the spans in flight and the span files of {@code ingest} (a span's
 * details are read again from its line) and, for comparisons, {@code summary}; writes the records of
 * {@code json} that {@code http} sends.
 */
package io.spanweave.viewer.query;
