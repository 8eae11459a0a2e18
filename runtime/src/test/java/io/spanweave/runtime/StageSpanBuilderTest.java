package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;
import io.spanweave.annotations.Kind;
import io.spanweave.api.AttributeName;
import io.spanweave.api.AttributeSink;
import io.spanweave.api.Stage;
import io.spanweave.api.StageAdvice;
import io.spanweave.api.StageSpan;
import io.spanweave.api.StageSpanBuilder;
import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.SecretValues;
import io.spanweave.conventions.SpanAttributes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.MDC;

/**
 * Attributes given to a {@link StageSpanBuilder}, as the generated delegates give their parameters:
 * on the span from its start (what a sampler and a span processor's {@code onStart} see), with the
 * same truncation, caps and key guards as {@link StageSpan#attribute}, for every way a span starts.
 */
class StageSpanBuilderTest {

  private static final Stage GENERATE =
      Stage.define("RolloutWorker.generate", "generate", Kind.MODEL, "team", "rl");
  private static final AttributeName SAMPLE_ID = AttributeName.of("sample.id");
  private static final AttributeName ATTEMPT = AttributeName.of("attempt");

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  /** The attributes the sampler was shown, one entry per span start. */
  private final List<Attributes> sampled = new CopyOnWriteArrayList<>();

  /** The attributes a span processor saw in {@code onStart}. */
  private final List<Attributes> started = new CopyOnWriteArrayList<>();

  private SdkTracerProvider provider;

  @AfterEach
  void stopTracing() {
    Tracing.close();
    if (provider != null) {
      provider.close();
    }
    MDC.clear();
  }

  /**
   * Tracing on through an application's own SDK, whose sampler and start processor record what they
   * see.
   */
  private void startTracing(int maxStringLength) {
    Sampler sampler =
        new Sampler() {
          @Override
          public SamplingResult shouldSample(
              Context parent,
              String traceId,
              String name,
              SpanKind kind,
              Attributes attributes,
              List<LinkData> links) {
            sampled.add(
                attributes.toBuilder()
                    .build()); // a copy: the SDK hands its live map, which the span goes on filling
            return SamplingResult.recordAndSample();
          }

          @Override
          public String getDescription() {
            return "recording";
          }
        };
    SpanProcessor onStart =
        new SpanProcessor() {
          @Override
          public void onStart(Context parent, ReadWriteSpan span) {
            started.add(span.toSpanData().getAttributes().toBuilder().build());
          }

          @Override
          public boolean isStartRequired() {
            return true;
          }

          @Override
          public void onEnd(ReadableSpan span) {}

          @Override
          public boolean isEndRequired() {
            return false;
          }
        };
    provider =
        SdkTracerProvider.builder()
            .setSampler(sampler)
            .addSpanProcessor(onStart)
            .addSpanProcessor(SimpleSpanProcessor.create(spans))
            .build();
    Tracing.configure(
        TestRuns.config(dir)
            .limits(limits -> limits.withMaxStringLength(maxStringLength).withMaxArrayLength(3))
            .build(),
        OpenTelemetrySdk.builder()
            .setTracerProvider(provider)
            .setPropagators(
                ContextPropagators.create(
                    TextMapPropagator.composite(
                        W3CTraceContextPropagator.getInstance(),
                        W3CBaggagePropagator.getInstance())))
            .build());
  }

  private SpanData only() {
    assertThat(spans.getFinishedSpanItems()).hasSize(1);
    return spans.getFinishedSpanItems().get(0);
  }

  @Test
  void samplersAndStartProcessorsSeeTheParameterAttributes() {
    startTracing(64);
    StageSpan span =
        GENERATE.spanBuilder().attribute(SAMPLE_ID, "s-17").attribute(ATTEMPT, 2).start();
    span.end();

    assertThat(sampled).hasSize(1);
    assertThat(sampled.get(0).get(AttributeKey.stringKey("sample.id"))).isEqualTo("s-17");
    assertThat(sampled.get(0).get(AttributeKey.longKey("attempt"))).isEqualTo(2L);
    assertThat(sampled.get(0).get(AttributeKey.stringKey(SpanAttributes.STAGE)))
        .isEqualTo("generate");
    assertThat(started.get(0).get(AttributeKey.stringKey("sample.id"))).isEqualTo("s-17");
    SpanData data = only();
    assertThat(data.getAttributes().get(AttributeKey.stringKey("sample.id"))).isEqualTo("s-17");
    assertThat(data.getAttributes().get(AttributeKey.stringKey("team"))).isEqualTo("rl");
    assertThat(data.getAttributes().get(AttributeKey.stringKey(SpanAttributes.STATUS)))
        .isEqualTo("ok");
    assertThat(data.getAttributes().get(AttributeKey.longKey(SpanAttributes.THREAD_ID)))
        .isEqualTo(Thread.currentThread().getId());
  }

  @Test
  void everyTypeIsRecordedTruncatedAndCappedAsOnAStartedSpan() {
    startTracing(8);
    GENERATE
        .spanBuilder()
        .attribute(AttributeName.of("s"), "abcdefghijkl")
        .attribute(AttributeName.of("l"), 7L)
        .attribute(AttributeName.of("d"), 0.5)
        .attribute(AttributeName.of("b"), true)
        .attribute(AttributeName.of("boxedInt"), Integer.valueOf(3))
        .attribute(AttributeName.of("boxedFloat"), Float.valueOf(1.5f))
        .attribute(AttributeName.of("boxedBool"), Boolean.FALSE)
        .attribute(AttributeName.of("nullNumber"), (Number) null)
        .attribute(AttributeName.of("nullString"), (String) null)
        .attribute(AttributeName.of("enum"), Kind.TOOL)
        .attribute(AttributeName.of("strings"), new String[] {"a", "b", "c", "d"})
        .attribute(AttributeName.of("longs"), new long[] {1, 2, 3, 4})
        .attribute(AttributeName.of("ints"), new int[] {5, 6})
        .attribute(AttributeName.of("shorts"), new short[] {7})
        .attribute(AttributeName.of("doubles"), new double[] {0.1, 0.2, 0.3, 0.4})
        .attribute(AttributeName.of("floats"), new float[] {0.5f})
        .attribute(AttributeName.of("booleans"), new boolean[] {true, false})
        .attribute(AttributeName.of("boxedInts"), new Integer[] {1, 2})
        .attribute(AttributeName.of("list"), List.of(Kind.MODEL, Kind.TOOL))
        .attribute(AttributeName.of("numberList"), List.of(1, 2, 3, 4, 5))
        .start()
        .end();

    Attributes attributes = scalarsAsTheSamplerSawThem();
    assertThat(attributes.get(AttributeKey.longArrayKey("longs"))).containsExactly(1L, 2L, 3L);
    assertThat(attributes.get(AttributeKey.longArrayKey("ints"))).containsExactly(5L, 6L);
    assertThat(attributes.get(AttributeKey.longArrayKey("shorts"))).containsExactly(7L);
    assertThat(attributes.get(AttributeKey.doubleArrayKey("doubles")))
        .containsExactly(0.1, 0.2, 0.3);
    assertThat(attributes.get(AttributeKey.doubleArrayKey("floats"))).containsExactly(0.5);
    assertThat(attributes.get(AttributeKey.booleanArrayKey("booleans")))
        .containsExactly(true, false);
    assertThat(attributes.get(AttributeKey.longArrayKey("boxedInts"))).containsExactly(1L, 2L);
    assertThat(attributes.get(AttributeKey.stringArrayKey("list")))
        .containsExactly("MODEL", "TOOL");
    assertThat(attributes.get(AttributeKey.longArrayKey("numberList"))).containsExactly(1L, 2L, 3L);
  }

  @Test
  void textKeysRecordWhatPreparedKeysRecord() {
    startTracing(8);
    long rejectedBefore = TracingFaults.count("attribute");
    GENERATE
        .spanBuilder() // what generated code calls: one method per type, the key as text
        .stringAttribute("s", "abcdefghijkl")
        .longAttribute("l", 7)
        .doubleAttribute("d", 0.5)
        .booleanAttribute("b", true)
        .stringAttribute("nullString", null)
        .attribute("boxedInt", Integer.valueOf(3))
        .attribute("boxedFloat", Float.valueOf(1.5f))
        .attribute("boxedBool", Boolean.FALSE)
        .attribute("nullNumber", null)
        .attribute("enum", Kind.TOOL)
        .attribute("strings", new String[] {"a", "b", "c", "d"})
        .attribute("ints", new int[] {5, 6})
        .attribute("floats", new float[] {0.5f})
        .attribute("list", List.of(Kind.MODEL, Kind.TOOL))
        .attribute("object", new Object())
        .start()
        .end();

    Attributes attributes = scalarsAsTheSamplerSawThem();
    assertThat(attributes.get(AttributeKey.longArrayKey("ints"))).containsExactly(5L, 6L);
    assertThat(attributes.get(AttributeKey.doubleArrayKey("floats"))).containsExactly(0.5);
    assertThat(attributes.get(AttributeKey.stringArrayKey("list")))
        .containsExactly("MODEL", "TOOL");
    // An object is not text a trace may hold: rejected and reported, never its toString().
    assertThat(attributes.asMap().keySet()).noneMatch(k -> k.getKey().equals("object"));
    assertThat(TracingFaults.count("attribute")).isEqualTo(rejectedBefore + 1);
  }

  @Test
  void textKeysAreGuardedAndNameTheSampleAsPreparedKeysDo() {
    startTracing(64);
    long secretsBefore = TracingFaults.count("attribute-secret");
    long payloadsBefore = TracingFaults.count("attribute-payload");
    MDC.put("sample_id", "outer");
    StageSpan span =
        GENERATE
            .spanBuilder()
            .stringAttribute("api_key", "sk-live-123456")
            .stringAttribute("prompt", "tell me everything")
            .stringAttribute("sample.id", "s-17")
            .start();
    assertThat(MDC.get("sample_id")).isEqualTo("s-17");
    span.end();
    assertThat(MDC.get("sample_id")).isEqualTo("outer");

    for (Attributes attributes : List.of(sampled.get(0), only().getAttributes())) {
      assertThat(attributes.get(AttributeKey.stringKey("api_key")))
          .isEqualTo(SecretValues.REDACTED);
      assertThat(attributes.get(AttributeKey.stringKey("prompt"))).isNull();
      assertThat(attributes.get(AttributeKey.stringKey("sample.id"))).isEqualTo("s-17");
    }
    assertThat(TracingFaults.count("attribute-secret")).isEqualTo(secretsBefore + 1);
    assertThat(TracingFaults.count("attribute-payload")).isEqualTo(payloadsBefore + 1);
  }

  @Test
  void aBuilderStartsOneSpanAndIgnoresAttributesAfterItsStart() {
    startTracing(64);
    StageSpanBuilder builder = GENERATE.spanBuilder().stringAttribute("sample.id", "first");
    StageSpan span = builder.start();
    builder.stringAttribute("late", "ignored").longAttribute("n", 1).attribute(SAMPLE_ID, "late");
    assertThat(builder.start()).isSameAs(StageSpan.NOOP);
    assertThat(builder.startOutbound(new HashMap<>())).isSameAs(StageSpan.NOOP);
    span.end();

    Attributes attributes = only().getAttributes();
    assertThat(attributes.get(AttributeKey.stringKey("sample.id"))).isEqualTo("first");
    assertThat(attributes.get(AttributeKey.stringKey("late"))).isNull();
    assertThat(attributes.get(AttributeKey.longKey("n"))).isNull();
  }

  @Test
  void aSecretKeyIsRedactedAndAPayloadKeyDroppedBeforeTheSamplerSeesThem() {
    startTracing(64);
    long secretsBefore = TracingFaults.count("attribute-secret");
    long payloadsBefore = TracingFaults.count("attribute-payload");
    GENERATE
        .spanBuilder()
        .attribute(AttributeName.of("api_key"), "sk-live-123456")
        .attribute(AttributeName.of("prompt"), "tell me everything")
        .start()
        .end();

    for (Attributes attributes : List.of(sampled.get(0), only().getAttributes())) {
      assertThat(attributes.get(AttributeKey.stringKey("api_key")))
          .isEqualTo(SecretValues.REDACTED);
      assertThat(attributes.get(AttributeKey.stringKey("prompt"))).isNull();
    }
    assertThat(TracingFaults.count("attribute-secret")).isEqualTo(secretsBefore + 1);
    assertThat(TracingFaults.count("attribute-payload")).isEqualTo(payloadsBefore + 1);
  }

  @Test
  void theSampleIdIsInTheMdcWhileTheSpanIsCurrentAndTheOuterOneAfter() {
    startTracing(64);
    MDC.put("sample_id", "outer");
    StageSpan span = GENERATE.spanBuilder().attribute(SAMPLE_ID, "s-17").start();
    assertThat(MDC.get("sample_id")).isEqualTo("s-17");
    assertThat(MDC.get("span_id")).hasSize(16);
    span.end();
    assertThat(MDC.get("sample_id")).isEqualTo("outer");
  }

  @Test
  void boundariesAndAdvicesStartWithTheParameterAttributesToo() {
    startTracing(64);
    Map<String, String> carrier = new HashMap<>();
    GENERATE.spanBuilder().attribute(SAMPLE_ID, "client").startOutbound(carrier).end();
    assertThat(carrier).containsKey("traceparent");
    GENERATE.spanBuilder().attribute(SAMPLE_ID, "server").startInbound(carrier).end();
    StageAdvice<String> tenant =
        new StageAdvice<>() {
          @Override
          public void startAttributes(String spanName, String argument, AttributeSink attributes) {
            attributes.attribute("tenant", argument);
          }
        };
    GENERATE.spanBuilder().attribute(SAMPLE_ID, "advised").start(tenant, "acme").end();
    GENERATE.spanBuilder().attribute(SAMPLE_ID, "batch").startBatch(tenant, List.of("one")).end();

    List<SpanData> finished = new ArrayList<>(spans.getFinishedSpanItems());
    assertThat(finished)
        .extracting(s -> s.getAttributes().get(AttributeKey.stringKey("sample.id")))
        .containsExactly("client", "server", "advised", "batch");
    assertThat(finished)
        .extracting(SpanData::getKind)
        .containsExactly(SpanKind.CLIENT, SpanKind.SERVER, SpanKind.INTERNAL, SpanKind.INTERNAL);
    assertThat(finished.get(1).getParentSpanId()).isEqualTo(finished.get(0).getSpanId());
    assertThat(sampled)
        .extracting(a -> a.get(AttributeKey.stringKey("sample.id")))
        .containsExactly("client", "server", "advised", "batch");
    assertThat(sampled.get(2).get(AttributeKey.stringKey("tenant"))).isEqualTo("acme");
    assertThat(sampled.get(3).get(AttributeKey.stringKey("tenant"))).isEqualTo("one");
  }

  @Test
  void withTracingOffTheBuilderAndItsSpanAreTheSharedNoops() {
    Tracing.close();
    StageSpanBuilder builder = GENERATE.spanBuilder();
    assertThat(builder).isSameAs(StageSpanBuilder.NOOP);
    assertThat(builder.attribute(SAMPLE_ID, "s").attribute(ATTEMPT, 1))
        .isSameAs(StageSpanBuilder.NOOP);
    assertThat(
            builder
                .stringAttribute("s", "s")
                .longAttribute("n", 1)
                .doubleAttribute("d", 1)
                .booleanAttribute("b", true)
                .attribute("o", List.of(1)))
        .isSameAs(StageSpanBuilder.NOOP);
    assertThat(builder.start()).isSameAs(StageSpan.NOOP);
    assertThat(builder.startOutbound(new HashMap<>())).isSameAs(StageSpan.NOOP);
    assertThat(builder.startInbound(new HashMap<>())).isSameAs(StageSpan.NOOP);
    assertThat(builder.start(new StageAdvice<String>() {}, "x")).isSameAs(StageSpan.NOOP);
    assertThat(builder.startBatch(new StageAdvice<String>() {}, List.of("x")))
        .isSameAs(StageSpan.NOOP);
  }

  /**
   * The finished span's attributes, after checking what both attribute tests give every builder:
   * the sampler saw them all at the start, scalars under their types, nulls left out, an enum as
   * its name, string arrays capped.
   */
  private Attributes scalarsAsTheSamplerSawThem() {
    Attributes attributes = only().getAttributes();
    assertThat(sampled.get(0))
        .isEqualTo(
            attributes.toBuilder().remove(AttributeKey.stringKey(SpanAttributes.STATUS)).build());
    assertThat(attributes.get(AttributeKey.stringKey("s"))).isEqualTo("abcdefgh");
    assertThat(attributes.get(AttributeKey.longKey("l"))).isEqualTo(7L);
    assertThat(attributes.get(AttributeKey.doubleKey("d"))).isEqualTo(0.5);
    assertThat(attributes.get(AttributeKey.booleanKey("b"))).isTrue();
    assertThat(attributes.get(AttributeKey.longKey("boxedInt"))).isEqualTo(3L);
    assertThat(attributes.get(AttributeKey.doubleKey("boxedFloat"))).isEqualTo(1.5);
    assertThat(attributes.get(AttributeKey.booleanKey("boxedBool"))).isFalse();
    assertThat(attributes.asMap().keySet()).noneMatch(k -> k.getKey().startsWith("null"));
    assertThat(attributes.get(AttributeKey.stringKey("enum"))).isEqualTo("TOOL");
    assertThat(attributes.get(AttributeKey.stringArrayKey("strings")))
        .containsExactly("a", "b", "c");
    return attributes;
  }
}
