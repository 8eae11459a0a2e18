/**
 * Not part of spanweave's API. A run's trace file kept as parts: {@code traces.jsonl} is the part
 * being written, closed parts are {@code traces-NNNNNN.jsonl} and, once compressed in the
 * background, {@code traces-NNNNNN.jsonl.<codec extension>}. Names ({@link
 * io.spanweave.runtime.internal.parts.PartNames}), codecs, rotation, the compressing thread and the
 * reader of every part in order.
 */
package io.spanweave.runtime.internal.parts;
