package io.spanweave.bench.sdk;

import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.runtime.internal.export.NonBlockingBatchSpanProcessor;
import io.spanweave.runtime.internal.export.SpanCounters;
import java.util.concurrent.TimeUnit;

/**
 * The runtime's own span processor for the per-call benchmark, built the way the runtime builds it
 * for {@code traces.jsonl} (queue 8192, batch 512, delay 1 s), through the runtime's internal
 * export package (not API, but public for this), so the benchmark can put it in front of an
 * exporter that discards and measure what spanweave's pipeline costs the traced thread without the
 * file.
 */
public final class BenchProcessors {

  private BenchProcessors() {}

  /** spanweave's lock-free batch processor in front of {@code exporter}. */
  public static SpanProcessor spanweaveBatchProcessor(SpanExporter exporter) {
    return new NonBlockingBatchSpanProcessor(
        exporter,
        new SpanCounters(),
        8192,
        512,
        TimeUnit.SECONDS.toNanos(1),
        TimeUnit.SECONDS.toNanos(30));
  }
}
