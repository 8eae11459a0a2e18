/**
 * Where the viewer's spans come from and how they get into the index: a run's folder (its parts
 * in order, the part being written followed as it grows, {@code live.jsonl} for spans in flight),
 * a single OTLP JSON lines file, or a tracing backend's query API (Zipkin). Lines are cut into
 * chunks, parsed on a small pool and appended to {@code index} in file order; closed parts are
 * summarised per segment ({@code summary}) and the summaries cached beside the run, so that steps
 * the in-memory index no longer holds are loaded on demand.
 */
package io.spanweave.viewer.ingest;
