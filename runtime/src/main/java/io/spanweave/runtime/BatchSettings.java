package io.spanweave.runtime;

import java.time.Duration;

/**
 * How ended spans wait for export: the queue never blocks the traced code; when it is full, spans
 * are dropped and counted.
 *
 * @param queueSize how many ended spans may wait (and, separately, how many live records)
 * @param batchSize most spans written in one batch, one {@code traces.jsonl} line
 * @param delay longest time an ended span waits before it is written
 * @param timeout longest time one export, a flush or the final flush at close may take
 */
public record BatchSettings(int queueSize, int batchSize, Duration delay, Duration timeout) {
}
