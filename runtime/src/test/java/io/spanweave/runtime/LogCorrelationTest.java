package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.MDC;

/**
 * trace_id, span_id and sample_id in the SLF4J MDC (Logback's) while a stage runs, and gone after.
 */
class LogCorrelationTest {

  private static final Stage GENERATE = Stage.define("Worker.generate", "generate", Kind.MODEL);

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  @BeforeEach
  void startTracing() {
    MDC.clear();
    SdkTracing.configure(TestRuns.config(dir).build(), spans);
  }

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  @Test
  void aRunningStageNamesItsTraceSpanAndSampleAndRestoresTheOuterOnesWhenItEnds() {
    MDC.put("sample_id", "outer-sample");
    StageSpan outer = GENERATE.start();
    String outerTrace = MDC.get("trace_id");
    String outerSpan = MDC.get("span_id");
    StageSpan inner = GENERATE.start();
    inner.attribute("sample.id", "s-17");
    assertThat(MDC.get("sample_id")).isEqualTo("s-17");
    assertThat(MDC.get("trace_id")).isEqualTo(outerTrace);
    assertThat(MDC.get("span_id")).isNotEqualTo(outerSpan).hasSize(16);
    inner.end();
    assertThat(MDC.get("span_id")).isEqualTo(outerSpan);
    assertThat(MDC.get("sample_id")).isEqualTo("outer-sample");
    outer.end();

    SpanData recorded = spans.getFinishedSpanItems().get(1);
    assertThat(outerTrace).isEqualTo(recorded.getTraceId());
    assertThat(outerSpan).isEqualTo(recorded.getSpanId());
    assertThat(MDC.get("trace_id")).isNull();
    assertThat(MDC.get("span_id")).isNull();
  }

  @Test
  void facadeSpansFillTheMdcToo() {
    try (TraceScope scope = Trace.span("agent.run", Map.of())) {
      assertThat(MDC.get("trace_id")).hasSize(32);
    }
    assertThat(MDC.get("trace_id")).isNull();
  }

  @Test
  void anAsyncStageLeavesNothingBehindOnTheCallerOrTheThreadThatCompletesIt() throws Exception {
    CompletableFuture<String> result = new CompletableFuture<>();
    StageSpan span = GENERATE.start();
    span.attribute("sample.id", "s-async");
    span.endWhenComplete(result); // the generated code's return: the scope closes here
    assertThat(MDC.get("trace_id")).isNull();
    assertThat(MDC.get("sample_id")).isNull();

    AtomicReference<String> onCompletingThread = new AtomicReference<>("unset");
    Thread completer =
        new Thread(
            () -> {
              result.complete("done");
              onCompletingThread.set(MDC.get("trace_id"));
            });
    completer.start();
    completer.join();
    assertThat(onCompletingThread.get()).isNull();
    assertThat(spans.getFinishedSpanItems()).hasSize(1);
  }

  @Test
  void tracingOffTouchesNoMdc() {
    Tracing.close();
    StageSpan span = GENERATE.start();
    span.attribute("sample.id", "s-off");
    assertThat(MDC.getCopyOfContextMap()).isNullOrEmpty();
    span.end();
  }
}
