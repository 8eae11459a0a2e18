package io.spanweave.bench.sdk;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SdkTracerProviderBuilder;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The one span pipeline both "tracing on" cases of the per-call benchmark go through: an
 * OpenTelemetry SDK with the SDK's own {@link BatchSpanProcessor} (default queue and batch sizes)
 * in front of an exporter that counts and discards. The hand-written SDK code gets it as an {@link
 * OpenTelemetry}; spanweave records through the very same one ({@code Tracing.configure(config,
 * otel)}), so the difference between the two is the code on the traced thread and nothing else.
 */
public final class BenchSdk {

  private BenchSdk() {}

  /** W3C trace context and baggage, as the spanweave runtime propagates. */
  public static ContextPropagators propagators() {
    return ContextPropagators.create(
        TextMapPropagator.composite(
            W3CTraceContextPropagator.getInstance(), W3CBaggagePropagator.getInstance()));
  }

  /** An SDK with a batch processor to a discarding exporter. */
  public static Discarding discarding(String serviceName, String runId) {
    return build(serviceName, runId, exporter -> BatchSpanProcessor.builder(exporter).build());
  }

  /**
   * As {@link #discarding}, with spanweave's own batch processor (the one its runtime puts in front
   * of {@code traces.jsonl}) instead of the SDK's: what spanweave's pipeline costs the traced
   * thread.
   */
  public static Discarding spanweaveProcessor(String serviceName, String runId) {
    return build(serviceName, runId, BenchProcessors::spanweaveBatchProcessor);
  }

  /**
   * An SDK with no span processor: spans are recorded and then dropped at their end, which is what
   * the javaagent does with every exporter {@code none}. The like-for-like baseline for the agent.
   */
  public static Discarding withoutProcessor(String serviceName, String runId) {
    return build(serviceName, runId, null);
  }

  /** The SDK with {@code processor} (none when {@code null}) in front of a discarding exporter. */
  private static Discarding build(
      String serviceName, String runId, Function<SpanExporter, SpanProcessor> processor) {
    DiscardingExporter exporter = new DiscardingExporter();
    SdkTracerProviderBuilder provider =
        SdkTracerProvider.builder().setResource(resource(serviceName, runId));
    if (processor != null) {
      provider.addSpanProcessor(processor.apply(exporter));
    }
    SdkTracerProvider built = provider.build();
    OpenTelemetrySdk sdk =
        OpenTelemetrySdk.builder().setTracerProvider(built).setPropagators(propagators()).build();
    return new Discarding(sdk, built, exporter);
  }

  private static Resource resource(String serviceName, String runId) {
    return Resource.getDefault()
        .merge(
            Resource.create(
                Attributes.builder()
                    .put("service.name", serviceName)
                    .put("spanweave.run.id", runId)
                    .build()));
  }

  /**
   * The SDK, its provider and what its exporter saw; spanweave records through it as the
   * application's own.
   */
  public static final class Discarding {
    private final OpenTelemetrySdk sdk;
    private final SdkTracerProvider provider;
    private final DiscardingExporter exporter;

    Discarding(OpenTelemetrySdk sdk, SdkTracerProvider provider, DiscardingExporter exporter) {
      this.sdk = sdk;
      this.provider = provider;
      this.exporter = exporter;
    }

    public OpenTelemetry openTelemetry() {
      return sdk;
    }

    public long exportedSpans() {
      return exporter.spans.get();
    }

    /** The SDK's batch processor reports drops only to a meter provider; not counted here. */
    public long droppedSpans() {
      return 0;
    }

    public boolean flush(Duration timeout) {
      return provider.forceFlush().join(timeout.toNanos(), TimeUnit.NANOSECONDS).isSuccess();
    }

    public void close(Duration timeout) {
      provider.shutdown().join(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }
  }

  /** Counts the spans it is handed and drops them. */
  static final class DiscardingExporter implements SpanExporter {
    final AtomicLong spans = new AtomicLong();

    @Override
    public CompletableResultCode export(Collection<SpanData> batch) {
      spans.addAndGet(batch.size());
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode flush() {
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
      return CompletableResultCode.ofSuccess();
    }
  }
}
