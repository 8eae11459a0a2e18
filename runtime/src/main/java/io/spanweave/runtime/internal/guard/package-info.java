/**
 * Not part of spanweave's API. The run-time guardrails ({@link
 * io.spanweave.conventions.ContentPolicy}) where spans reach a run's files: the local collector's
 * writer for spans of other processes, and the run file's encoder for the spans of this one,
 * counted per key in one {@link io.spanweave.runtime.internal.guard.GuardrailReport} per run.
 */
package io.spanweave.runtime.internal.guard;
