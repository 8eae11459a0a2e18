/**
 * Not part of spanweave's API. The runtime's writing side of a run's trace file kept as parts:
 * {@code traces.jsonl} is the part being written, closed at a size into {@code traces-NNNNNN.jsonl}
 * (rotation) and compressed in the background into {@code traces-NNNNNN.jsonl.<codec extension>}
 * (the compressing thread). The names, the codecs and the reader of every part in order are the
 * run's file format, owned by spanweave-run-files ({@link
 * io.spanweave.runfiles.internal.parts.PartNames}), which the viewer reads with too.
 */
package io.spanweave.runtime.internal.parts;
