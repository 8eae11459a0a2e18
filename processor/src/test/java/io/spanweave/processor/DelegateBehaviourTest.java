package io.spanweave.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.processor.fixtures.Generation;
import io.spanweave.processor.fixtures.Judgement;
import io.spanweave.processor.fixtures.Pipeline;
import io.spanweave.processor.fixtures.Remote;
import io.spanweave.processor.fixtures.Request;
import io.spanweave.processor.fixtures.RolloutDriver;
import io.spanweave.processor.fixtures.TenantService;
import io.spanweave.processor.fixtures.ToolException;
import io.spanweave.processor.fixtures.Usage;
import io.spanweave.runtime.SdkTracing;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs generated delegates against the real OpenTelemetry SDK and checks the spans they record:
 * names, nesting, stage, kind, metrics, attributes, errors, async completion, boundaries, advice.
 */
class DelegateBehaviourTest {

  @TempDir Path outputDir;

  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private TraceRuntime runtime;

  @BeforeEach
  void startTracing() {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("processor-test")
            .outputDir(outputDir)
            .viewer(viewer -> viewer.withEnabled(false))
            .build();
    runtime = SdkTracing.configure(config, spans);
  }

  @AfterEach
  void stopTracing() {
    runtime.close();
  }

  @Test
  void recordsNameStageKindAttributesAndMetrics() {
    Pipeline pipeline = GeneratedDelegates.wrap(Pipeline.class, new FakePipeline());

    Generation generation = pipeline.generate("s-1", 3, "a prompt that is never recorded");

    assertThat(generation.text()).isEqualTo("text for s-1");
    SpanData span = onlySpan("Pipeline.generate");
    assertThat(span.getKind()).isEqualTo(SpanKind.INTERNAL);
    assertThat(string(span, "spanweave.stage")).isEqualTo("generate");
    assertThat(string(span, "spanweave.kind")).isEqualTo("model");
    assertThat(string(span, "code.function.name")).isEqualTo("Pipeline.generate");
    assertThat(string(span, "team")).isEqualTo("rl");
    assertThat(string(span, "sample.id")).isEqualTo("s-1");
    assertThat(number(span, "attempt")).isEqualTo(3L);
    assertThat(number(span, "spanweave.metric.numTokens")).isEqualTo(7L);
    assertThat(number(span, "spanweave.metric.gen_ai.usage.input_tokens")).isEqualTo(11L);
    // A metric keyed with a GenAI name is also recorded under that name, for LLM backends.
    assertThat(number(span, "gen_ai.usage.input_tokens")).isEqualTo(11L);
    assertThat(number(span, "spanweave.metric.usage.outputTokens")).isEqualTo(13L);
    assertThat(span.getAttributes().get(AttributeKey.longKey("usage.outputTokens"))).isNull();
    assertThat(span.getAttributes().asMap().values())
        .doesNotContain("a prompt that is never recorded");
    assertThat(span.getStatus().getStatusCode()).isNotEqualTo(StatusCode.ERROR);
  }

  @Test
  void metricsOnNullValuesAreSkippedWithoutFailingTheCall() {
    FakePipeline fake = new FakePipeline();
    fake.usage = null;
    Pipeline pipeline = GeneratedDelegates.wrap(Pipeline.class, fake);

    pipeline.generate("s-2", 1, "p");

    SpanData span = onlySpan("Pipeline.generate");
    assertThat(number(span, "spanweave.metric.numTokens")).isEqualTo(7L);
    assertThat(
            span.getAttributes()
                .get(AttributeKey.longKey("spanweave.metric.gen_ai.usage.input_tokens")))
        .isNull();
    assertThat(span.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens")))
        .isNull();
    assertThat(span.getStatus().getStatusCode()).isNotEqualTo(StatusCode.ERROR);
  }

  @Test
  void listAttributesAndParameterMetricsOnVoidMethods() {
    Pipeline pipeline = GeneratedDelegates.wrap(Pipeline.class, new FakePipeline());

    pipeline.load(List.of("a", "b", "c"));

    SpanData span = onlySpan("Pipeline.load");
    assertThat(span.getAttributes().get(AttributeKey.stringArrayKey("ids")))
        .containsExactly("a", "b", "c");
    assertThat(number(span, "spanweave.metric.batch")).isEqualTo(3L);
    assertThat(string(span, "spanweave.kind")).isEqualTo("dataset");
  }

  @Test
  void checkedExceptionIsRethrownUnchangedAndRecorded() {
    FakePipeline fake = new FakePipeline();
    Pipeline pipeline = GeneratedDelegates.wrap(Pipeline.class, fake);

    assertThatThrownBy(() -> pipeline.tool("search")).isSameAs(fake.toolFailure);

    SpanData span = onlySpan("Pipeline.tool");
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(string(span, "error.type")).isEqualTo(ToolException.class.getName());
    assertThat(string(span, "spanweave.status")).isEqualTo("error");
    assertThat(string(span, "name")).isEqualTo("search");
  }

  @Test
  void untracedMethodsPassThroughWithoutSpans() {
    Pipeline pipeline = GeneratedDelegates.wrap(Pipeline.class, new FakePipeline());

    assertThat(pipeline.describe()).isEqualTo("fake");
    assertThat(spans.getFinishedSpanItems()).isEmpty();
  }

  @Test
  void asyncSpanEndsWhenTheStageCompletesAndReadsMetricsFromTheValue() {
    FakePipeline fake = new FakePipeline();
    Pipeline pipeline = GeneratedDelegates.wrap(Pipeline.class, fake);

    CompletableFuture<Judgement> judgement = pipeline.judge("s-1", null);

    assertThat(judgement).isSameAs(fake.pendingJudgement);
    assertThat(spans.getFinishedSpanItems()).isEmpty();
    fake.pendingJudgement.complete(new Judgement(0.75, true));
    SpanData span = onlySpan("Pipeline.judge");
    assertThat(
            ((Number) span.getAttributes().get(AttributeKey.doubleKey("spanweave.metric.score")))
                .doubleValue())
        .isEqualTo(0.75);
    assertThat(span.getAttributes().get(AttributeKey.booleanKey("spanweave.metric.accepted")))
        .isTrue();
    assertThat(string(span, "spanweave.status")).isEqualTo("ok");
  }

  @Test
  void asyncFailureAndCancellationAreRecorded() {
    FakePipeline fake = new FakePipeline();
    Pipeline pipeline = GeneratedDelegates.wrap(Pipeline.class, fake);

    pipeline.judge("s-1", null);
    fake.pendingJudgement.completeExceptionally(new IllegalStateException("judge down"));
    SpanData failed = onlySpan("Pipeline.judge");
    assertThat(failed.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(string(failed, "error.type")).isEqualTo(IllegalStateException.class.getName());
    spans.reset();

    fake.pendingJudgement = new CompletableFuture<>();
    CompletableFuture<Judgement> cancelled = pipeline.judge("s-2", null);
    cancelled.cancel(true);
    SpanData span = onlySpan("Pipeline.judge");
    assertThat(string(span, "spanweave.status")).isEqualTo("cancelled");
    assertThat(fake.pendingJudgement.isCancelled())
        .as("cancel reaches the producer's stage")
        .isTrue();
  }

  @Test
  void asyncMethodThatThrowsBeforeReturningAStageEndsTheSpan() {
    FakePipeline fake = new FakePipeline();
    fake.pendingJudgement = null; // the fake throws instead of returning a stage
    Pipeline pipeline = GeneratedDelegates.wrap(Pipeline.class, fake);

    assertThatThrownBy(() -> pipeline.judge("s-1", null))
        .isInstanceOf(IllegalArgumentException.class);

    SpanData span = onlySpan("Pipeline.judge");
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
  }

  @Test
  void classDelegateNestsSpansOfCallsThroughThisAndThroughOtherDelegates() throws Exception {
    FakePipeline completesAtOnce = new FakePipeline();
    completesAtOnce.pendingJudgement = CompletableFuture.completedFuture(new Judgement(0.5, false));
    Pipeline completing = GeneratedDelegates.wrap(Pipeline.class, completesAtOnce);
    RolloutDriver driver =
        GeneratedDelegates.construct(
            RolloutDriver.class, new Class<?>[] {Pipeline.class}, completing);

    RolloutDriver.Outcome outcome = driver.rollout("s-9");

    assertThat(outcome.processed()).isEqualTo(14);
    SpanData rollout = onlySpan("RolloutDriver.rollout");
    SpanData generate = onlySpan("Pipeline.generate");
    SpanData judge = onlySpan("Pipeline.judge");
    SpanData postprocess = onlySpan("RolloutDriver.postprocess");
    assertThat(rollout.getAttributes().get(AttributeKey.doubleKey("spanweave.metric.reward")))
        .isEqualTo(0.5);
    assertThat(string(rollout, "spanweave.kind")).isEqualTo("rollout");
    for (SpanData child : List.of(generate, judge, postprocess)) {
      assertThat(child.getParentSpanId()).as(child.getName()).isEqualTo(rollout.getSpanId());
      assertThat(child.getTraceId()).isEqualTo(rollout.getTraceId());
    }
  }

  @Test
  void outboundCarrierHandedToInboundOnAnotherThreadGivesOneTrace() throws Exception {
    ExecutorService server = Executors.newSingleThreadExecutor();
    try {
      Remote[] serverSide = new Remote[1];
      Remote client =
          GeneratedDelegates.wrap(
              Remote.class,
              new Remote() {
                @Override
                public String send(Map<String, String> headers, String request) {
                  // The "network": the headers travel to another thread, which runs the inbound
                  // side.
                  Map<String, String> copy = new HashMap<>(headers);
                  return CompletableFuture.supplyAsync(
                          () -> serverSide[0].receive(copy, request), server)
                      .join();
                }

                @Override
                public String receive(Map<String, String> headers, String request) {
                  return "handled " + request;
                }
              });
      serverSide[0] = client;

      String reply;
      try (TraceScope parent = Trace.span("caller")) {
        reply = client.send(new HashMap<>(), "ping");
      }

      assertThat(reply).isEqualTo("handled ping");
      SpanData caller = onlySpan("caller");
      SpanData send = onlySpan("Remote.send");
      SpanData receive = onlySpan("remote.receive");
      assertThat(send.getKind()).isEqualTo(SpanKind.CLIENT);
      assertThat(receive.getKind()).isEqualTo(SpanKind.SERVER);
      assertThat(send.getParentSpanId()).isEqualTo(caller.getSpanId());
      assertThat(receive.getParentSpanId()).isEqualTo(send.getSpanId());
      assertThat(receive.getTraceId()).isEqualTo(caller.getTraceId()).isEqualTo(send.getTraceId());
    } finally {
      server.shutdownNow();
      server.awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void adviceSeesTheArgumentChoosesTheParentAndSeesTheResult() {
    TenantService service = GeneratedDelegates.wrap(TenantService.class, new FakeTenantService());
    TraceContext origin;
    try (TraceScope sender = Trace.span("sender")) {
      origin = TraceContext.current();
    }

    assertThat(service.handle(new Request("acme", origin), 2)).isEqualTo("ok acme");

    SpanData sender = onlySpan("sender");
    SpanData handle = onlySpan("tenant.handle");
    assertThat(string(handle, "tenant")).isEqualTo("acme");
    assertThat(string(handle, "advice.result")).isEqualTo("ok acme");
    assertThat(handle.getAttributes().get(AttributeKey.booleanKey("advice.failed"))).isFalse();
    assertThat(handle.getParentSpanId())
        .as("the advice chose the request's origin as parent")
        .isEqualTo(sender.getSpanId());
    assertThat(handle.getTraceId()).isEqualTo(sender.getTraceId());
  }

  @Test
  void batchAdviceLinksEveryArgumentsOrigin() {
    TenantService service = GeneratedDelegates.wrap(TenantService.class, new FakeTenantService());
    TraceContext first;
    TraceContext second;
    try (TraceScope a = Trace.span("first")) {
      first = TraceContext.current();
    }
    try (TraceScope b = Trace.span("second")) {
      second = TraceContext.current();
    }

    assertThat(service.handleAll(List.of(new Request("a", first), new Request("b", second))))
        .isEqualTo(2);

    SpanData batch = onlySpan("tenant.handleAll");
    assertThat(batch.getLinks())
        .extracting(link -> link.getSpanContext().getSpanId())
        .containsExactlyInAnyOrder(first.spanId(), second.spanId());
    assertThat(string(batch, "advice.result")).isEqualTo("2");
  }

  @Test
  void asyncAdviceSeesTheCompletedValue() {
    TenantService service = GeneratedDelegates.wrap(TenantService.class, new FakeTenantService());

    CompletableFuture<String> later = service.handleLater(new Request("acme", null));
    assertThat(spans.getFinishedSpanItems()).isEmpty();
    later.complete("done");

    SpanData span = onlySpan("tenant.handleLater");
    assertThat(string(span, "advice.result")).isEqualTo("done");
  }

  @Test
  void tracingOffStillCallsThroughAndRecordsNothing() {
    runtime.close();
    Pipeline pipeline = GeneratedDelegates.wrap(Pipeline.class, new FakePipeline());

    assertThat(pipeline.generate("s-1", 1, "p").numTokens()).isEqualTo(7);
    assertThatThrownBy(() -> pipeline.tool("x")).isInstanceOf(ToolException.class);
    assertThat(spans.getFinishedSpanItems()).isEmpty();
  }

  private SpanData onlySpan(String name) {
    List<SpanData> named =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(named).as("spans named %s among %s", name, spans.getFinishedSpanItems()).hasSize(1);
    return named.get(0);
  }

  private static String string(SpanData span, String key) {
    return span.getAttributes().get(AttributeKey.stringKey(key));
  }

  private static Long number(SpanData span, String key) {
    return span.getAttributes().get(AttributeKey.longKey(key));
  }

  /** The business side: what a user would write, knowing nothing of tracing. */
  static final class FakePipeline implements Pipeline {
    Usage usage = new Usage(11, 13L);
    CompletableFuture<Judgement> pendingJudgement = new CompletableFuture<>();
    final ToolException toolFailure = new ToolException("tool failed");

    @Override
    public Generation generate(String sampleId, int attempt, String prompt) {
      return new Generation("text for " + sampleId, 7, usage);
    }

    @Override
    public CompletableFuture<Judgement> judge(String sampleId, Generation generation) {
      if (pendingJudgement == null) {
        throw new IllegalArgumentException("no judge");
      }
      return pendingJudgement;
    }

    @Override
    public String tool(String name) throws ToolException {
      throw toolFailure;
    }

    @Override
    public void load(List<String> ids) {}

    @Override
    public String describe() {
      return "fake";
    }
  }

  static final class FakeTenantService implements TenantService {
    @Override
    public String handle(Request request, int priority) {
      return "ok " + request.tenant();
    }

    @Override
    public int handleAll(List<Request> requests) {
      return requests.size();
    }

    @Override
    public CompletableFuture<String> handleLater(Request request) {
      return new CompletableFuture<>();
    }
  }
}
