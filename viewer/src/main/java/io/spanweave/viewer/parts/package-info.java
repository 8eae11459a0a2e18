/**
 * A run's trace file in parts: the part being written ({@code traces.jsonl}, plain, appended), the
 * closed parts rotated away from it ({@code traces-NNNNNN.jsonl}, compressed in the background to
 * {@code traces-NNNNNN.jsonl.<codec extension>}), and the codecs that read them. This package knows
 * the layout only as a convention shared with the writer, never through the runtime's classes.
 */
package io.spanweave.viewer.parts;
