/**
 * Which spans answer a request: the in-memory index of the newest spans, the spans of some segments
 * loaded on demand (a step, a trace, a sample the newest spans do not hold), or the run's summaries
 * (every step at once). When the whole run fits in memory everything is answered from the in-memory
 * index, exactly as for a small file. Where spans come from is one {@link
 * io.spanweave.viewer.views.SpanSource}: the run's files ({@code ingest}'s parts and segments) or a
 * Zipkin server ({@code ingest.ZipkinRun}, {@code ZipkinSource}). Reads {@code ingest}, {@code
 * index} and {@code summary}; hands {@code http} windows whose {@code query} classes answer.
 */
package io.spanweave.viewer.views;
