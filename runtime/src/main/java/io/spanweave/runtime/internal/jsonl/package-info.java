/**
 * Not part of spanweave's API. Append-only JSON lines files that several writers, in this process
 * and in others, share without tearing lines: {@code traces.jsonl} and {@code live.jsonl} of a run.
 */
package io.spanweave.runtime.internal.jsonl;
