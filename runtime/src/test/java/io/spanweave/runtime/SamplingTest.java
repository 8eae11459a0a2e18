package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Head sampling by ratio keeps or drops a sample whole: the root decides, children follow, across
 * processes.
 */
class SamplingTest {

  private static final Stage GENERATE = Stage.define("Worker.generate", "generate", Kind.MODEL);
  private static final int SAMPLES = 400;

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  /**
   * One sample: a root, two stages, and a span in a "child process" continuing through a carrier.
   */
  private static void runSample(int i) {
    Map<String, String> carrier;
    try (TraceScope root = Trace.span("sample", Map.of("sample.index", i))) {
      GENERATE.start().end();
      Trace.run("judge", () -> {});
      carrier = Trace.inject(new HashMap<>());
    }
    try (TraceScope remote = Trace.span("remote", Map.of(), carrier)) {
      // the worker's side of the sample
    }
  }

  @Test
  void aRatioKeepsOrDropsWholeSamples() {
    SdkTracing.configure(
        TestRuns.config(dir).sampling(sampling -> SamplingSettings.parentBasedRatio(0.5)).build(),
        spans);
    for (int i = 0; i < SAMPLES; i++) {
      runSample(i);
    }

    Map<String, List<SpanData>> byTrace =
        spans.getFinishedSpanItems().stream().collect(Collectors.groupingBy(SpanData::getTraceId));
    assertThat(byTrace.values())
        .allSatisfy(
            trace ->
                assertThat(trace)
                    .extracting(SpanData::getName)
                    .as("every kept sample is whole")
                    .containsExactlyInAnyOrder("sample", "Worker.generate", "judge", "remote"));
    assertThat(byTrace.size())
        .as("about half of %d samples", SAMPLES)
        .isBetween(SAMPLES * 3 / 10, SAMPLES * 7 / 10);
  }

  @Test
  void ratiosOfZeroAndOneKeepNothingAndEverything() {
    SdkTracing.configure(
        TestRuns.config(dir).sampling(sampling -> SamplingSettings.parentBasedRatio(0)).build(),
        spans);
    for (int i = 0; i < 20; i++) {
      runSample(i);
    }
    assertThat(spans.getFinishedSpanItems()).isEmpty();

    InMemorySpanExporter all =
        InMemorySpanExporter.create(); // closing a run shuts its exporter down
    SdkTracing.configure(
        TestRuns.config(dir).sampling(sampling -> SamplingSettings.parentBasedRatio(1)).build(),
        all);
    for (int i = 0; i < 20; i++) {
      runSample(i);
    }
    assertThat(all.getFinishedSpanItems()).hasSize(80);
  }

  @Test
  void theDefaultKeepsEverySample() {
    TraceConfig config = TraceConfig.builder().build();
    assertThat(config.sampling().sampler()).isEqualTo(TraceSampler.PARENTBASED_ALWAYS_ON);
    assertThat(config.sampling().ratio()).isEqualTo(1.0);
  }

  @Test
  void theOpenTelemetryVariablesChooseTheSampler() {
    TraceConfig ratio =
        TraceConfig.fromEnvironment(
            Map.of(
                "OTEL_TRACES_SAMPLER",
                "parentbased_traceidratio",
                "OTEL_TRACES_SAMPLER_ARG",
                "0.25"));
    assertThat(ratio.sampling().sampler()).isEqualTo(TraceSampler.PARENTBASED_TRACEIDRATIO);
    assertThat(ratio.sampling().ratio()).isEqualTo(0.25);
    for (TraceSampler sampler : TraceSampler.values()) {
      assertThat(
              TraceConfig.fromEnvironment(
                      Map.of("OTEL_TRACES_SAMPLER", sampler.value().toUpperCase()))
                  .sampling()
                  .sampler())
          .isEqualTo(sampler);
    }
  }

  @Test
  void anUnknownSamplerOrABadRatioFailsNamingTheVariableAndValue() {
    assertThatThrownBy(
            () -> TraceConfig.fromEnvironment(Map.of("OTEL_TRACES_SAMPLER", "jaeger_remote")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("OTEL_TRACES_SAMPLER")
        .hasMessageContaining("jaeger_remote")
        .hasMessageContaining("parentbased_traceidratio");
    assertThatThrownBy(() -> TraceConfig.fromEnvironment(Map.of("OTEL_TRACES_SAMPLER_ARG", "half")))
        .hasMessageContaining("OTEL_TRACES_SAMPLER_ARG")
        .hasMessageContaining("half");
    assertThatThrownBy(() -> TraceConfig.fromEnvironment(Map.of("OTEL_TRACES_SAMPLER_ARG", "1.5")))
        .hasMessageContaining("OTEL_TRACES_SAMPLER_ARG")
        .hasMessageContaining("1.5");
    assertThatThrownBy(
            () ->
                TraceConfig.builder()
                    .sampling(sampling -> SamplingSettings.parentBasedRatio(-0.1))
                    .build())
        .hasMessageContaining("sampling.ratio -0.1");
  }

  @Test
  void childrenInheritTheSamplerAndThePreviewSwitch() {
    TraceConfig parent =
        TestRuns.config(dir)
            .sampling(sampling -> SamplingSettings.parentBasedRatio(0.1))
            .previews(previews -> previews.withEnabled(false).withMaxBytes(1024))
            .build();
    try (TraceRuntime runtime = SdkTracing.configure(parent, spans)) {
      Map<String, String> env = runtime.childEnvironment();
      TraceConfig child = TraceConfig.fromEnvironment(env);
      assertThat(child.sampling().sampler()).isEqualTo(TraceSampler.PARENTBASED_TRACEIDRATIO);
      assertThat(child.sampling().ratio()).isEqualTo(0.1);
      assertThat(child.previews().enabled()).isFalse();
      assertThat(child.previews().maxBytes()).isEqualTo(1024);
      assertThat(child.runId()).isEqualTo(parent.runId());
    }
  }
}
