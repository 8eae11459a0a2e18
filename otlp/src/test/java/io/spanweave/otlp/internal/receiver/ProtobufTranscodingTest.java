package io.spanweave.otlp.internal.receiver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.internal.otlp.traces.TraceRequestMarshaler;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.ArrayValue;
import io.opentelemetry.proto.common.v1.InstrumentationScope;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.common.v1.KeyValueList;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Status;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import java.io.ByteArrayOutputStream;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The protobuf transcoder writes the same file, in meaning, as the collector's old way (protobuf's
 * parser, {@code JsonFormat}, the ids rewritten as hex): requests from OpenTelemetry's own
 * marshaler and hand-built ones with every field and value type are held to it span by span,
 * resources given the run id aside. Bodies that are not such requests are refused with what is
 * wrong.
 */
class ProtobufTranscodingTest {

  private static final byte[] TRACE_ID =
      HexFormat.of().parseHex("4bf92f3577b34da6a3ce929d0e0e4736");
  private static final byte[] SPAN_ID = HexFormat.of().parseHex("00f067aa0ba902b7");

  private static void assertSameMeaning(ExportTraceServiceRequest request) throws Exception {
    String line = ReceivedLines.transcoded(request.toByteArray());
    ExportTraceServiceRequest expected = ReceivedLines.oldMeaning(request);
    ExportTraceServiceRequest actual = ReceivedLines.parse(line);

    List<io.opentelemetry.proto.trace.v1.Span> expectedSpans = ReceivedLines.spans(expected);
    List<io.opentelemetry.proto.trace.v1.Span> actualSpans = ReceivedLines.spans(actual);
    assertThat(actualSpans).hasSameSizeAs(expectedSpans);
    for (int i = 0; i < expectedSpans.size(); i++) {
      assertThat(actualSpans.get(i)).as("span %d of %s", i, line).isEqualTo(expectedSpans.get(i));
    }
    assertThat(actual).as(line).isEqualTo(expected);
    assertThat(line).endsWith("\n").doesNotContain("\n\n");
  }

  /**
   * Spans with every kind of attribute, events, links, statuses and a remote parent, from the real
   * SDK.
   */
  private static List<SpanData> sdkSpans() {
    InMemorySpanExporter memory = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder()
            .setResource(
                io.opentelemetry.sdk.resources.Resource.getDefault()
                    .merge(
                        io.opentelemetry.sdk.resources.Resource.create(
                            Attributes.of(AttributeKey.stringKey("service.name"), "worker"))))
            .addSpanProcessor(SimpleSpanProcessor.create(memory))
            .build();
    SpanContext remote =
        SpanContext.createFromRemoteParent(
            "0af7651916cd43dd8448eb211c80319c",
            "b7ad6b7169203331",
            TraceFlags.getSampled(),
            TraceState.builder().put("vendor", "x=1").build());
    Span parent =
        provider
            .get("io.spanweave", "1.2.3")
            .spanBuilder("parent")
            .setSpanKind(SpanKind.SERVER)
            .setParent(Context.root().with(Span.wrap(remote)))
            .startSpan();
    Span child =
        provider
            .get("io.spanweave")
            .spanBuilder("child \"quoted\" ünïcode \u2028 \u0001")
            .setParent(Context.root().with(parent))
            .addLink(parent.getSpanContext(), Attributes.of(AttributeKey.stringKey("why"), "retry"))
            .setAttribute("text", "tab\tnew\nline \\ slash 😀")
            .setAttribute("count", -42L)
            .setAttribute("ratio", 0.25)
            .setAttribute("big", 1e300)
            .setAttribute("ok", false)
            .setAttribute(AttributeKey.stringArrayKey("tags"), List.of("a", "", "ü"))
            .setAttribute(AttributeKey.longArrayKey("sizes"), List.of(1L, Long.MIN_VALUE))
            .setAttribute(
                AttributeKey.doubleArrayKey("ratios"),
                List.of(Double.NaN, Double.NEGATIVE_INFINITY))
            .setAttribute(AttributeKey.booleanArrayKey("flags"), List.of(true, false))
            .startSpan();
    child.addEvent(
        "infer.finished", Attributes.of(AttributeKey.longKey("gen_ai.usage.output_tokens"), 12L));
    child.addEvent("");
    child.setStatus(StatusCode.ERROR, "judge failed: \"x\"");
    child.end();
    parent.setStatus(StatusCode.OK);
    parent.end();
    List<SpanData> spans = memory.getFinishedSpanItems();
    provider.shutdown();
    return spans;
  }

  @Test
  void requestsFromOpenTelemetrysOwnMarshalerMeanTheSameAsBefore() throws Exception {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    TraceRequestMarshaler.create(sdkSpans()).writeBinaryTo(body);

    assertSameMeaning(ExportTraceServiceRequest.parseFrom(body.toByteArray()));
  }

  private static KeyValue attribute(String key, AnyValue value) {
    return KeyValue.newBuilder().setKey(key).setValue(value).build();
  }

  private static io.opentelemetry.proto.trace.v1.Span.Builder span(String name) {
    return io.opentelemetry.proto.trace.v1.Span.newBuilder()
        .setTraceId(ByteString.copyFrom(TRACE_ID))
        .setSpanId(ByteString.copyFrom(SPAN_ID))
        .setName(name);
  }

  @Test
  void everyFieldAndValueTypeMeansTheSameAsBefore() throws Exception {
    AnyValue nested =
        AnyValue.newBuilder()
            .setKvlistValue(
                KeyValueList.newBuilder()
                    .addValues(
                        attribute(
                            "inner",
                            AnyValue.newBuilder()
                                .setArrayValue(
                                    ArrayValue.newBuilder()
                                        .addValues(AnyValue.newBuilder().setIntValue(0))
                                        .addValues(AnyValue.newBuilder().setStringValue(""))
                                        .addValues(AnyValue.newBuilder().setBoolValue(false))
                                        .addValues(AnyValue.getDefaultInstance())
                                        .addValues(
                                            AnyValue.newBuilder()
                                                .setBytesValue(
                                                    ByteString.copyFrom(new byte[] {0, -1, 42}))))
                                .build()))
                    .addValues(
                        attribute(
                            "empty-list",
                            AnyValue.newBuilder()
                                .setArrayValue(ArrayValue.getDefaultInstance())
                                .build())))
            .build();
    ExportTraceServiceRequest request =
        ExportTraceServiceRequest.newBuilder()
            // A resource that names this run, one that names another, one with no run, one with no
            // resource at all.
            .addResourceSpans(
                ResourceSpans.newBuilder()
                    .setResource(
                        Resource.newBuilder()
                            .addAttributes(
                                attribute(
                                    "spanweave.run.id",
                                    AnyValue.newBuilder()
                                        .setStringValue(ReceivedLines.RUN_ID)
                                        .build()))
                            .setDroppedAttributesCount(2))
                    .addScopeSpans(
                        ScopeSpans.newBuilder()
                            .setScope(
                                InstrumentationScope.newBuilder()
                                    .setName("s")
                                    .setVersion("1")
                                    .addAttributes(attribute("scope.attr", nested))
                                    .setDroppedAttributesCount(1))
                            .setSchemaUrl("https://opentelemetry.io/schemas/1.30.0")
                            .addSpans(
                                span("every field")
                                    .setParentSpanId(ByteString.copyFrom(SPAN_ID))
                                    .setTraceState("a=b,c=d")
                                    .setFlags(0x301)
                                    .setKind(
                                        io.opentelemetry.proto.trace.v1.Span.SpanKind
                                            .SPAN_KIND_CONSUMER)
                                    .setStartTimeUnixNano(1)
                                    .setEndTimeUnixNano(-1L) // fixed64: 2^64 - 1
                                    .addAttributes(attribute("nested", nested))
                                    .addAttributes(
                                        attribute(
                                            "double",
                                            AnyValue.newBuilder().setDoubleValue(-0.0).build()))
                                    .addAttributes(
                                        attribute(
                                            "",
                                            AnyValue.newBuilder()
                                                .setIntValue(Long.MAX_VALUE)
                                                .build()))
                                    .setDroppedAttributesCount(-1) // uint32: 2^32 - 1
                                    .addEvents(
                                        io.opentelemetry.proto.trace.v1.Span.Event.newBuilder()
                                            .setTimeUnixNano(5)
                                            .setName("e")
                                            .addAttributes(
                                                attribute(
                                                    "k",
                                                    AnyValue.newBuilder()
                                                        .setStringValue("v")
                                                        .build()))
                                            .setDroppedAttributesCount(3))
                                    .setDroppedEventsCount(4)
                                    .addLinks(
                                        io.opentelemetry.proto.trace.v1.Span.Link.newBuilder()
                                            .setTraceId(ByteString.copyFrom(TRACE_ID))
                                            .setSpanId(ByteString.copyFrom(SPAN_ID))
                                            .setTraceState("x=y")
                                            .setFlags(1)
                                            .setDroppedAttributesCount(1))
                                    .setDroppedLinksCount(5)
                                    .setStatus(
                                        Status.newBuilder()
                                            .setCode(Status.StatusCode.STATUS_CODE_ERROR)
                                            .setMessage("boom")))
                            .addSpans(span("defaults").setStatus(Status.getDefaultInstance()))))
            .addResourceSpans(
                ResourceSpans.newBuilder()
                    .setResource(
                        Resource.newBuilder()
                            .addAttributes(
                                attribute(
                                    "spanweave.run.id",
                                    AnyValue.newBuilder().setStringValue("another-run").build())))
                    .addScopeSpans(ScopeSpans.newBuilder().addSpans(span("other run"))))
            .addResourceSpans(
                ResourceSpans.newBuilder()
                    .setResource(
                        Resource.newBuilder()
                            .addAttributes(
                                attribute(
                                    "service.name",
                                    AnyValue.newBuilder().setStringValue("node-worker").build()))
                            .setDroppedAttributesCount(1))
                    .addScopeSpans(ScopeSpans.newBuilder().addSpans(span("no run"))))
            .addResourceSpans(
                ResourceSpans.newBuilder()
                    .addScopeSpans(ScopeSpans.newBuilder().addSpans(span("no resource"))))
            .addResourceSpans(
                ResourceSpans.newBuilder()
                    .setResource(Resource.getDefaultInstance())
                    .addScopeSpans(ScopeSpans.newBuilder().addSpans(span("empty resource"))))
            .build();

    assertSameMeaning(request);
  }

  @Test
  void fieldsItDoesNotKnowAreSkippedAsProtobufSkipsThem() throws Exception {
    UnknownFieldSet unknown =
        UnknownFieldSet.newBuilder()
            .addField(
                99,
                UnknownFieldSet.Field.newBuilder()
                    .addVarint(7)
                    .addLengthDelimited(ByteString.copyFromUtf8("x"))
                    .addFixed32(1)
                    .addFixed64(2)
                    .build())
            .build();
    ExportTraceServiceRequest request =
        ExportTraceServiceRequest.newBuilder()
            .setUnknownFields(unknown)
            .addResourceSpans(
                ResourceSpans.newBuilder()
                    .setUnknownFields(unknown)
                    .addScopeSpans(
                        ScopeSpans.newBuilder().addSpans(span("future").setUnknownFields(unknown))))
            .build();

    String line = ReceivedLines.transcoded(request.toByteArray());

    assertThat(ReceivedLines.parse(line))
        .isEqualTo(
            ReceivedLines.oldMeaning(
                request.toBuilder()
                    .setUnknownFields(UnknownFieldSet.getDefaultInstance())
                    .clearResourceSpans()
                    .addResourceSpans(
                        ResourceSpans.newBuilder()
                            .addScopeSpans(ScopeSpans.newBuilder().addSpans(span("future"))))
                    .build()));
  }

  @Test
  void whatIsNotARequestIsRefusedWithWhatIsWrong() {
    byte[] valid =
        ExportTraceServiceRequest.newBuilder()
            .addResourceSpans(
                ResourceSpans.newBuilder()
                    .addScopeSpans(ScopeSpans.newBuilder().addSpans(span("x"))))
            .build()
            .toByteArray();
    byte[] truncated = java.util.Arrays.copyOf(valid, valid.length - 3);
    byte[] zeroSpanId =
        ExportTraceServiceRequest.newBuilder()
            .addResourceSpans(
                ResourceSpans.newBuilder()
                    .addScopeSpans(
                        ScopeSpans.newBuilder()
                            .addSpans(span("x").setSpanId(ByteString.copyFrom(new byte[8])))))
            .build()
            .toByteArray();
    byte[] badUtf8 =
        ExportTraceServiceRequest.newBuilder()
            .addResourceSpans(
                ResourceSpans.newBuilder()
                    .addScopeSpans(
                        ScopeSpans.newBuilder().addSpans(span("x").setTraceState("a=Q"))))
            .build()
            .toByteArray();
    badUtf8[new String(badUtf8, java.nio.charset.StandardCharsets.ISO_8859_1).indexOf("a=Q") + 2] =
        (byte) 0xc3;

    assertThatThrownBy(() -> ReceivedLines.transcoded(truncated))
        .isInstanceOf(InvalidTraceRequestException.class)
        .hasMessageStartingWith("the body is not a protobuf ExportTraceServiceRequest");
    assertThatThrownBy(() -> ReceivedLines.transcoded(new byte[] {(byte) 0xff, 0x01, 0x02}))
        .hasMessageStartingWith("the body is not a protobuf ExportTraceServiceRequest");
    assertThatThrownBy(() -> ReceivedLines.transcoded(zeroSpanId))
        .hasMessageContaining(
            "resourceSpans[0].scopeSpans[0].spans[0].spanId '0000000000000000' is not a valid "
                + "OpenTelemetry id");
    assertThatThrownBy(() -> ReceivedLines.transcoded(badUtf8))
        .hasMessageContaining("not valid UTF-8");
  }
}
