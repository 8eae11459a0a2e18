package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;
import static io.spanweave.runtime.ConfigChecks.requirePositive;

import java.time.Duration;

/**
 * How ended spans wait for export: when the queue is full, spans are dropped and counted ({@link
 * TraceRuntime#droppedSpans()}) rather than waited for, except while a program starts: in the first
 * 30 s, before the JIT has compiled the export path, a traced thread that finds the queue full
 * waits for the export worker to take a batch (at most 5 s of waiting in all, and never on a worker
 * that takes nothing for half a second). The queue's size bounds the memory either way.
 *
 * <pre>{@code
 * TraceConfig.builder().batch(batch -> batch.withDelay(Duration.ofMillis(200))).build();
 * }</pre>
 *
 * @param queueSize how many ended spans may wait (and, separately, how many live records); default
 *     {@value #DEFAULT_QUEUE_SIZE} ({@code OTEL_BSP_MAX_QUEUE_SIZE}). An ended span holds its
 *     attributes: about 780 bytes for one of nine short attributes, so 6.4 MB for the default queue
 * @param batchSize most spans written in one batch, one {@code traces.jsonl} line; at most {@code
 *     queueSize}; default {@value #DEFAULT_BATCH_SIZE} ({@code OTEL_BSP_MAX_EXPORT_BATCH_SIZE})
 * @param delay longest time an ended span waits before it is written; default 1 s, so that the
 *     viewer sees finished spans soon ({@code OTEL_BSP_SCHEDULE_DELAY})
 * @param timeout longest time one export (with its retries), a flush, or the whole final flush at
 *     close may take; default 5 s, not OpenTelemetry's 30 s, because it also bounds how long a
 *     program's exit waits for an endpoint that is down ({@code OTEL_BSP_EXPORT_TIMEOUT}). What is
 *     not delivered by then is counted as dropped.
 */
public record BatchSettings(int queueSize, int batchSize, Duration delay, Duration timeout) {

  /** Default of {@link #queueSize()}: a rollout step can end thousands of spans at once. */
  public static final int DEFAULT_QUEUE_SIZE = 8192;

  /** Default of {@link #batchSize()}. */
  public static final int DEFAULT_BATCH_SIZE = 512;

  /** Default of {@link #delay()}. */
  public static final Duration DEFAULT_DELAY = Duration.ofSeconds(1);

  /** Default of {@link #timeout()}. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

  /** Every default. */
  public static final BatchSettings DEFAULT =
      new BatchSettings(DEFAULT_QUEUE_SIZE, DEFAULT_BATCH_SIZE, DEFAULT_DELAY, DEFAULT_TIMEOUT);

  /**
   * @throws IllegalArgumentException naming the setting that is wrong
   */
  public BatchSettings {
    require(queueSize >= 1, "batch.queueSize " + queueSize + " must be at least 1 span");
    require(
        batchSize >= 1 && batchSize <= queueSize,
        "batch.batchSize "
            + batchSize
            + " must be between 1 and batch.queueSize ("
            + queueSize
            + ")");
    requirePositive(delay, "batch.delay", "Duration.ofSeconds(1)");
    requirePositive(timeout, "batch.timeout", "Duration.ofSeconds(5)");
  }

  /**
   * These settings with another queue size; the batch size shrinks to it when it was larger, so
   * that a small queue alone is a valid choice.
   */
  public BatchSettings withQueueSize(int queueSize) {
    return new BatchSettings(
        queueSize, queueSize >= 1 ? Math.min(batchSize, queueSize) : batchSize, delay, timeout);
  }

  /** These settings with another batch size. */
  public BatchSettings withBatchSize(int batchSize) {
    return new BatchSettings(queueSize, batchSize, delay, timeout);
  }

  /** These settings with another delay. */
  public BatchSettings withDelay(Duration delay) {
    return new BatchSettings(queueSize, batchSize, delay, timeout);
  }

  /** These settings with another timeout. */
  public BatchSettings withTimeout(Duration timeout) {
    return new BatchSettings(queueSize, batchSize, delay, timeout);
  }

  /**
   * These settings with what {@code env} sets replaced: {@code OTEL_BSP_MAX_QUEUE_SIZE}, {@code
   * OTEL_BSP_MAX_EXPORT_BATCH_SIZE}, {@code OTEL_BSP_SCHEDULE_DELAY} and {@code
   * OTEL_BSP_EXPORT_TIMEOUT} (milliseconds, or with a unit); unset or empty keep these. A batch
   * larger than the queue shrinks to it, as OpenTelemetry's batch processor does.
   *
   * @throws IllegalArgumentException naming the variable whose value is wrong
   */
  BatchSettings withEnvironment(EnvironmentValues env) {
    return env.part(
        () -> {
          BatchSettings sized =
              env.integer(TraceEnvironment.OTEL_BSP_MAX_QUEUE_SIZE)
                  .map(this::withQueueSize)
                  .orElse(this);
          sized =
              env.integer(TraceEnvironment.OTEL_BSP_MAX_EXPORT_BATCH_SIZE)
                  .map(sized::withBatchSize)
                  .orElse(sized);
          return new BatchSettings(
              sized.queueSize(),
              sized.batchSize(),
              env.duration(TraceEnvironment.OTEL_BSP_SCHEDULE_DELAY).orElse(delay),
              env.duration(TraceEnvironment.OTEL_BSP_EXPORT_TIMEOUT).orElse(timeout));
        },
        TraceEnvironment.OTEL_BSP_MAX_QUEUE_SIZE,
        TraceEnvironment.OTEL_BSP_MAX_EXPORT_BATCH_SIZE,
        TraceEnvironment.OTEL_BSP_SCHEDULE_DELAY,
        TraceEnvironment.OTEL_BSP_EXPORT_TIMEOUT);
  }
}
