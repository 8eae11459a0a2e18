package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.conventions.SpanAttributes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application that owns its OpenTelemetry gets one SDK, not two: spanweave's stages record
 * through it (its resource, exporter and propagators), spanweave opens no file and starts no
 * collector, adds the run id as a span attribute, and never shuts the application's SDK down.
 */
class ApplicationOpenTelemetryTest {

  private static final Stage JUDGE = Stage.define("Judger.judge", "judge", Kind.REWARD);

  @TempDir Path dir;
  private final InMemorySpanExporter exported = InMemorySpanExporter.create();
  private final OpenTelemetrySdk sdk =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .setResource(
                      Resource.create(
                          Attributes.of(AttributeKey.stringKey("service.name"), "app-service")))
                  .addSpanProcessor(SimpleSpanProcessor.create(exported))
                  .build())
          .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
          .build();

  @AfterEach
  void cleanUp() {
    Tracing.close();
    GlobalOpenTelemetry.resetForTest();
    sdk.close();
  }

  private SpanData judged(TraceRuntime runtime) {
    StageSpan span = JUDGE.start();
    span.metric("reward", 1.0);
    span.end();
    List<SpanData> spans = exported.getFinishedSpanItems();
    assertThat(spans).hasSize(1);
    SpanData judge = spans.get(0);
    assertThat(judge.getResource().getAttribute(AttributeKey.stringKey("service.name")))
        .isEqualTo("app-service");
    assertThat(judge.getAttributes().get(AttributeKey.stringKey(SpanAttributes.STAGE)))
        .isEqualTo("judge");
    assertThat(
            judge
                .getAttributes()
                .get(AttributeKey.doubleKey(SpanAttributes.METRIC_PREFIX + "reward")))
        .isEqualTo(1.0);
    assertThat(judge.getAttributes().get(AttributeKey.stringKey(SpanAttributes.RUN_ID)))
        .isEqualTo(runtime.runId());
    return judge;
  }

  @Test
  void anApplicationBuiltSdkRecordsSpanweavesStagesAndKeepsItsResource() {
    try (TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).build(), sdk)) {
      judged(runtime);
      assertThat(runtime.collectorEndpoint()).as("no collector of our own").isEmpty();
      assertThat(Files.exists(runtime.runDir())).as("no run directory of our own").isFalse();
    }
    // closed, spanweave left the application's SDK running
    sdk.getTracer("app").spanBuilder("after").startSpan().end();
    assertThat(exported.getFinishedSpanItems()).extracting(SpanData::getName).contains("after");
  }

  @Test
  void theGlobalOpenTelemetryIsUsedWhenTheApplicationRegisteredOne() {
    GlobalOpenTelemetry.set(sdk);
    try (TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).build())) {
      judged(runtime);
      assertThat(Files.exists(runtime.runDir())).isFalse();
    }
  }
}
