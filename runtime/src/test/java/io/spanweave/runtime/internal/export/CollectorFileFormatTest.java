package io.spanweave.runtime.internal.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.spanweave.runtime.TestRuns;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two writers of {@code traces.jsonl} agree: a batch the driver writes itself (the SDK's OTLP
 * JSON encoder) and the same batch received by the local collector over OTLP/HTTP protobuf (decoded
 * and printed by {@code opentelemetry-proto}) give the same JSON, field for field, with hex ids,
 * enum numbers and 64-bit integers as strings, so a reader never needs to know which process a span
 * came from. The one difference is the SDK writing empty lists ({@code "events":[]}) that the
 * collector, like the OpenTelemetry Collector's file exporter, leaves out; OTLP/JSON reads both the
 * same.
 */
class CollectorFileFormatTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static List<SpanData> varietyOfSpans() {
    InMemorySpanExporter memory = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder()
            .setResource(
                Resource.getDefault()
                    .merge(
                        Resource.create(
                            Attributes.of(
                                AttributeKey.stringKey("service.name"),
                                "driver",
                                AttributeKey.stringKey("spanweave.run.id"),
                                "r-1"))))
            .addSpanProcessor(SimpleSpanProcessor.create(memory))
            .build();
    Span parent =
        provider.get("io.spanweave").spanBuilder("parent").setSpanKind(SpanKind.SERVER).startSpan();
    Span child =
        provider
            .get("io.spanweave")
            .spanBuilder("child")
            .setParent(Context.root().with(parent))
            .addLink(parent.getSpanContext(), Attributes.of(AttributeKey.stringKey("why"), "retry"))
            .setAttribute("text", "ünïcode \"quoted\"")
            .setAttribute("count", 42L)
            .setAttribute("ratio", 0.25)
            .setAttribute("ok", true)
            .setAttribute(AttributeKey.stringArrayKey("tags"), List.of("a", "b"))
            .setAttribute(AttributeKey.longArrayKey("sizes"), List.of(1L, 2L))
            .startSpan();
    child.addEvent("infer.finished", Attributes.of(AttributeKey.longKey("num_tokens"), 12L));
    child.setStatus(StatusCode.ERROR, "judge failed");
    child.end();
    parent.setStatus(StatusCode.OK);
    parent.end();
    List<SpanData> spans = memory.getFinishedSpanItems();
    provider.shutdown();
    return spans;
  }

  private static JsonNode withoutEmptyLists(JsonNode node) {
    if (node instanceof ObjectNode) {
      ObjectNode object = (ObjectNode) node;
      List<String> empty = new ArrayList<>();
      object
          .fields()
          .forEachRemaining(
              field -> {
                if (field.getValue().isArray() && field.getValue().isEmpty()) {
                  empty.add(field.getKey());
                } else {
                  withoutEmptyLists(field.getValue());
                }
              });
      object.remove(empty);
    } else if (node.isArray()) {
      node.forEach(CollectorFileFormatTest::withoutEmptyLists);
    }
    return node;
  }

  @Test
  void theDriversLinesAndTheCollectorsLinesAreTheSameJson() throws Exception {
    List<SpanData> spans = varietyOfSpans();
    Path written = dir.resolve("written.jsonl");
    Path received = dir.resolve("received.jsonl");

    try (JsonLinesFile file = JsonLinesFile.open(written)) {
      assertThat(new OtlpJsonLinesSpanExporter(file).export(spans).isSuccess()).isTrue();
    }
    try (JsonLinesFile file = JsonLinesFile.open(received)) {
      LocalCollector collector =
          LocalCollector.start(
              "test-run", file, java.net.InetAddress.getLoopbackAddress(), 0, "127.0.0.1", 1 << 20);
      OtlpHttpSpanExporter http =
          OtlpHttpSpanExporter.builder()
              .setEndpoint(collector.endpoint() + "/v1/traces")
              .addHeader("Authorization", collector.authorizationHeader())
              .build();
      try {
        assertThat(http.export(spans).join(10, TimeUnit.SECONDS).isSuccess()).isTrue();
      } finally {
        http.shutdown();
        collector.close();
      }
    }

    String driverLine = TestRuns.lines(written).get(0);
    String collectorLine = TestRuns.lines(received).get(0);
    JsonNode driver = withoutEmptyLists(JSON.readTree(driverLine));
    assertThat(JSON.readTree(collectorLine)).isEqualTo(driver);
    assertThat(collectorLine).contains("\"traceId\":\"" + spans.get(0).getTraceId() + "\"");
  }
}
