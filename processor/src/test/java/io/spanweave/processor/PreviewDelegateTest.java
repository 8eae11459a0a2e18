package io.spanweave.processor;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.api.TracingFaults;
import io.spanweave.processor.fixtures.Fragile;
import io.spanweave.processor.fixtures.Score;
import io.spanweave.processor.fixtures.Scorer;
import io.spanweave.runtime.SdkTracing;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generated delegates of {@code capture = PREVIEW} stages on the real SDK: inputs by parameter name
 * and the output as redacted span events; nothing for the default capture; and metric reads that
 * throw stay out of the caller.
 */
class PreviewDelegateTest {

  private static final AttributeKey<String> NAME = AttributeKey.stringKey("spanweave.preview.name");
  private static final AttributeKey<String> TEXT = AttributeKey.stringKey("spanweave.preview.text");
  private static final AttributeKey<String> REDACTION =
      AttributeKey.stringKey("spanweave.redaction");

  @TempDir Path outputDir;

  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private TraceRuntime runtime;

  private Scorer start(TraceConfig.Builder config) {
    runtime =
        SdkTracing.configure(
            config.enabled(true).serviceName("processor-test").outputDir(outputDir).build(), spans);
    return GeneratedDelegates.wrap(Scorer.class, new FakeScorer());
  }

  @AfterEach
  void stopTracing() {
    runtime.close();
  }

  private SpanData onlySpan(String name) {
    List<SpanData> matching =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(matching).as("spans named %s", name).hasSize(1);
    return matching.get(0);
  }

  private static Map<String, String> previews(SpanData span) {
    Map<String, String> byName = new java.util.LinkedHashMap<>();
    for (EventData event : span.getEvents()) {
      if (event.getName().equals("spanweave.preview")) {
        byName.put(event.getAttributes().get(NAME), event.getAttributes().get(TEXT));
      }
    }
    return byName;
  }

  @Test
  void previewStagesRecordEachInputByNameAndTheOutputRedacted() {
    Scorer scorer = start(TraceConfig.builder());

    Score score =
        scorer.score(Map.of("state", List.of(0.0, 0.1)), "accelerate", "Bearer service-token");

    assertThat(score.reward()).isEqualTo(0.92);
    SpanData span = onlySpan("Scorer.score");
    assertThat(previews(span))
        .containsExactly(
            Map.entry("input.observation", "{\"state\": [0.0, 0.1]}"),
            Map.entry("input.action", "\"accelerate\""),
            Map.entry("input.authorization", "[REDACTED]"),
            Map.entry("output", "{\"reward\": 0.92}"));
    assertThat(span.getAttributes().get(REDACTION)).isEqualTo("redacted");
    assertThat(span.getAttributes().get(AttributeKey.doubleKey("spanweave.metric.reward")))
        .isEqualTo(0.92);
    assertThat(span.toString()).doesNotContain("service-token");
  }

  @Test
  void asyncPreviewStagesRecordTheCompletedValue() {
    Scorer scorer = start(TraceConfig.builder());

    assertThat(scorer.judge("question", "answer").join()).isEqualTo("yes");

    assertThat(previews(onlySpan("Scorer.judge")))
        .containsExactly(
            Map.entry("input.prompt", "\"question\""),
            Map.entry("input.answer", "\"answer\""),
            Map.entry("output", "\"yes\""));
  }

  @Test
  void theDefaultCaptureRecordsNoPreview() {
    Scorer scorer = start(TraceConfig.builder());

    scorer.quiet("a prompt that is never recorded");

    SpanData span = onlySpan("Scorer.quiet");
    assertThat(span.getEvents()).isEmpty();
    assertThat(span.getAttributes().get(REDACTION)).isNull();
    assertThat(span.toString()).doesNotContain("a prompt that is never recorded");
  }

  @Test
  void previewsSwitchedOffInTheConfigRecordNothing() {
    Scorer scorer = start(TraceConfig.builder().previews(previews -> previews.withEnabled(false)));

    scorer.score(Map.of("state", 1), "go", "x");

    SpanData span = onlySpan("Scorer.score");
    assertThat(previews(span)).isEmpty();
    assertThat(span.getAttributes().get(REDACTION)).isEqualTo("not_captured");
  }

  @Test
  void aMetricGetterThatThrowsIsAFaultAndTheResultIsReturned() {
    Scorer scorer = start(TraceConfig.builder());
    long faults = TracingFaults.count("metric");

    Fragile fragile = scorer.fragile(new short[] {1, 2}, new float[] {0.5f, 0.25f});

    assertThat(fragile).isNotNull();
    SpanData span = onlySpan("Scorer.fragile");
    assertThat(span.getAttributes().get(AttributeKey.stringKey("spanweave.status")))
        .isEqualTo("ok");
    assertThat(span.getAttributes().get(AttributeKey.longArrayKey("ranks")))
        .containsExactly(1L, 2L);
    assertThat(span.getAttributes().get(AttributeKey.doubleArrayKey("weights")))
        .containsExactly(0.5, 0.25);
    assertThat(TracingFaults.count("metric")).isEqualTo(faults + 1);
  }

  private static final class FakeScorer implements Scorer {
    @Override
    public Score score(Map<String, Object> observation, String action, String authorization) {
      return new Score(0.92);
    }

    @Override
    public CompletableFuture<String> judge(String prompt, String answer) {
      return CompletableFuture.completedFuture("yes");
    }

    @Override
    public String quiet(String prompt) {
      return "ok";
    }

    @Override
    public Fragile fragile(short[] ranks, float[] weights) {
      return new Fragile();
    }
  }
}
