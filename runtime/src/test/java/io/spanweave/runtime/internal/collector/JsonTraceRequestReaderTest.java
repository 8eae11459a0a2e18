package io.spanweave.runtime.internal.collector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.spanweave.runtime.TestRuns;
import io.spanweave.runtime.internal.export.JsonBuffer;
import io.spanweave.runtime.internal.export.OtlpJsonLinesSpanExporter;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OTLP/JSON read without protobuf into the line the collector writes: the same, in meaning, as the
 * old way (protobuf's {@code JsonFormat} parsing and printing) span by span, with the run id given
 * to resources without one; what the OTLP/JSON mapping allows is read, what it does not is refused.
 */
class JsonTraceRequestReaderTest {

  private static final String RUN = "run-7";
  private static final String IDS =
      "\"traceId\":\"4bf92f3577b34da6a3ce929d0e0e4736\",\"spanId\":\"00f067aa0ba902b7\"";

  @TempDir Path dir;

  private static TraceLineWriter read(String json) throws InvalidTraceRequestException {
    TraceLineWriter writer = new TraceLineWriter(RUN);
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    JsonTraceRequestReader.read(bytes, 0, bytes.length, writer);
    return writer;
  }

  private static String line(TraceLineWriter writer) {
    JsonBuffer line = writer.finish();
    return new String(line.array(), 0, line.size(), StandardCharsets.UTF_8);
  }

  /**
   * The old way's meaning: protobuf's JSON mapping, ids as base64, and the run id added where there
   * is none.
   */
  private static ExportTraceServiceRequest oldMeaning(String json) throws Exception {
    byte[] forJsonFormat =
        new FakeProtobufReceiverProvider().encodeProtobuf(json.getBytes(StandardCharsets.UTF_8));
    ExportTraceServiceRequest.Builder request =
        ExportTraceServiceRequest.parseFrom(forJsonFormat).toBuilder();
    for (ResourceSpans.Builder resource : request.getResourceSpansBuilderList()) {
      if (resource.getResource().getAttributesList().stream()
          .noneMatch(a -> a.getKey().equals("spanweave.run.id"))) {
        resource
            .getResourceBuilder()
            .addAttributes(
                KeyValue.newBuilder()
                    .setKey("spanweave.run.id")
                    .setValue(AnyValue.newBuilder().setStringValue(RUN)));
      }
    }
    return request.build();
  }

  /**
   * The line read back, ids as hex; it must also pass the tests' strict reader, for which an
   * unknown field fails.
   */
  private static ExportTraceServiceRequest strict(String line, Path dir) throws Exception {
    Path file = dir.resolve("line.jsonl");
    java.nio.file.Files.writeString(file, line);
    assertThat(TestRuns.readRequests(file)).hasSize(1);
    return ExportTraceServiceRequest.parseFrom(
        new FakeProtobufReceiverProvider().encodeProtobuf(line.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void theDriversOwnLinesMeanTheSameAsBeforeSpanBySpan() throws Exception {
    InMemorySpanExporter memory = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder()
            .setResource(
                Resource.getDefault()
                    .merge(
                        Resource.create(
                            Attributes.of(AttributeKey.stringKey("service.name"), "w"))))
            .addSpanProcessor(SimpleSpanProcessor.create(memory))
            .build();
    Span parent =
        provider
            .get("io.spanweave", "1.0")
            .spanBuilder("parent")
            .setSpanKind(SpanKind.SERVER)
            .startSpan();
    Span child =
        provider
            .get("io.spanweave")
            .spanBuilder("child ü \"q\" \u0001")
            .setParent(Context.root().with(parent))
            .addLink(parent.getSpanContext(), Attributes.of(AttributeKey.stringKey("why"), "retry"))
            .setAttribute("text", "tab\tline\n😀")
            .setAttribute("count", -42L)
            .setAttribute("ratio", 0.25)
            .setAttribute("ok", true)
            .setAttribute(AttributeKey.stringArrayKey("tags"), List.of("a", ""))
            .setAttribute(
                AttributeKey.doubleArrayKey("odd"), List.of(Double.NaN, Double.POSITIVE_INFINITY))
            .startSpan();
    child.addEvent("infer.finished", Attributes.of(AttributeKey.longKey("n"), 12L));
    child.setStatus(StatusCode.ERROR, "failed");
    child.end();
    parent.end();
    Path written = dir.resolve("written.jsonl");
    try (JsonLinesFile file = JsonLinesFile.open(written)) {
      new OtlpJsonLinesSpanExporter(file).export(memory.getFinishedSpanItems());
    }
    provider.shutdown();
    String driverLine = TestRuns.lines(written).get(0);

    TraceLineWriter writer = read(driverLine);
    ExportTraceServiceRequest actual = strict(line(writer), dir);
    ExportTraceServiceRequest expected = oldMeaning(driverLine);

    assertThat(TestRuns.spans(List.of(actual)))
        .hasSize(2)
        .containsExactlyElementsOf(TestRuns.spans(List.of(expected)));
    assertThat(actual).isEqualTo(expected);
    assertThat(writer.spans()).isEqualTo(2);
    assertThat(writer.stampedResources()).isEqualTo(1);
  }

  @Test
  void everyFormTheJsonMappingAllowsIsReadAndWrittenOneWay() throws Exception {
    String json =
        "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":\"4BF92F3577B34DA6A3CE929D0E0E4736\","
            + "\"spanId\":\"00F067AA0BA902B7\",\"parentSpanId\":\"\",\"name\":\"x\",\"kind\":\"SPAN_KIND_CLIENT\","
            + "\"startTimeUnixNano\":1764401709409337000,\"endTimeUnixNano\":\"18446744073709551615\",\"droppedLinksCount\":null,"
            + "\"futureField\":{\"a\":[1,2]},\"status\":{\"code\":\"STATUS_CODE_OK\"},\"attributes\":["
            + "{\"value\":{\"intValue\":7},\"key\":\"int as number\"},"
            + "{\"key\":\"d\",\"value\":{\"doubleValue\":\"-Infinity\"}},"
            + "{\"key\":\"b\",\"value\":{\"bytesValue\":\"AP8q\"}},"
            + "{\"key\":\"kv\",\"value\":{\"kvlistValue\":{\"values\":[{\"key\":\"in\",\"value\":{\"arrayValue\":{\"values\":"
            + "[{\"boolValue\":false},{}]}}}]}}}]}]}],"
            + "\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"node\"}}],"
            + "\"droppedAttributesCount\":1}}]}";

    String line = line(read(json));

    assertThat(line)
        .contains(
            "\"traceId\":\"4bf92f3577b34da6a3ce929d0e0e4736\"",
            "\"kind\":3",
            "\"startTimeUnixNano\":\"1764401709409337000\"",
            "\"endTimeUnixNano\":\"18446744073709551615\"",
            "\"intValue\":\"7\"",
            "\"code\":1")
        .doesNotContain("futureField", "parentSpanId", "null");
    assertThat(strict(line, dir)).isEqualTo(oldMeaning(json));
  }

  @Test
  void resourcesGetTheRunIdWhereverTheyAreAndOtherRunsAreKeptAndCounted() throws Exception {
    String span = "{\"scopeSpans\":[{\"spans\":[{" + IDS + "}]}]";
    String json =
        "{\"resourceSpans\":["
            + span
            + "},"
            + span
            + ",\"resource\":{}},"
            + span
            + ",\"resource\":{\"attributes\":[{\"key\":\"a\",\"value\":{\"stringValue\":\"1\"}}],\"droppedAttributesCount\":2}},"
            + span
            + ",\"resource\":{\"attributes\":[{\"key\":\"spanweave.run.id\",\"value\":{\"stringValue\":\""
            + RUN
            + "\"}}]}},"
            + span
            + ",\"resource\":{\"attributes\":[{\"value\":{\"stringValue\":\"run-other\"},\"key\":\"spanweave.run.id\"}]}}]}";

    TraceLineWriter writer = read(json);
    ExportTraceServiceRequest request = strict(line(writer), dir);

    assertThat(request.getResourceSpansList())
        .extracting(
            resource -> TestRuns.resourceAttribute(resource, "spanweave.run.id").orElse(null))
        .containsExactly(RUN, RUN, RUN, RUN, "run-other");
    assertThat(request.getResourceSpans(2).getResource().getAttributes(0).getKey()).isEqualTo("a");
    assertThat(request.getResourceSpans(2).getResource().getDroppedAttributesCount()).isEqualTo(2);
    assertThat(writer.stampedResources()).isEqualTo(3);
    assertThat(writer.otherRunResources()).isEqualTo(1);
    assertThat(writer.otherRunId()).isEqualTo("run-other");
    assertThat(request).isEqualTo(oldMeaning(json));
  }

  @Test
  void whatTheMappingDoesNotAllowIsRefusedNamingTheField() {
    String spans = "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{" + IDS;
    assertThatThrownBy(() -> read(spans + ",\"name\":\"a\",\"name\":\"b\"}]}]}]}"))
        .isInstanceOf(InvalidTraceRequestException.class)
        .hasMessageContaining(
            "resourceSpans[0].scopeSpans[0].spans[0].name comes twice in one span");
    assertThatThrownBy(
            () ->
                read(
                    spans
                        + ",\"attributes\":[{\"key\":\"k\",\"value\":{\"intValue\":1,\"boolValue\":true}}]}]}]}]}"))
        .hasMessageContaining("spans[0].an attribute value holds two values");
    assertThatThrownBy(() -> read(spans + ",\"kind\":\"SERVER\"}]}]}]}"))
        .hasMessageContaining("kind 'SERVER' is not an integer");
    assertThatThrownBy(() -> read(spans + ",\"name\":7}]}]}]}"))
        .hasMessageContaining("name must be a string, not a number");
    assertThatThrownBy(
            () ->
                read(
                    "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"spanId\":\"00f067aa0ba902b7\"}]}]}]}"))
        .hasMessageContaining(
            "resourceSpans[0].scopeSpans[0].spans[0].traceId empty is not a valid OpenTelemetry id");
    assertThatThrownBy(() -> read("[]")).hasMessageContaining("must be a JSON object");
    assertThatThrownBy(() -> read("{} {}")).hasMessageContaining("more than one JSON value");
  }

  @Test
  void valuesNestedPastTheLimitAreRefused() {
    String deep = "{\"arrayValue\":{\"values\":[".repeat(40) + "{}" + "]}}".repeat(40);
    assertThatThrownBy(
            () ->
                read(
                    "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{"
                        + IDS
                        + ",\"attributes\":[{\"key\":\"k\",\"value\":"
                        + deep
                        + "}]}]}]}]}"))
        .hasMessageContaining("nested more than 64 deep");
  }
}
