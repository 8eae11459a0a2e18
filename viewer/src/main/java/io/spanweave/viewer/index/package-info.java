/**
 * The in-memory index of the spans the viewer has read: column-wise tables of spans, traces,
 * samples, resources, metrics and LLM calls, interned strings and the text-search postings. Spans
 * come in from {@code ingest} (parsed lines, {@link io.spanweave.viewer.index.ParsedSpan} and the facts
 * the index keeps of each, made on the parse threads); {@code query} and
 * {@code views} read the tables to answer requests. One thread writes, many read.
 */
package io.spanweave.viewer.index;
