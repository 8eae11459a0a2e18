package io.spanweave.runtime.internal.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.KeyValue;
import io.opentelemetry.api.common.Value;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.internal.otlp.traces.TraceRequestMarshaler;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.testing.trace.TestSpanData;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanLimits;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Holds {@link OtlpJsonSpanEncoder} to OpenTelemetry's own OTLP/JSON encoder (its OTLP exporters'
 * {@code TraceRequestMarshaler}, which {@code traces.jsonl} was written with before): the same
 * spans must give the same {@code ExportTraceServiceRequest}, and where the grouping order is
 * defined (one resource, one scope) the same bytes.
 */
class OtlpJsonSpanEncoderTest {

  private static final String TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
  private static final String OTHER_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

  @Test
  void spansOfTheSdkEncodeToTheSameBytesAsOpenTelemetrysEncoder() {
    for (List<SpanData> batch : byResourceAndScope(sdkSpans())) {
      assertThat(newEncoding(batch)).isEqualTo(otelEncoding(batch));
    }
  }

  @Test
  void everyFieldAndValueTypeEncodesToTheSameBytesAsOpenTelemetrysEncoder() {
    List<SpanData> spans =
        handMadeSpans(Resource.getDefault(), InstrumentationScopeInfo.create("hand"));
    assertThat(spans).hasSizeGreaterThan(5);
    for (SpanData span : spans) {
      assertThat(newEncoding(List.of(span))).isEqualTo(otelEncoding(List.of(span)));
    }
    assertThat(newEncoding(spans)).isEqualTo(otelEncoding(spans));
  }

  @Test
  void stringsItHasSeenBeforeAreWrittenTheSameFromItsCache() throws IOException {
    List<SpanData> spans =
        handMadeSpans(Resource.getDefault(), InstrumentationScopeInfo.create("hand"));
    spans.addAll(sdkSpans().subList(0, 1));
    List<SpanData> oneScope = new ArrayList<>(byResourceAndScope(spans)).get(0);
    String expected = otelEncoding(oneScope);
    OtlpJsonSpanEncoder encoder =
        new OtlpJsonSpanEncoder(); // one encoder: the second and third pass hit its cache
    for (int pass = 0; pass < 3; pass++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      encoder.encode(oneScope, out);
      assertThat(canonical(out.toString(StandardCharsets.UTF_8)))
          .as("pass %d", pass)
          .isEqualTo(expected);
    }
  }

  @Test
  void aBatchOfSeveralResourcesAndScopesParsesToTheSameRequest() {
    List<SpanData> spans = new ArrayList<>(sdkSpans());
    Resource other =
        Resource.create(
            Attributes.of(AttributeKey.stringKey("service.name"), "other"), "https://schema/1");
    spans.addAll(
        handMadeSpans(
            other,
            InstrumentationScopeInfo.builder("scoped")
                .setVersion("2.0")
                .setSchemaUrl("https://schema/2")
                .setAttributes(Attributes.of(AttributeKey.longKey("n"), 3L))
                .build()));
    spans.addAll(handMadeSpans(other, InstrumentationScopeInfo.create("second-scope")));

    ExportTraceServiceRequest expected = parse(otelEncoding(spans));
    ExportTraceServiceRequest actual = parse(newEncoding(spans));

    assertThat(actual.getResourceSpansCount()).isEqualTo(2);
    assertThat(actual.getResourceSpans(1).getScopeSpansCount()).isEqualTo(2);
    assertThat(inCanonicalOrder(actual)).isEqualTo(inCanonicalOrder(expected));
    // first appearance decides the order, so the file reads in the order spans ended
    assertThat(
            actual.getResourceSpans(1).getResource().getAttributes(0).getValue().getStringValue())
        .isEqualTo("other");
  }

  @Test
  void eachBatchIsOneLineEndingInANewline() {
    String encoded = newEncoding(sdkSpans());
    assertThat(encoded).endsWith("\n");
    assertThat(encoded.indexOf('\n')).isEqualTo(encoded.length() - 1);
    assertThat(encoded).startsWith("{\"resourceSpans\":[");
  }

  /**
   * Spans as the SDK makes them: two resources' worth of tracers, limits that drop, remote parents.
   */
  private static List<SpanData> sdkSpans() {
    InMemorySpanExporter memory = InMemorySpanExporter.create();
    Resource resource =
        Resource.getDefault()
            .merge(
                Resource.create(
                    Attributes.builder()
                        .put("service.name", "encoder-test")
                        .put("host.cores", 2L)
                        .put("deployment.ratio", 0.5)
                        .put("debug", true)
                        .put(AttributeKey.stringArrayKey("tags"), List.of("a", "b"))
                        .build(),
                    "https://opentelemetry.io/schemas/1.24.0"));
    SdkTracerProvider provider =
        SdkTracerProvider.builder()
            .setResource(resource)
            .setSpanLimits(
                SpanLimits.builder()
                    .setMaxNumberOfAttributes(12)
                    .setMaxNumberOfEvents(2)
                    .setMaxNumberOfLinks(1)
                    .setMaxNumberOfAttributesPerEvent(1)
                    .setMaxNumberOfAttributesPerLink(1)
                    .build())
            .addSpanProcessor(SimpleSpanProcessor.create(memory))
            .build();
    Tracer plain = provider.get("plain");
    Tracer versioned =
        provider
            .tracerBuilder("versioned")
            .setInstrumentationVersion("1.2.3")
            .setSchemaUrl("https://opentelemetry.io/schemas/1.21.0")
            .build();

    Span root = plain.spanBuilder("root").setSpanKind(SpanKind.SERVER).startSpan();
    root.setAttribute("sample.id", "s-17");
    root.setAttribute("step", 42L);
    root.setAttribute("score", 0.125);
    root.setAttribute("done", true);
    root.setAttribute(AttributeKey.longArrayKey("ids"), List.of(1L, -2L, Long.MAX_VALUE));
    root.setAttribute(AttributeKey.doubleArrayKey("weights"), List.of(0.5, 1e300, -0.0));
    root.setAttribute(AttributeKey.booleanArrayKey("flags"), List.of(true, false));
    root.setAttribute(AttributeKey.stringArrayKey("names"), List.of("x", "", "ünïcødé"));
    root.addEvent(
        "tick",
        Attributes.of(AttributeKey.stringKey("phase"), "warmup", AttributeKey.longKey("n"), 1L));
    root.addEvent("tock");
    root.addEvent("dropped-event");
    root.setStatus(StatusCode.OK);
    for (int i = 0; i < 20; i++) {
      root.setAttribute("extra." + i, i); // past the limit of 12: droppedAttributesCount
    }
    Context inRoot = Context.root().with(root);
    plain.spanBuilder("child").setParent(inRoot).setSpanKind(SpanKind.CLIENT).startSpan().end();

    SpanContext remote =
        SpanContext.createFromRemoteParent(
            OTHER_TRACE_ID,
            "b7ad6b7169203331",
            TraceFlags.getSampled(),
            TraceState.builder().put("vendor", "opaque").put("other", "x1").build());
    Span fromRemote =
        versioned
            .spanBuilder("from-remote")
            .setParent(Context.root().with(Span.wrap(remote)))
            .setSpanKind(SpanKind.CONSUMER)
            .addLink(
                remote,
                Attributes.of(
                    AttributeKey.stringKey("link.kind"),
                    "cause",
                    AttributeKey.longKey("dropped"),
                    2L))
            .addLink(
                SpanContext.create(
                    TRACE_ID, "00f067aa0ba902b7", TraceFlags.getDefault(), TraceState.getDefault()))
            .startSpan();
    fromRemote.recordException(new IllegalStateException("boom \"quoted\" \n newline"));
    fromRemote.setStatus(StatusCode.ERROR, "failed: ünïcødé \t tab");
    fromRemote.end();

    versioned
        .spanBuilder("producer")
        .setSpanKind(SpanKind.PRODUCER)
        .setStartTimestamp(1, TimeUnit.NANOSECONDS)
        .startSpan()
        .end(2, TimeUnit.NANOSECONDS);
    root.end();

    List<SpanData> spans = memory.getFinishedSpanItems();
    provider.shutdown();
    assertThat(spans).hasSize(4);
    return spans;
  }

  /**
   * Fields and value types the SDK's own API rarely makes: extended values, odd strings and
   * numbers.
   */
  private static List<SpanData> handMadeSpans(Resource resource, InstrumentationScopeInfo scope) {
    SpanContext context =
        SpanContext.create(
            TRACE_ID,
            "a3ce929d0e0e4736",
            TraceFlags.getSampled(),
            TraceState.builder().put("congo", "t61rcWkgMzE").build());
    Attributes odd =
        Attributes.builder()
            .put("empty", "")
            .put("surrogate.lone", "a\uD800b")
            .put("surrogate.pair", "smile \uD83D\uDE00")
            .put("control", "\u0001\u001f\"\\/")
            .put("long.min", Long.MIN_VALUE)
            .put("long.zero", 0L)
            .put("double.nan", Double.NaN)
            .put("double.infinity", Double.NEGATIVE_INFINITY)
            .put("double.small", 4.9e-324)
            .put("", "empty key")
            .put(AttributeKey.stringArrayKey("array.empty"), List.of())
            .put(AttributeKey.valueKey("value.map"), Value.of(Map.of("inner", Value.of(1L))))
            .put(
                AttributeKey.valueKey("value.kvlist"),
                Value.of(
                    KeyValue.of("a", Value.of("b")),
                    KeyValue.of("nested", Value.of(Value.of(true), Value.of(2.5), Value.of("s")))))
            .put(AttributeKey.valueKey("value.bytes"), Value.of(new byte[] {0, 1, (byte) 0xff, 42}))
            .put(AttributeKey.valueKey("value.array.empty"), Value.of(new Value<?>[0]))
            .put(AttributeKey.valueKey("value.empty"), Value.empty())
            .put(AttributeKey.valueKey("value.string"), Value.of("v"))
            .build();
    List<SpanData> spans = new ArrayList<>();
    spans.add(
        base(resource, scope, context)
            .setName("odd-values")
            .setAttributes(odd)
            .setTotalAttributeCount(odd.size() + 3)
            .build());
    spans.add(
        base(resource, scope, context)
            .setName("")
            .setKind(SpanKind.INTERNAL)
            .setStatus(StatusData.create(StatusCode.UNSET, "unset with a message"))
            .build());
    spans.add(
        base(resource, scope, context)
            .setName("events-and-links")
            .setEvents(
                Arrays.asList(
                    EventData.create(
                        1_700_000_000_000_000_001L, "with-attributes", odd, odd.size() + 2),
                    EventData.create(0, "", Attributes.empty())))
            .setTotalRecordedEvents(5)
            .setLinks(
                Arrays.asList(
                    LinkData.create(
                        SpanContext.createFromRemoteParent(
                            OTHER_TRACE_ID,
                            "b7ad6b7169203331",
                            TraceFlags.getDefault(),
                            TraceState.getDefault()),
                        odd,
                        odd.size() + 1),
                    LinkData.create(SpanContext.getInvalid())))
            .setTotalRecordedLinks(4)
            .build());
    spans.add(
        base(
                resource,
                scope,
                SpanContext.create(
                    TRACE_ID, "1111111111111111", TraceFlags.getDefault(), TraceState.getDefault()))
            .setName("zero-times")
            .setStartEpochNanos(0)
            .setEndEpochNanos(0)
            .setKind(SpanKind.SERVER)
            .setParentSpanContext(
                SpanContext.createFromRemoteParent(
                    TRACE_ID, "2222222222222222", TraceFlags.getSampled(), TraceState.getDefault()))
            .build());
    spans.add(
        base(resource, scope, context).setName("error").setStatus(StatusData.error()).build());
    spans.add(
        base(resource, scope, context)
            .setName("ok")
            .setStatus(StatusData.create(StatusCode.OK, ""))
            .build());
    return spans;
  }

  private static TestSpanData.Builder base(
      Resource resource, InstrumentationScopeInfo scope, SpanContext context) {
    return TestSpanData.builder()
        .setResource(resource)
        .setInstrumentationScopeInfo(scope)
        .setSpanContext(context)
        .setParentSpanContext(
            SpanContext.create(
                TRACE_ID, "00f067aa0ba902b7", TraceFlags.getSampled(), TraceState.getDefault()))
        .setName("span")
        .setKind(SpanKind.CLIENT)
        .setStartEpochNanos(1_764_401_709_409_337_000L)
        .setEndEpochNanos(1_764_401_712_000_000_000L)
        .setStatus(StatusData.unset())
        .setHasEnded(true);
  }

  /**
   * The batch split so that each part has one resource and one scope, where both encoders' order is
   * defined.
   */
  private static Collection<List<SpanData>> byResourceAndScope(List<SpanData> spans) {
    Map<String, List<SpanData>> groups = new java.util.LinkedHashMap<>();
    for (SpanData span : spans) {
      String group =
          System.identityHashCode(span.getResource())
              + "/"
              + System.identityHashCode(span.getInstrumentationScopeInfo());
      groups.computeIfAbsent(group, key -> new ArrayList<>()).add(span);
    }
    return groups.values();
  }

  private static String newEncoding(Collection<SpanData> spans) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      new OtlpJsonSpanEncoder().encode(spans, out);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return canonical(out.toString(StandardCharsets.UTF_8));
  }

  /**
   * OpenTelemetry's own OTLP/JSON encoding of the request: the marshaler its OTLP exporters and its
   * stdout OTLP exporter (opentelemetry-exporter-logging-otlp, which this test used until
   * OpenTelemetry 1.68, whose release of it is not served) write JSON with.
   */
  private static String otelEncoding(Collection<SpanData> spans) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      TraceRequestMarshaler.create(spans).writeJsonTo(out);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    // OpenTelemetry 1.68 also writes each resource's entity references, an empty list for every
    // resource the SDK makes; OTLP/JSON reads an empty list as an absent one, and traces.jsonl
    // leaves it out (as OpenTelemetry did before, and the local collector's protobuf printing
    // does).
    return canonical(out.toString(StandardCharsets.UTF_8).replace(",\"entityRefs\":[]", "") + "\n");
  }

  /**
   * The same JSON with its strings escaped one way: OpenTelemetry 1.68 escapes control characters
   * in lowercase hex and writes characters outside ASCII as they are, while spanweave's encoder
   * escapes control characters in uppercase hex and characters outside ASCII, all of which JSON
   * reads the same. Both sides are compared after this; every name, value, number and their order
   * must still agree.
   */
  private static String canonical(String jsonLine) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonFactory json = new JsonFactory();
    try (JsonParser parser = json.createParser(jsonLine);
        JsonGenerator generator = json.createGenerator(out)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        generator.copyCurrentEvent(parser);
      }
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + jsonLine, e);
    }
    return out.toString(StandardCharsets.UTF_8) + (jsonLine.endsWith("\n") ? "\n" : "");
  }

  private static ExportTraceServiceRequest parse(String line) {
    ExportTraceServiceRequest.Builder request = ExportTraceServiceRequest.newBuilder();
    try {
      JsonFormat.parser().merge(line, request); // strict: an unknown field fails
    } catch (InvalidProtocolBufferException e) {
      throw new AssertionError("not an OTLP/JSON ExportTraceServiceRequest: " + line, e);
    }
    return request.build();
  }

  /**
   * OpenTelemetry groups through identity hash maps, so its order of resources and scopes is
   * arbitrary; sorting both requests the same way leaves only what they say to compare.
   */
  private static ExportTraceServiceRequest inCanonicalOrder(ExportTraceServiceRequest request) {
    List<ResourceSpans> resources = new ArrayList<>();
    for (ResourceSpans resource : request.getResourceSpansList()) {
      List<ScopeSpans> scopes = new ArrayList<>(resource.getScopeSpansList());
      scopes.sort(Comparator.comparing(scope -> scope.getScope().toString()));
      resources.add(resource.toBuilder().clearScopeSpans().addAllScopeSpans(scopes).build());
    }
    resources.sort(
        Comparator.comparing(
            resource ->
                resource.getResource().toString() + resource.getScopeSpansList().toString()));
    return ExportTraceServiceRequest.newBuilder().addAllResourceSpans(resources).build();
  }
}
