package io.spanweave.processor;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.api.TracingFaults;
import io.spanweave.processor.fixtures.Remote;
import io.spanweave.runtime.SdkTracing;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.Tracing;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generated INBOUND boundary handed a carrier of another run: the call goes through, the span
 * starts a new trace in this run, and the fault is counted; nothing is thrown into the server.
 */
class RunScopedBoundaryTest {

  @TempDir Path outputDir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private TraceConfig.Builder config(String runId) {
    return TraceConfig.builder()
        .enabled(true)
        .serviceName("processor-test")
        .outputDir(outputDir)
        .runId(runId);
  }

  @Test
  void anInboundCarrierOfAnotherRunStartsANewTraceWithoutThrowing() {
    SdkTracing.configure(config("run-a").build(), InMemorySpanExporter.create());
    Map<String, String> carrier;
    try (TraceScope caller = Trace.span("caller")) {
      carrier = Trace.inject(new HashMap<>());
    }
    Tracing.close();

    InMemorySpanExporter spans = InMemorySpanExporter.create();
    SdkTracing.configure(config("run-b").build(), spans);
    Remote server =
        GeneratedDelegates.wrap(
            Remote.class,
            new Remote() {
              @Override
              public String send(Map<String, String> headers, String request) {
                return "unused";
              }

              @Override
              public String receive(Map<String, String> headers, String request) {
                return "handled " + request;
              }
            });
    long faults = TracingFaults.count("carrier");

    assertThat(server.receive(carrier, "ping")).isEqualTo("handled ping");

    SpanData receive = spans.getFinishedSpanItems().get(0);
    assertThat(receive.getName()).isEqualTo("remote.receive");
    assertThat(receive.getParentSpanContext().isValid()).isFalse();
    assertThat(receive.getTraceId()).isNotEqualTo(carrier.get("traceparent").split("-")[1]);
    assertThat(TracingFaults.count("carrier")).isEqualTo(faults + 1);
  }
}
