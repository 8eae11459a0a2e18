/**
 * The conventions every spanweave module shares, in one place and without dependencies: the
 * attribute keys and span names spanweave writes ({@link io.spanweave.conventions.SpanAttributes},
 * {@link io.spanweave.conventions.RolloutAttributes}), the field names of the files the viewer
 * reads ({@link io.spanweave.conventions.TraceFileFields}, {@link
 * io.spanweave.conventions.LiveRecordFields}), what counts as a secret or a payload ({@link
 * io.spanweave.conventions.SensitiveKeys}, {@link io.spanweave.conventions.SecretValues}), which
 * values an attribute may hold ({@link io.spanweave.conventions.AttributeValuePolicy}), and what
 * the run-time guardrails take out of spans nobody compiled ({@link
 * io.spanweave.conventions.ContentPolicy}, {@link io.spanweave.conventions.GuardrailFields}).
 *
 * <p>The lint rules decide at compile time and the runtime at run time with the same lists and the
 * same code, so a key that fails the build is the key the runtime redacts, and no other.
 */
package io.spanweave.conventions;
