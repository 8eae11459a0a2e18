/**
 * The in-memory index of the spans the viewer has read: column-wise tables of spans, traces,
 * samples, resources, metrics and LLM calls, interned strings and the text-search postings. Spans
 * come in from {@code ingest} as {@link io.spanweave.viewer.index.ParsedSpan}s (OTLP JSON lines
 * parsed here, other formats by {@code formats}), with the facts the index keeps of each, made on
 * the parse threads, which also summarise them per segment for {@code summary} ({@link
 * io.spanweave.viewer.index.SpanSummaries}). {@code query} and {@code views} read the tables to
 * answer requests, {@code http} its counts for the status. One thread writes, many read.
 */
package io.spanweave.viewer.index;
