/**
 * Not part of spanweave's API. The span processors and writers of a run: the processors that write
 * {@code traces.jsonl} and {@code live.jsonl} without blocking the traced code, the OTLP JSON
 * encoder, and the wrapper that reports an external exporter's failures. Nothing here reads a
 * {@code TraceConfig}: {@code io.spanweave.runtime} wires these parts together.
 */
package io.spanweave.runtime.internal.export;
