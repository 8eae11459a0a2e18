package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.conventions.SpanAttributes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * traces.jsonl: one OTLP/JSON ExportTraceServiceRequest per line, every span named by service and
 * run.
 */
class TraceFileTest {

  private static final Stage STEP = Stage.define("Pipeline.step", "step", Kind.CUSTOM);

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  @Test
  void everyLineIsAnExportTraceServiceRequestThatNamesTheServiceAndTheRun() {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .serviceName("rollout")
                .runId("run-42")
                .resourceAttribute("deployment.environment", "test")
                .batch(batch -> batch.withBatchSize(10))
                .build());
    int count = 0;
    for (int i = 0; i < 25; i++) {
      StageSpan outer = STEP.start();
      outer.attribute("sample.id", "s-" + i);
      outer.attribute("ids", new long[] {1, 2});
      outer.metric("reward", 0.5);
      outer.event("checkpoint");
      try (TraceScope inner = Trace.span("inner", Map.of("n", i, "ok", true))) {
        Trace.event("tick", Map.of("k", "v"));
      }
      if (i % 5 == 0) {
        outer.fail(new IllegalStateException());
      }
      outer.end();
      count += 2;
    }
    runtime.close();

    List<ExportTraceServiceRequest> requests = TestRuns.readRequests(runtime.traceFile());
    assertThat(requests).isNotEmpty();
    assertThat(TestRuns.spans(requests)).hasSize(count);
    for (ExportTraceServiceRequest request : requests) {
      assertThat(TestRuns.spans(List.of(request)))
          .as("spans of one line")
          .hasSizeLessThanOrEqualTo(10);
      for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
        assertThat(TestRuns.resourceAttribute(resourceSpans, "service.name")).contains("rollout");
        assertThat(TestRuns.resourceAttribute(resourceSpans, SpanAttributes.RUN_ID))
            .contains("run-42");
        assertThat(TestRuns.resourceAttribute(resourceSpans, "deployment.environment"))
            .contains("test");
        assertThat(resourceSpans.getResource().getAttributesList())
            .anySatisfy(attribute -> assertThat(attribute.getKey()).isEqualTo("process.pid"));
      }
    }
    assertThat(TestRuns.spans(requests))
        .filteredOn(span -> span.getName().equals("Pipeline.step"))
        .filteredOn(
            span ->
                span.getStatus().getCode()
                    == io.opentelemetry.proto.trace.v1.Status.StatusCode.STATUS_CODE_ERROR)
        .hasSize(5);
  }

  @Test
  void idsAndTimesUseTheOtlpJsonEncoding() {
    TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).build());
    StageSpan outer = STEP.start();
    STEP.start().end();
    outer.end();
    runtime.close();

    // The protobuf parser reads ids as base64; the OTLP/JSON spec wants hex, so check the raw JSON.
    List<JsonNode> spans = new ArrayList<>();
    for (JsonNode line : TestRuns.readJsonLines(runtime.traceFile())) {
      line.path("resourceSpans")
          .forEach(rs -> rs.path("scopeSpans").forEach(ss -> ss.path("spans").forEach(spans::add)));
    }
    assertThat(spans)
        .hasSize(2)
        .allSatisfy(
            span -> {
              assertThat(span.path("traceId").asText()).matches("[0-9a-f]{32}");
              assertThat(span.path("spanId").asText()).matches("[0-9a-f]{16}");
              assertThat(span.path("startTimeUnixNano").isTextual())
                  .as("64-bit times are strings")
                  .isTrue();
              assertThat(span.path("kind").isInt()).isTrue();
            });
    assertThat(spans)
        .anySatisfy(span -> assertThat(span.path("parentSpanId").asText()).matches("[0-9a-f]{16}"));
  }

  @Test
  void spansEndedOnManyThreadsAllArriveInWholeLines() throws Exception {
    TraceRuntime runtime =
        Tracing.configure(TestRuns.config(dir).batch(batch -> batch.withBatchSize(7)).build());
    int threads = 4;
    int perThread = 300;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < perThread; i++) {
                    StageSpan span = STEP.start();
                    span.attribute("text", "x".repeat(i % 50));
                    span.end();
                  }
                }));
      }
      for (Future<?> future : done) {
        future.get();
      }
    } finally {
      pool.shutdown();
    }
    runtime.close();

    List<Span> spans = TestRuns.spans(TestRuns.readRequests(runtime.traceFile()));
    assertThat(spans).hasSize(threads * perThread);
    assertThat(spans).extracting(Span::getSpanId).doesNotHaveDuplicates();
    assertThat(runtime.exportedSpans()).isEqualTo(threads * perThread);
  }
}
