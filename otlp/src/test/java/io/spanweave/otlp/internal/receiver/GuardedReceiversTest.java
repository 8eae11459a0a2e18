package io.spanweave.otlp.internal.receiver;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.runtime.internal.collector.LocalCollector;
import io.spanweave.runtime.internal.guard.GuardrailReport;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run-time guardrails on the collector's protobuf paths: OpenTelemetry's own OTLP/HTTP protobuf
 * and OTLP/gRPC exporters send a GenAI span with a prompt, messages, an API key and a bearer token,
 * and the run's file keeps the span, its counts and its harmless attributes, without any of those.
 */
class GuardedReceiversTest {

  private static final String SECRET = "sk-guardProtobuf0123456789abcdef";

  @TempDir Path dir;
  private Path traces;
  private JsonLinesFile file;
  private GuardrailReport report;
  private LocalCollector collector;

  @BeforeEach
  void start() throws Exception {
    traces = dir.resolve("traces.jsonl");
    file = JsonLinesFile.open(traces);
    report = GuardrailReport.start(ReceivedLines.RUN_ID, dir.resolve("guardrails.json"), true);
    collector =
        LocalCollector.start(
            ReceivedLines.RUN_ID,
            file,
            null,
            InetAddress.getLoopbackAddress(),
            0,
            null,
            1 << 20,
            report);
  }

  @AfterEach
  void stop() throws Exception {
    collector.close();
    file.close();
  }

  private static List<SpanData> llmSpan(String name) {
    InMemorySpanExporter memory = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder()
            .setResource(
                Resource.create(
                    Attributes.of(
                        AttributeKey.stringKey("service.name"),
                        "engine",
                        AttributeKey.stringKey("process.command_args"),
                        "serve --api-key " + SECRET)))
            .addSpanProcessor(SimpleSpanProcessor.create(memory))
            .build();
    Span span =
        provider
            .get("engine")
            .spanBuilder(name)
            .setAttribute("gen_ai.operation.name", "chat")
            .setAttribute("gen_ai.request.model", "tiny")
            .setAttribute("gen_ai.usage.input_tokens", 12L)
            .setAttribute("gen_ai.usage.output_tokens", 5L)
            .setAttribute("gen_ai.prompt", "the prompt " + SECRET)
            .setAttribute(
                AttributeKey.stringArrayKey("gen_ai.input.messages"),
                List.of("{\"role\":\"user\"}", SECRET))
            .setAttribute("api_key", SECRET)
            .setAttribute("http.request.header.x", "Bearer " + SECRET)
            .startSpan();
    span.addEvent(
        "gen_ai.content.prompt", Attributes.of(AttributeKey.stringKey("gen_ai.prompt"), SECRET));
    span.addEvent(
        "retry",
        Attributes.of(
            AttributeKey.longKey("attempt"),
            2L,
            AttributeKey.stringKey("gen_ai.completion"),
            SECRET));
    span.end();
    List<SpanData> spans = memory.getFinishedSpanItems();
    provider.shutdown();
    return spans;
  }

  private static void export(SpanExporter exporter, List<SpanData> spans) {
    try {
      assertThat(exporter.export(spans).join(20, TimeUnit.SECONDS).isSuccess())
          .as("export by " + exporter)
          .isTrue();
    } finally {
      exporter.shutdown().join(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void protobufAndGrpcSpansKeepTheirCountsAndLoseTheirPromptsAndSecrets() throws Exception {
    export(
        OtlpHttpSpanExporter.builder()
            .setEndpoint(collector.endpoint() + "/v1/traces")
            .addHeader("Authorization", collector.authorizationHeader())
            .build(),
        llmSpan("chat http"));
    export(
        OtlpGrpcSpanExporter.builder()
            .setEndpoint(collector.endpoint())
            .setCompression("gzip")
            .addHeader("Authorization", collector.authorizationHeader())
            .build(),
        llmSpan("chat grpc"));

    String written = Files.readString(traces);
    assertThat(written).doesNotContain(SECRET).doesNotContain("guardProtobuf");
    List<io.opentelemetry.proto.trace.v1.Span> spans = new ArrayList<>();
    for (String line : Files.readAllLines(traces)) {
      for (ResourceSpans resource : ReceivedLines.parse(line).getResourceSpansList()) {
        assertThat(values(resource.getResource().getAttributesList()))
            .containsEntry("service.name", "engine")
            .containsEntry("process.command_args", "serve --api-key sk-[REDACTED]");
        for (ScopeSpans scope : resource.getScopeSpansList()) {
          spans.addAll(scope.getSpansList());
        }
      }
    }
    assertThat(spans)
        .extracting(io.opentelemetry.proto.trace.v1.Span::getName)
        .containsExactly("chat http", "chat grpc");
    for (io.opentelemetry.proto.trace.v1.Span span : spans) {
      Map<String, String> attributes = values(span.getAttributesList());
      assertThat(attributes)
          .containsEntry("gen_ai.operation.name", "chat")
          .containsEntry("gen_ai.request.model", "tiny")
          .containsEntry("gen_ai.usage.input_tokens", "12")
          .containsEntry("gen_ai.usage.output_tokens", "5")
          .containsEntry("api_key", "[REDACTED]")
          .containsEntry("http.request.header.x", "Bearer [REDACTED]")
          .doesNotContainKeys("gen_ai.prompt", "gen_ai.input.messages");
      assertThat(span.getEventsList())
          .extracting(io.opentelemetry.proto.trace.v1.Span.Event::getName)
          .containsExactly("retry");
      assertThat(values(span.getEvents(0).getAttributesList())).containsOnlyKeys("attempt");
    }
    report.close(); // as the run does at close: the file then holds every count
    assertThat(report.droppedAttributes())
        .containsEntry("gen_ai.prompt", 2L)
        .containsEntry("gen_ai.input.messages", 2L)
        .containsEntry("gen_ai.completion", 2L);
    assertThat(report.redactedAttributes())
        .containsEntry("api_key", 2L)
        .containsEntry("http.request.header.x", 2L)
        .containsEntry("process.command_args", 2L);
    assertThat(report.droppedEvents()).containsEntry("gen_ai.content.prompt", 2L);
    assertThat(Files.readString(dir.resolve("guardrails.json")))
        .contains("\"gen_ai.prompt\":2")
        .doesNotContain(SECRET);
  }

  private static Map<String, String> values(List<KeyValue> attributes) {
    Map<String, String> values = new java.util.LinkedHashMap<>();
    for (KeyValue attribute : attributes) {
      values.put(
          attribute.getKey(),
          switch (attribute.getValue().getValueCase()) {
            case STRING_VALUE -> attribute.getValue().getStringValue();
            case INT_VALUE -> Long.toString(attribute.getValue().getIntValue());
            default -> attribute.getValue().toString();
          });
    }
    return values;
  }
}
