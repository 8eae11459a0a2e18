package io.spanweave.rollout.testing;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.rollout.RolloutSpan;
import io.spanweave.rollout.RolloutTrace;
import io.spanweave.runtime.SdkTracing;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.testing.RecordedSpan;
import io.spanweave.testing.SpanRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Real tracing for a test, read back as {@link RolloutSpan}s, the same type a run's trace file
 * reads into. Most tests record in memory with spanweave-testing's {@link SpanRecorder} (no file,
 * port or thread); the tests of the run's files ({@code traces.jsonl}, {@code live.jsonl}, the
 * local collector children export to) start the runtime's own SDK with {@link #withRunFiles}, which
 * also sends every span to an {@link InMemorySpanExporter}: the only test code that touches the SDK
 * (this package is declared an adapter package for the lint rule direct-sdk in the pom).
 */
public final class TracingUnderTest implements AutoCloseable {

  private final TraceRuntime runtime;
  private final Supplier<List<RolloutSpan>> spans;
  private final AutoCloseable closer;

  private TracingUnderTest(
      TraceRuntime runtime, Supplier<List<RolloutSpan>> spans, AutoCloseable closer) {
    this.runtime = runtime;
    this.spans = spans;
    this.closer = closer;
  }

  /** Tracing on in memory, with the rollout preset on or off; {@code outputDir} stays empty. */
  public static TracingUnderTest start(Path outputDir, boolean rolloutTrace) {
    return start(config(outputDir, rolloutTrace));
  }

  /**
   * Tracing on in memory with {@code config}'s settings (files, collector and viewer do not apply).
   */
  public static TracingUnderTest start(TraceConfig config) {
    SpanRecorder recorder = SpanRecorder.start(ignored -> config.toBuilder());
    return new TracingUnderTest(
        recorder.runtime(),
        () -> recorder.spans().stream().map(TracingUnderTest::convert).toList(),
        recorder);
  }

  /**
   * Tracing on with the run's files and local collector under {@code outputDir}, as an application
   * runs it.
   */
  public static TracingUnderTest withRunFiles(Path outputDir, boolean rolloutTrace) {
    InMemorySpanExporter exporter = InMemorySpanExporter.create();
    TraceRuntime runtime = SdkTracing.configure(config(outputDir, rolloutTrace), exporter);
    return new TracingUnderTest(
        runtime,
        () -> exporter.getFinishedSpanItems().stream().map(TracingUnderTest::convert).toList(),
        runtime);
  }

  private static TraceConfig config(Path outputDir, boolean rolloutTrace) {
    TraceConfig.Builder builder =
        TraceConfig.builder().enabled(true).serviceName("rollout-test").outputDir(outputDir);
    if (rolloutTrace) {
      builder.enableExtension(RolloutTrace.EXTENSION);
    }
    return builder.build();
  }

  public TraceRuntime runtime() {
    return runtime;
  }

  /** Every span ended so far, in the order they ended. */
  public List<RolloutSpan> spans() {
    return spans.get();
  }

  /** The one ended span named {@code name}; fails naming the spans there are. */
  public RolloutSpan span(String name) {
    List<RolloutSpan> all = spans();
    List<RolloutSpan> named = all.stream().filter(s -> s.name().equals(name)).toList();
    if (named.size() != 1) {
      throw new AssertionError(
          "expected one span named '"
              + name
              + "' but found "
              + named.size()
              + " among "
              + all.stream().map(RolloutSpan::name).toList());
    }
    return named.get(0);
  }

  @Override
  public void close() {
    try {
      closer.close();
    } catch (Exception e) {
      throw new IllegalStateException("could not stop tracing", e);
    }
  }

  private static RolloutSpan convert(RecordedSpan span) {
    List<RolloutSpan.Link> links =
        span.links().stream()
            .map(link -> new RolloutSpan.Link(link.traceId(), link.spanId()))
            .toList();
    return new RolloutSpan(
        span.name(),
        span.traceId(),
        span.spanId(),
        span.parentSpanId(),
        span.startEpochNanos(),
        span.endEpochNanos(),
        span.attributes(),
        span.resource(),
        links);
  }

  private static RolloutSpan convert(SpanData data) {
    List<RolloutSpan.Link> links = new ArrayList<>();
    for (LinkData link : data.getLinks()) {
      links.add(
          new RolloutSpan.Link(
              link.getSpanContext().getTraceId(), link.getSpanContext().getSpanId()));
    }
    String parent = data.getParentSpanContext().isValid() ? data.getParentSpanId() : "";
    return new RolloutSpan(
        data.getName(),
        data.getTraceId(),
        data.getSpanId(),
        parent,
        data.getStartEpochNanos(),
        data.getEndEpochNanos(),
        values(data.getAttributes()),
        values(data.getResource().getAttributes()),
        links);
  }

  private static Map<String, Object> values(Attributes attributes) {
    Map<String, Object> values = new LinkedHashMap<>();
    attributes.forEach((AttributeKey<?> key, Object value) -> values.put(key.getKey(), value));
    return values;
  }
}
