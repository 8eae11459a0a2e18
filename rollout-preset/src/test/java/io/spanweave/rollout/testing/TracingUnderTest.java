package io.spanweave.rollout.testing;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.rollout.RolloutSpan;
import io.spanweave.rollout.RolloutTrace;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.SdkTracing;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Real tracing for a test: the runtime configured through the SDK adapter's test hook, every span
 * also sent to an {@link InMemorySpanExporter}, and read back as {@link RolloutSpan}s, the same
 * type a run's trace file reads into. The only test code that touches the SDK (this package is
 * declared an adapter package for the lint rule direct-sdk in the pom).
 */
public final class TracingUnderTest implements AutoCloseable {

  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final TraceRuntime runtime;

  private TracingUnderTest(TraceConfig config) {
    this.runtime = SdkTracing.configure(config, exporter);
  }

  /** Tracing on, writing under {@code outputDir}, with the rollout preset on or off. */
  public static TracingUnderTest start(Path outputDir, boolean rolloutTrace) {
    TraceConfig.Builder builder = TraceConfig.builder().enabled(true).serviceName("rollout-test").outputDir(outputDir);
    if (rolloutTrace) {
      builder.enableExtension(RolloutTrace.EXTENSION);
    }
    return start(builder.build());
  }

  public static TracingUnderTest start(TraceConfig config) {
    return new TracingUnderTest(config);
  }

  public TraceRuntime runtime() {
    return runtime;
  }

  /** Every span ended so far, in the order they ended. */
  public List<RolloutSpan> spans() {
    List<RolloutSpan> spans = new ArrayList<>();
    for (SpanData data : exporter.getFinishedSpanItems()) {
      spans.add(convert(data));
    }
    return spans;
  }

  /** The one ended span named {@code name}; fails naming the spans there are. */
  public RolloutSpan span(String name) {
    List<RolloutSpan> named = spans().stream().filter(s -> s.name().equals(name)).toList();
    if (named.size() != 1) {
      throw new AssertionError("expected one span named '" + name + "' but found " + named.size() + " among "
          + spans().stream().map(RolloutSpan::name).toList());
    }
    return named.get(0);
  }

  @Override
  public void close() {
    runtime.close();
  }

  private static RolloutSpan convert(SpanData data) {
    List<RolloutSpan.Link> links = new ArrayList<>();
    for (LinkData link : data.getLinks()) {
      links.add(new RolloutSpan.Link(link.getSpanContext().getTraceId(), link.getSpanContext().getSpanId()));
    }
    String parent = data.getParentSpanContext().isValid() ? data.getParentSpanId() : "";
    return new RolloutSpan(data.getName(), data.getTraceId(), data.getSpanId(), parent, data.getStartEpochNanos(),
        data.getEndEpochNanos(), values(data.getAttributes()), values(data.getResource().getAttributes()), links);
  }

  private static Map<String, Object> values(Attributes attributes) {
    Map<String, Object> values = new LinkedHashMap<>();
    attributes.forEach((AttributeKey<?> key, Object value) -> values.put(key.getKey(), value));
    return values;
  }
}
