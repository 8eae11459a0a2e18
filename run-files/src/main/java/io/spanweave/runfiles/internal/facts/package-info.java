/**
 * The facts-only summariser: summaries of a chunk of OTLP JSON lines read straight from their bytes
 * ({@link io.spanweave.runfiles.internal.facts.FactsScanner}), the same summaries the viewer builds
 * from parsed spans, without making an object per span. It depends on the JDK, {@code conventions}
 * and the {@code summary} classes only: the viewer's first pass uses it, and the runtime summarises
 * the parts it closes with it ({@link io.spanweave.runfiles.internal.facts.PartSummariser}).
 */
package io.spanweave.runfiles.internal.facts;
