/**
 * Span formats besides OTLP JSON: a tracing backend's JSON (Zipkin's API v2, Jaeger's query API)
 * read into the same {@link io.spanweave.viewer.index.ParsedSpan}s, and the per-line choice among
 * them, so one trace file may hold lines of each.
 */
package io.spanweave.viewer.formats;
