/**
 * The facts-only first pass: summaries of a chunk of OTLP JSON lines read straight from its bytes
 * ({@link io.spanweave.viewer.facts.FactsScanner}), the same summaries {@code ingest} builds from
 * parsed spans, without making an object per span. It depends on the JDK, {@code conventions} and
 * the {@code summary} classes only, so it can move with them to a module the runtime uses.
 */
package io.spanweave.viewer.facts;
