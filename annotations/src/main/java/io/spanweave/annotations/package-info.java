/**
 * The annotations users put on their pipeline: {@link io.spanweave.annotations.Traced}, {@link
 * io.spanweave.annotations.TraceAttribute}, {@link io.spanweave.annotations.TraceBoundary} and the
 * meta-annotation {@link io.spanweave.annotations.TraceAdvice}. They are read at compile time by
 * {@code spanweave-processor} and are not retained at run time.
 */
package io.spanweave.annotations;
