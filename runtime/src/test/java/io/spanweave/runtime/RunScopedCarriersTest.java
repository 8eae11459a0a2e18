package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageAdvice;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.api.TracingFaults;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A carrier names its run in W3C baggage, and a carrier of another run never joins this run's
 * traces.
 */
class RunScopedCarriersTest {

  private static final Stage SERVE = Stage.define("Server.serve", "serve", Kind.CUSTOM);

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  /**
   * A carrier injected under a span of run {@code runId}, made by a runtime that is then closed.
   */
  private Map<String, String> carrierOfRun(String runId) {
    SdkTracing.configure(TestRuns.config(dir).runId(runId).build(), InMemorySpanExporter.create());
    try (TraceScope scope = Trace.span("caller")) {
      return Trace.inject(new HashMap<>());
    } finally {
      Tracing.close();
    }
  }

  private SpanData only(String name) {
    List<SpanData> matching =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(matching).hasSize(1);
    return matching.get(0);
  }

  @Test
  void injectWritesTheRunIdIntoBaggageAndExtractReadsIt() {
    Map<String, String> carrier = carrierOfRun("run-a");
    assertThat(carrier).containsKey("traceparent");
    assertThat(carrier.get("baggage")).contains("spanweave.run.id=run-a");

    SdkTracing.configure(TestRuns.config(dir).runId("run-a").build(), spans);
    TraceContext context = Trace.extract(carrier);
    assertThat(context.runId()).isEqualTo("run-a");
    try (TraceScope attached = Trace.attach(context);
        TraceScope child = Trace.span("child")) {
      assertThat(TraceContext.current().traceId()).isEqualTo(context.traceId());
    }
  }

  @Test
  void attachingACarrierOfAnotherRunFailsNamingBothRuns() {
    Map<String, String> carrier = carrierOfRun("run-a");
    SdkTracing.configure(TestRuns.config(dir).runId("run-b").build(), spans);

    TraceContext foreign = Trace.extract(carrier);
    assertThatThrownBy(() -> Trace.attach(foreign))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("run-a")
        .hasMessageContaining("run-b")
        .hasMessageContaining("run-scoped");
    assertThat(TraceContext.current().isValid()).as("nothing was attached").isFalse();
  }

  @Test
  void aCarrierOfAnotherToolWithoutARunIdIsAccepted() {
    SdkTracing.configure(TestRuns.config(dir).runId("run-b").build(), spans);
    Map<String, String> carrier =
        Map.of("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
    try (TraceScope attached = Trace.attach(Trace.extract(carrier));
        TraceScope child = Trace.span("child")) {
      assertThat(TraceContext.current().traceId()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
    }
  }

  @Test
  void anInboundSpanWithACarrierOfAnotherRunStartsANewTraceAndReportsAFault() {
    Map<String, String> carrier = carrierOfRun("run-a");
    String foreignTrace = carrier.get("traceparent").split("-")[1];
    SdkTracing.configure(TestRuns.config(dir).runId("run-b").build(), spans);
    long faults = TracingFaults.count("carrier");

    try (TraceScope outer = Trace.span("outer")) {
      StageSpan span = SERVE.startInbound(carrier); // never throws, as generated code must not
      span.end();
    }

    SpanData served = only("Server.serve");
    assertThat(served.getKind()).isEqualTo(SpanKind.SERVER);
    assertThat(served.getTraceId()).isNotEqualTo(foreignTrace);
    assertThat(served.getParentSpanContext().isValid())
        .as("a new root, not the foreign span nor the current one")
        .isFalse();
    assertThat(TracingFaults.count("carrier")).isEqualTo(faults + 1);
  }

  @Test
  void aSpanWithAParentCarrierOfAnotherRunStartsANewTraceAndReportsAFault() {
    Map<String, String> carrier = carrierOfRun("run-a");
    SdkTracing.configure(TestRuns.config(dir).runId("run-b").build(), spans);
    long faults = TracingFaults.count("carrier");

    try (TraceScope scope = Trace.span("worker.run", Map.of(), carrier)) {
      assertThat(TraceContext.current().traceId())
          .isNotEqualTo(carrier.get("traceparent").split("-")[1]);
    }
    assertThat(only("worker.run").getParentSpanContext().isValid()).isFalse();
    assertThat(TracingFaults.count("carrier")).isEqualTo(faults + 1);
  }

  @Test
  void anAdviceParentOfAnotherRunStartsANewTraceAndABatchLinkOfAnotherRunIsDropped() {
    Map<String, String> carrier = carrierOfRun("run-a");
    SdkTracing.configure(TestRuns.config(dir).runId("run-b").build(), spans);
    StageAdvice<Map<String, String>> fromCarrier =
        new StageAdvice<>() {
          @Override
          public TraceContext parent(Map<String, String> request) {
            return Trace.extract(request);
          }
        };
    long faults = TracingFaults.count("carrier");

    SERVE.start(fromCarrier, carrier).end();
    SERVE.startBatch(fromCarrier, List.of(carrier)).end();

    List<SpanData> served = spans.getFinishedSpanItems();
    assertThat(served).hasSize(2);
    assertThat(served.get(0).getParentSpanContext().isValid()).isFalse();
    assertThat(served.get(0).getTraceId()).isNotEqualTo(carrier.get("traceparent").split("-")[1]);
    assertThat(served.get(1).getLinks()).isEmpty();
    assertThat(TracingFaults.count("carrier")).isEqualTo(faults + 2);
  }

  @Test
  void theSameRunJoinsThroughAnInboundBoundary() {
    SdkTracing.configure(TestRuns.config(dir).runId("run-a").build(), spans);
    Map<String, String> carrier;
    String traceId;
    try (TraceScope caller = Trace.span("caller")) {
      carrier = Trace.inject(new HashMap<>());
      traceId = TraceContext.current().traceId();
    }
    SERVE.startInbound(carrier).end();
    assertThat(only("Server.serve").getTraceId()).isEqualTo(traceId);
  }
}
