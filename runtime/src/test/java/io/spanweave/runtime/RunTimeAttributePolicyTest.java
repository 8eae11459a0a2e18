package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.annotations.Kind;
import io.spanweave.api.SpanStatus;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.api.TracingFaults;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run-time half of the attribute-secret and attribute-payload rules, API by API: a key only
 * known at run time that names a secret has its text recorded as [REDACTED], one that names a
 * payload is not recorded, each reported as a counted fault; numbers under such keys and ordinary
 * keys pass. (The compile-time half of the same table is the lint rules' tests.)
 */
class RunTimeAttributePolicyTest {

  private static final Stage STAGE = Stage.define("Worker.run", "run", Kind.CUSTOM);

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  @BeforeEach
  void startTracing() {
    SdkTracing.configure(TestRuns.config(dir).build(), spans);
  }

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  /** Each API that takes an attribute key from the caller, writing {@code key = value} under span or event "probe". */
  static Stream<Arguments> apis() {
    return Stream.of(
        api("Trace.span(name, attributes)", (k, v) -> {
          try (TraceScope s = Trace.span("probe", Map.of(k, v))) {
          }
        }),
        api("Trace.span(kind, name, attributes)", (k, v) -> {
          try (TraceScope s = Trace.span(Kind.TOOL, "probe", Map.of(k, v))) {
          }
        }),
        api("Trace.call(name, attributes, body)", (k, v) -> Trace.call("probe", Map.of(k, v), () -> 1)),
        api("Trace.run(name, attributes, body)", (k, v) -> Trace.run("probe", Map.of(k, v), () -> { })),
        api("Trace.setAttribute(key, String)", (k, v) -> {
          try (TraceScope s = Trace.span("probe")) {
            Trace.setAttribute(k, (String) v);
          }
        }),
        api("Trace.setAttributes(map)", (k, v) -> {
          try (TraceScope s = Trace.span("probe")) {
            Trace.setAttributes(Map.of(k, v));
          }
        }),
        api("Trace.event(name, attributes)", (k, v) -> {
          try (TraceScope s = Trace.span("outer")) {
            Trace.event("probe", Map.of(k, v));
          }
        }),
        api("Trace.recordSyntheticSpan(..., attributes, ...)", (k, v) ->
            Trace.recordSyntheticSpan("probe", 1_000L, 2_000L, Map.of(k, v), null, SpanStatus.OK)),
        api("StageSpan.attribute(key, String)", (k, v) -> stage(span -> span.attribute(k, (String) v))),
        api("StageSpan.attribute(key, String[])", (k, v) -> stage(span -> span.attribute(k, new String[] {(String) v}))),
        api("StageSpan.attribute(key, List)", (k, v) -> stage(span -> span.attribute(k, List.of(v)))));
  }

  private static Arguments api(String name, BiConsumer<String, Object> write) {
    return Arguments.of(name, write);
  }

  private static void stage(java.util.function.Consumer<StageSpan> write) {
    StageSpan span = STAGE.start();
    write.accept(span);
    span.end();
  }

  /** The attributes the probe wrote: of the span or event named "probe" (stage spans are named Worker.run). */
  private Attributes written() {
    for (SpanData span : spans.getFinishedSpanItems()) {
      if (span.getName().equals("probe") || span.getName().equals("Worker.run")) {
        return span.getAttributes();
      }
      for (var event : span.getEvents()) {
        if (event.getName().equals("probe")) {
          return event.getAttributes();
        }
      }
    }
    throw new AssertionError("no probe recorded: " + spans.getFinishedSpanItems());
  }

  private static Object value(Attributes attributes, String key) {
    Object scalar = attributes.get(AttributeKey.stringKey(key));
    return scalar != null ? scalar : attributes.get(AttributeKey.stringArrayKey(key));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("apis")
  void aSecretKeysTextIsRedacted(String api, BiConsumer<String, Object> write) {
    long before = TracingFaults.count("attribute-secret");
    write.accept("user_api_key", "sk-live-1234567890abcdef");
    Object recorded = value(written(), "user_api_key");
    assertThat(recorded).as(api).isIn("[REDACTED]", List.of("[REDACTED]"));
    assertThat(TracingFaults.count("attribute-secret")).as(api).isGreaterThan(before);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("apis")
  void aPayloadKeysTextIsNotRecorded(String api, BiConsumer<String, Object> write) {
    long before = TracingFaults.count("attribute-payload");
    write.accept("llm.prompt", "Tell me the password");
    assertThat(value(written(), "llm.prompt")).as(api).isNull();
    assertThat(TracingFaults.count("attribute-payload")).as(api).isGreaterThan(before);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("apis")
  void ordinaryKeysAndCountsPass(String api, BiConsumer<String, Object> write) {
    write.accept("sample.id", "s-1");
    assertThat(value(written(), "sample.id")).as(api).isIn("s-1", List.of("s-1"));
  }
}
