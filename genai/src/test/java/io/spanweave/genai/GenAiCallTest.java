package io.spanweave.genai;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.baggage.Baggage;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.api.TracingFaults;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.conventions.GenAiAttributes;
import io.spanweave.conventions.SpanAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The GenAI client span as the real OpenTelemetry SDK records it. */
class GenAiCallTest {

  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private SdkTracerProvider provider;
  private ActiveTracing active;

  @BeforeEach
  void tracingOn() {
    provider =
        SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
    Tracer tracer = provider.get("spanweave-test");
    active =
        new ActiveTracing(
            tracer,
            ContextPropagators.noop(),
            "run-genai",
            64,
            2,
            false,
            0,
            3L,
            null,
            Set.of(),
            false,
            false,
            keys -> {});
    ActiveTracing.install(active);
  }

  @AfterEach
  void tracingOff() {
    ActiveTracing.uninstall(active);
    provider.close();
  }

  @Test
  void aChatCallIsAClientSpanNamedByOperationAndModelWithTheRequestAndResponseFacts() {
    GenAiCall call =
        GenAiCall.start(
            GenAiRequest.chat("openai", "gpt-4o-mini").temperature(0.2).maxTokens(256L).topP(0.9));
    call.end(
        GenAiResponse.builder()
            .id("chatcmpl-1")
            .model("gpt-4o-mini-2024-07-18")
            .finishReasons(List.of("stop"))
            .inputTokens(12L)
            .outputTokens(34L)
            .build());

    SpanData span = onlySpan();
    assertThat(span.getName()).isEqualTo("chat gpt-4o-mini");
    assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
    assertThat(span.hasEnded()).isTrue();
    assertThat(string(span, GenAiAttributes.OPERATION_NAME)).isEqualTo("chat");
    assertThat(string(span, GenAiAttributes.PROVIDER_NAME)).isEqualTo("openai");
    assertThat(string(span, GenAiAttributes.REQUEST_MODEL)).isEqualTo("gpt-4o-mini");
    assertThat(
            span.getAttributes().get(AttributeKey.doubleKey(GenAiAttributes.REQUEST_TEMPERATURE)))
        .isEqualTo(0.2);
    assertThat(span.getAttributes().get(AttributeKey.longKey(GenAiAttributes.REQUEST_MAX_TOKENS)))
        .isEqualTo(256L);
    assertThat(span.getAttributes().get(AttributeKey.doubleKey(GenAiAttributes.REQUEST_TOP_P)))
        .isEqualTo(0.9);
    assertThat(string(span, GenAiAttributes.RESPONSE_ID)).isEqualTo("chatcmpl-1");
    assertThat(string(span, GenAiAttributes.RESPONSE_MODEL)).isEqualTo("gpt-4o-mini-2024-07-18");
    assertThat(
            span.getAttributes()
                .get(AttributeKey.stringArrayKey(GenAiAttributes.RESPONSE_FINISH_REASONS)))
        .containsExactly("stop");
    assertThat(span.getAttributes().get(AttributeKey.longKey(GenAiAttributes.USAGE_INPUT_TOKENS)))
        .isEqualTo(12L);
    assertThat(span.getAttributes().get(AttributeKey.longKey(GenAiAttributes.USAGE_OUTPUT_TOKENS)))
        .isEqualTo(34L);
    assertThat(string(span, SpanAttributes.KIND)).isEqualTo("model");
    assertThat(string(span, SpanAttributes.STAGE)).isEqualTo("llm");
    assertThat(string(span, SpanAttributes.STATUS)).isEqualTo("ok");
    assertThat(span.getStatus().getStatusCode()).isNotEqualTo(StatusCode.ERROR);
    // What every spanweave span carries at its start.
    assertThat(string(span, SpanAttributes.THREAD_NAME))
        .isEqualTo(Thread.currentThread().getName());
    assertThat(span.getAttributes().get(AttributeKey.longKey(SpanAttributes.RANK))).isEqualTo(3L);
  }

  @Test
  void unsetRequestFieldsAreNotRecordedAndAMissingModelLeavesTheOperationAsName() {
    GenAiCall call = GenAiCall.start(GenAiRequest.chat(null, null));
    call.end(GenAiResponse.none());

    SpanData span = onlySpan();
    assertThat(span.getName()).isEqualTo("chat");
    assertThat(span.getAttributes().asMap().keySet())
        .extracting(AttributeKey::getKey)
        .containsOnly(
            GenAiAttributes.OPERATION_NAME,
            SpanAttributes.KIND,
            SpanAttributes.STAGE,
            SpanAttributes.THREAD_ID,
            SpanAttributes.THREAD_NAME,
            SpanAttributes.RANK,
            SpanAttributes.STATUS);
  }

  @Test
  void theSpanIsTheChildOfTheSpanCurrentAtStartAndCarriesItsStepWhateverThreadEndsIt()
      throws Exception {
    GenAiCall call;
    String stageSpanId;
    Context withStep =
        Context.current().with(Baggage.builder().put(SpanAttributes.STEP, "7").build());
    try (Scope step = withStep.makeCurrent();
        TraceScope stage = Trace.span("judge")) {
      stageSpanId = Span.current().getSpanContext().getSpanId();
      call = GenAiCall.start(GenAiRequest.chat("openai", "m").streaming(true));
    }
    ExecutorService callbackThread = Executors.newSingleThreadExecutor();
    try {
      callbackThread
          .submit(
              () -> {
                call.firstChunk();
                call.end(GenAiResponse.builder().outputTokens(5L).build());
              })
          .get(10, TimeUnit.SECONDS);
    } finally {
      callbackThread.shutdownNow();
    }

    SpanData span = spanNamed("chat m");
    assertThat(span.getParentSpanId()).isEqualTo(stageSpanId);
    assertThat(span.getAttributes().get(AttributeKey.longKey(SpanAttributes.STEP))).isEqualTo(7L);
    assertThat(
            span.getAttributes()
                .get(AttributeKey.doubleKey(GenAiAttributes.RESPONSE_TIME_TO_FIRST_CHUNK)))
        .isNotNull()
        .isGreaterThanOrEqualTo(0.0);
  }

  @Test
  void onlyTheFirstChunkCountsAndNothingIsRecordedAfterTheEnd() {
    GenAiCall call = GenAiCall.start(GenAiRequest.chat("openai", "m").streaming(true));
    call.firstChunk();
    call.end(GenAiResponse.none());
    call.firstChunk();
    call.fail("timeout");
    call.end(GenAiResponse.builder().inputTokens(1L).build());

    SpanData span = onlySpan();
    assertThat(
            span.getAttributes()
                .get(AttributeKey.doubleKey(GenAiAttributes.RESPONSE_TIME_TO_FIRST_CHUNK)))
        .isNotNull();
    assertThat(string(span, SpanAttributes.STATUS)).isEqualTo("ok");
    assertThat(string(span, SpanAttributes.ERROR_TYPE)).isNull();
    assertThat(span.getAttributes().get(AttributeKey.longKey(GenAiAttributes.USAGE_INPUT_TOKENS)))
        .isNull();
  }

  @Test
  void aFailureRecordsTheExceptionClassButNeverItsMessage() {
    GenAiCall call = GenAiCall.start(GenAiRequest.chat("openai", "m"));
    call.fail(
        new CompletionException(new IllegalStateException("the prompt was: my-secret-prompt")));

    SpanData span = onlySpan();
    assertThat(string(span, SpanAttributes.ERROR_TYPE))
        .isEqualTo(IllegalStateException.class.getName());
    assertThat(string(span, SpanAttributes.STATUS)).isEqualTo("error");
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(span.getStatus().getDescription()).doesNotContain("my-secret-prompt");
    assertThat(span.getEvents()).isEmpty();
    assertThat(span.getAttributes().toString()).doesNotContain("my-secret-prompt");
  }

  @Test
  void aFailureGivenAsATypeRecordsIt() {
    GenAiCall.start(GenAiRequest.chat("openai", "a")).fail("429");
    GenAiCall.start(GenAiRequest.chat("openai", "b")).fail((String) null);

    assertThat(string(spanNamed("chat a"), SpanAttributes.ERROR_TYPE)).isEqualTo("429");
    assertThat(string(spanNamed("chat b"), SpanAttributes.ERROR_TYPE)).isEqualTo("_OTHER");
    assertThat(spanNamed("chat b").getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
  }

  @Test
  void aToolExecutionIsAnInternalSpanNamedByTheTool() {
    GenAiCall tool = GenAiCall.startTool("get_weather");
    tool.end(GenAiResponse.none());

    SpanData span = onlySpan();
    assertThat(span.getName()).isEqualTo("execute_tool get_weather");
    assertThat(span.getKind()).isEqualTo(SpanKind.INTERNAL);
    assertThat(string(span, GenAiAttributes.OPERATION_NAME)).isEqualTo("execute_tool");
    assertThat(string(span, GenAiAttributes.TOOL_NAME)).isEqualTo("get_weather");
    assertThat(string(span, SpanAttributes.KIND)).isEqualTo("tool");
    assertThat(string(span, SpanAttributes.STAGE)).isEqualTo("tool");
  }

  @Test
  void theCallsContextParentsWorkDoneUnderIt() {
    GenAiCall call = GenAiCall.start(GenAiRequest.chat("openai", "m"));
    TraceContext context = call.context();
    assertThat(context.isValid()).isTrue();
    assertThat(context.runId()).isEqualTo("run-genai");
    try (TraceScope attached = Trace.attach(context)) {
      GenAiCall.startTool("lookup").end(GenAiResponse.none());
    }
    call.end(GenAiResponse.none());

    assertThat(spanNamed("execute_tool lookup").getParentSpanId())
        .isEqualTo(spanNamed("chat m").getSpanId());
    assertThat(context.spanId()).isEqualTo(spanNamed("chat m").getSpanId());
  }

  @Test
  void longValuesAreCutToTheConfiguredLengthAndFinishReasonsToTheArrayLength() {
    String longModel = "m".repeat(200);
    GenAiCall call = GenAiCall.start(GenAiRequest.chat("openai", longModel));
    call.end(GenAiResponse.builder().finishReasons(List.of("stop", "length", "stop")).build());

    SpanData span = onlySpan();
    assertThat(string(span, GenAiAttributes.REQUEST_MODEL)).hasSizeLessThanOrEqualTo(64);
    assertThat(span.getName()).hasSizeLessThanOrEqualTo("chat ".length() + 64);
    assertThat(
            span.getAttributes()
                .get(AttributeKey.stringArrayKey(GenAiAttributes.RESPONSE_FINISH_REASONS)))
        .containsExactly("stop", "length");
  }

  @Test
  void concurrentEndsAndFailuresEndTheSpanExactlyOnce() throws Exception {
    GenAiCall call = GenAiCall.start(GenAiRequest.chat("openai", "m"));
    int threads = 8;
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        int n = i;
        done.add(
            pool.submit(
                () -> {
                  go.await();
                  if (n % 2 == 0) {
                    call.end(GenAiResponse.builder().outputTokens((long) n).build());
                  } else {
                    call.fail("timeout");
                  }
                  return null;
                }));
      }
      go.countDown();
      for (Future<?> f : done) {
        f.get(10, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(exporter.getFinishedSpanItems()).hasSize(1);
  }

  @Test
  void whileTracingIsOffEveryCallIsTheSharedNoOp() {
    ActiveTracing.uninstall(active);
    long faults = TracingFaults.count("genai");
    GenAiCall call = GenAiCall.start(GenAiRequest.chat("openai", "m"));
    GenAiCall tool = GenAiCall.startTool("t");
    call.firstChunk();
    call.end(GenAiResponse.none());
    call.fail(new IllegalStateException());
    tool.fail("x");

    assertThat(call).isSameAs(tool);
    assertThat(call.isRecording()).isFalse();
    assertThat(call.context().isValid()).isFalse();
    assertThat(exporter.getFinishedSpanItems()).isEmpty();
    assertThat(TracingFaults.count("genai")).isEqualTo(faults);
  }

  @Test
  void aMissingRequestIsReportedAsAFaultNotThrown() {
    long faults = TracingFaults.count("genai");
    GenAiCall call = GenAiCall.start(null);
    call.end(GenAiResponse.none());

    assertThat(call.isRecording()).isFalse();
    assertThat(TracingFaults.count("genai")).isEqualTo(faults + 1);
    assertThat(exporter.getFinishedSpanItems()).isEmpty();
  }

  private SpanData onlySpan() {
    assertThat(exporter.getFinishedSpanItems()).hasSize(1);
    return exporter.getFinishedSpanItems().get(0);
  }

  private SpanData spanNamed(String name) {
    return exporter.getFinishedSpanItems().stream()
        .filter(s -> s.getName().equals(name))
        .findFirst()
        .orElseThrow(
            () -> new AssertionError("no span " + name + " in " + exporter.getFinishedSpanItems()));
  }

  private static String string(SpanData span, String key) {
    return span.getAttributes().get(AttributeKey.stringKey(key));
  }
}
