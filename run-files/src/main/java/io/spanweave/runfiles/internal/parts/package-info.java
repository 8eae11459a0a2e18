/**
 * Not part of spanweave's API. A run's trace file kept as parts, as the runtime writes it and every
 * reader finds it: {@code traces.jsonl} is the part being written, closed parts are {@code
 * traces-NNNNNN.jsonl} and, once compressed in the background, {@code traces-NNNNNN.jsonl.<codec
 * extension>} ({@link io.spanweave.runfiles.internal.parts.PartNames}). The runtime's writing side
 * (rotation, the compressing thread) names its files here; the runtime, the viewer and the rollout
 * preset list a run's parts ({@link io.spanweave.runfiles.internal.parts.PartCatalog}), find their
 * codecs ({@link io.spanweave.runfiles.internal.parts.PartCodecs}: gzip with its member index,
 * plain, and codec modules) and read their lines in order ({@link
 * io.spanweave.runfiles.internal.parts.PartReader}).
 */
package io.spanweave.runfiles.internal.parts;
