package io.spanweave.runtime.otel;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SdkTracerProviderBuilder;
import io.opentelemetry.sdk.trace.SpanLimits;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.runtime.SpanAttributes;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.RunLayout;
import io.spanweave.runtime.TracingBackend;
import io.spanweave.runtime.TracingFaults;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The OpenTelemetry SDK behind a run: a tracer provider whose resource names the service and the
 * run, W3C trace-context and baggage propagation, and two processors that never block the traced
 * code, one writing {@code traces.jsonl} and one {@code live.jsonl}. Nothing is registered as the
 * global OpenTelemetry: several runtimes (and tests) must not leak into each other.
 */
final class SdkBackend implements TracingBackend {

  private final OpenTelemetrySdk sdk;
  private final SdkTracerProvider tracerProvider;
  private final SpanCounters counters;
  private boolean closed;

  private SdkBackend(OpenTelemetrySdk sdk, SdkTracerProvider tracerProvider, SpanCounters counters) {
    this.sdk = sdk;
    this.tracerProvider = tracerProvider;
    this.counters = counters;
  }

  /**
   * Creates the run's files and starts the SDK.
   *
   * @param extraExporter also receives every span, synchronously as it ends; {@code null} for none
   * @throws IOException when the run's directory or files cannot be created
   */
  static SdkBackend start(TraceConfig config, SpanExporter extraExporter) throws IOException {
    Path traces = RunLayout.traceFile(config);
    Path live = RunLayout.liveFile(config);
    JsonLinesFile traceFile = JsonLinesFile.open(traces);
    JsonLinesFile liveFile = JsonLinesFile.open(live);
    long delayNanos = config.exportDelay().toNanos();
    long timeoutNanos = config.exportTimeout().toNanos();
    SpanCounters counters = new SpanCounters();

    SdkTracerProviderBuilder provider = SdkTracerProvider.builder()
        .setResource(resource(config))
        .setSpanLimits(SpanLimits.builder().setMaxAttributeValueLength(safetyLimit(config)).build())
        .addSpanProcessor(new LiveSpanProcessor(liveFile, config.runId(), config.serviceName(),
            config.liveAttributeKeys(), counters, config.exportQueueSize(), config.exportBatchSize(), delayNanos,
            timeoutNanos))
        .addSpanProcessor(new NonBlockingBatchSpanProcessor(new OtlpJsonLinesSpanExporter(traceFile), counters,
            config.exportQueueSize(), config.exportBatchSize(), delayNanos, timeoutNanos));
    if (extraExporter != null) {
      provider.addSpanProcessor(SimpleSpanProcessor.create(extraExporter));
    }
    SdkTracerProvider tracerProvider = provider.build();
    OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
        .setTracerProvider(tracerProvider)
        .setPropagators(ContextPropagators.create(TextMapPropagator.composite(
            W3CTraceContextPropagator.getInstance(), W3CBaggagePropagator.getInstance())))
        .build();
    return new SdkBackend(sdk, tracerProvider, counters);
  }

  /**
   * The SDK's own cap on string values, a safety net only: the runtime truncates user values to
   * {@code maxAttributeLength} itself, and must not have its own values (an exception's class name,
   * a stage) cut by a small user limit.
   */
  private static int safetyLimit(TraceConfig config) {
    return Math.max(config.maxAttributeLength(), 1024);
  }

  /** The SDK's default resource (telemetry.sdk.*), then the configured attributes, the service, the run and the process. */
  static Resource resource(TraceConfig config) {
    AttributesBuilder attributes = Attributes.builder();
    for (Map.Entry<String, String> attribute : config.resourceAttributes().entrySet()) {
      attributes.put(attribute.getKey(), attribute.getValue());
    }
    attributes.put("service.name", config.serviceName());
    attributes.put(SpanAttributes.RUN_ID, config.runId());
    attributes.put("process.pid", ProcessHandle.current().pid());
    return Resource.getDefault().merge(Resource.create(attributes.build()));
  }

  @Override
  public OpenTelemetry openTelemetry() {
    return sdk;
  }

  @Override
  public long exportedSpans() {
    return counters.exported.get();
  }

  @Override
  public long droppedSpans() {
    return counters.dropped.get();
  }

  @Override
  public boolean flush(Duration timeout) {
    try {
      return tracerProvider.forceFlush().join(timeout.toNanos(), TimeUnit.NANOSECONDS).isSuccess();
    } catch (RuntimeException e) {
      TracingFaults.report("export", "flushing the trace files failed", e);
      return false;
    }
  }

  @Override
  public synchronized void close(Duration timeout) {
    if (closed) {
      return;
    }
    closed = true;
    try {
      tracerProvider.shutdown().join(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (RuntimeException e) {
      TracingFaults.report("export", "closing the trace files failed", e);
    }
  }
}
