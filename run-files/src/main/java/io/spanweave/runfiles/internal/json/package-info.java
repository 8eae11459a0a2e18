/**
 * The byte-level JSON cursor shared by the two readers of a run's OTLP/JSON lines: the facts-only
 * summariser in {@code internal.facts} (here and in the runtime) and the viewer's span parser, and
 * the decoding of their strings ({@code JsonStrings}). In: a block of whole lines' bytes; out:
 * positions, checked structure, numbers' extents.
 */
package io.spanweave.runfiles.internal.json;
