package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.SpanAttributes;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A carrier with a W3C {@code traceparent} but no spanweave run id (a service that does not use
 * spanweave): joined and marked {@code spanweave.parent.run_verified=false} by default, refused
 * with strict carriers.
 */
class UnverifiedCarriersTest {

  private static final Stage SERVE = Stage.define("Server.serve", "serve", Kind.CUSTOM);
  private static final AttributeKey<Boolean> RUN_VERIFIED =
      AttributeKey.booleanKey(SpanAttributes.PARENT_RUN_VERIFIED);

  /** From another tracer: W3C trace context only, no baggage. */
  private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

  private static final String PARENT_SPAN_ID = "00f067aa0ba902b7";
  private static final Map<String, String> PLAIN_W3C =
      Map.of("traceparent", "00-" + TRACE_ID + "-" + PARENT_SPAN_ID + "-01");

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private SpanData only(String name) {
    List<SpanData> matching =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(matching).hasSize(1);
    return matching.get(0);
  }

  private void recordInboundAndSpanUnder(Map<String, String> carrier) {
    StageSpan inbound = SERVE.startInbound(new HashMap<>(carrier));
    inbound.end();
    try (TraceScope span = Trace.span("handled", Map.of(), carrier)) {
      Trace.setAttribute("n", 1);
    }
  }

  @Test
  void byDefaultAPlainW3cParentIsJoinedAndTheSpanMarkedUnverified() {
    SdkTracing.configure(TestRuns.config(dir).build(), spans);
    recordInboundAndSpanUnder(PLAIN_W3C);

    for (SpanData span : List.of(only("Server.serve"), only("handled"))) {
      assertThat(span.getTraceId()).isEqualTo(TRACE_ID);
      assertThat(span.getParentSpanId()).isEqualTo(PARENT_SPAN_ID);
      assertThat(span.getAttributes().get(RUN_VERIFIED)).as(span.getName()).isFalse();
    }
    assertThat(only("Server.serve").getKind()).isEqualTo(SpanKind.SERVER);
  }

  @Test
  void aCarrierOfThisRunIsNotMarked() {
    SdkTracing.configure(TestRuns.config(dir).build(), spans);
    Map<String, String> carrier;
    try (TraceScope caller = Trace.span("caller")) {
      carrier = Trace.inject(new HashMap<>());
    }
    recordInboundAndSpanUnder(carrier);

    assertThat(only("Server.serve").getParentSpanId()).isEqualTo(only("caller").getSpanId());
    assertThat(only("Server.serve").getAttributes().get(RUN_VERIFIED)).isNull();
    assertThat(only("handled").getAttributes().get(RUN_VERIFIED)).isNull();
  }

  @Test
  void strictCarriersRefuseAPlainW3cParentAndTheSpanStartsANewTraceReportedAsAFault() {
    SdkTracing.configure(
        TestRuns.config(dir)
            .propagation(propagation -> propagation.withStrictCarriers(true))
            .build(),
        spans);
    long faults = TracingFaults.count("carrier");
    recordInboundAndSpanUnder(PLAIN_W3C);

    for (SpanData span : List.of(only("Server.serve"), only("handled"))) {
      assertThat(span.getTraceId()).as(span.getName()).isNotEqualTo(TRACE_ID);
      assertThat(span.getParentSpanContext().isValid()).as("a root span").isFalse();
      assertThat(span.getAttributes().get(RUN_VERIFIED)).isNull();
    }
    assertThat(TracingFaults.count("carrier")).isEqualTo(faults + 2);
  }

  @Test
  void strictCarriersAlsoRefuseToAttachAnExtractedPlainW3cContext() {
    SdkTracing.configure(
        TestRuns.config(dir)
            .propagation(propagation -> propagation.withStrictCarriers(true))
            .build(),
        spans);
    long faults = TracingFaults.count("carrier");
    try (TraceScope attached = Trace.attach(Trace.extract(new HashMap<>(PLAIN_W3C)));
        TraceScope span = Trace.span("handled")) {
      Trace.setAttribute("n", 1);
    }

    assertThat(only("handled").getTraceId()).isNotEqualTo(TRACE_ID);
    assertThat(only("handled").getParentSpanContext().isValid()).as("a root span").isFalse();
    assertThat(TracingFaults.count("carrier")).isEqualTo(faults + 1);
  }

  @Test
  void withoutStrictCarriersAnExtractedPlainW3cContextIsAttached() {
    SdkTracing.configure(TestRuns.config(dir).build(), spans);
    try (TraceScope attached = Trace.attach(Trace.extract(new HashMap<>(PLAIN_W3C)));
        TraceScope span = Trace.span("handled")) {
      Trace.setAttribute("n", 1);
    }

    assertThat(only("handled").getTraceId()).isEqualTo(TRACE_ID);
    assertThat(only("handled").getParentSpanId()).isEqualTo(PARENT_SPAN_ID);
  }

  @Test
  void strictCarriersIsABuilderSettingAndAnEnvironmentVariable() {
    assertThat(TraceConfig.builder().build().propagation().strictCarriers()).isFalse();
    assertThat(
            TraceConfig.fromEnvironment(Map.of("SPANWEAVE_STRICT_CARRIERS", "true"))
                .propagation()
                .strictCarriers())
        .isTrue();
    assertThat(
            TraceConfig.builder()
                .propagation(propagation -> propagation.withStrictCarriers(true))
                .build()
                .toBuilder()
                .build()
                .propagation()
                .strictCarriers())
        .isTrue();
    assertThat(
            TraceConfig.fromEnvironment(Map.of("SPANWEAVE_KEEP_LOCAL_FILE", "true"))
                .keepLocalFile())
        .isTrue();
  }
}
