package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.annotations.Capture;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.conventions.SpanAttributes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Previews on real spans: events only, never attributes; off by default and switchable off
 * globally.
 */
class CapturePreviewTest {

  private static final Stage PREVIEWED =
      Stage.define("Scorer.score", "score", Kind.REWARD, Capture.PREVIEW);
  private static final Stage PLAIN = Stage.define("Scorer.plain", "plain", Kind.REWARD);
  private static final AttributeKey<String> REDACTION =
      AttributeKey.stringKey(SpanAttributes.REDACTION);
  private static final AttributeKey<String> NAME =
      AttributeKey.stringKey(SpanAttributes.PREVIEW_NAME);
  private static final AttributeKey<String> TEXT =
      AttributeKey.stringKey(SpanAttributes.PREVIEW_TEXT);
  private static final AttributeKey<String> MESSAGE = AttributeKey.stringKey("exception.message");

  @TempDir Path dir;
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private void start(TraceConfig.Builder config) {
    SdkTracing.configure(config.build(), spans);
  }

  private SpanData only(String name) {
    List<SpanData> matching =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(matching).hasSize(1);
    return matching.get(0);
  }

  private static List<EventData> previews(SpanData span) {
    return span.getEvents().stream()
        .filter(e -> e.getName().equals(SpanAttributes.PREVIEW_EVENT))
        .toList();
  }

  private static void scoreWith(
      Stage stage, Map<String, Object> observation, String authorization) {
    StageSpan span = stage.start();
    try {
      span.preview("input.observation", observation);
      span.preview("input.authorization", authorization);
      Map<String, Double> result = Map.of("reward", 0.92);
      span.previewOutput(result);
    } finally {
      span.end();
    }
  }

  @Test
  void previewStagesRecordInputsAndOutputAsEventsNeverAttributes() {
    start(TestRuns.config(dir));
    scoreWith(PREVIEWED, Map.of("state", List.of(0.0, 0.1)), "Bearer service-token");

    SpanData span = only("Scorer.score");
    List<EventData> previews = previews(span);
    assertThat(previews)
        .extracting(e -> e.getAttributes().get(NAME))
        .containsExactly("input.observation", "input.authorization", "output");
    assertThat(previews.get(0).getAttributes().get(TEXT)).isEqualTo("{\"state\": [0.0, 0.1]}");
    assertThat(previews.get(0).getAttributes().get(REDACTION)).isEqualTo("captured");
    assertThat(previews.get(1).getAttributes().get(TEXT)).isEqualTo("[REDACTED]");
    assertThat(previews.get(2).getAttributes().get(TEXT)).isEqualTo("{\"reward\": 0.92}");
    assertThat(span.getAttributes().get(REDACTION))
        .as("the strongest of the span's previews")
        .isEqualTo("redacted");
    assertThat(span.getAttributes().asMap().values())
        .noneMatch(v -> v.toString().contains("state"));
    assertThat(span.toString()).doesNotContain("service-token");
  }

  @Test
  void theDefaultCaptureRecordsNoPreviewAndNoExceptionMessage() {
    start(TestRuns.config(dir));
    scoreWith(PLAIN, Map.of("state", 1), "Bearer service-token");
    StageSpan failing = PLAIN.start();
    failing.fail(new IllegalStateException("prompt text password=hunter2"));
    failing.end();

    List<SpanData> finished = spans.getFinishedSpanItems();
    assertThat(finished)
        .hasSize(2)
        .allSatisfy(
            span -> {
              assertThat(previews(span)).isEmpty();
              assertThat(span.getAttributes().get(REDACTION)).isNull();
              assertThat(span.getEvents())
                  .allSatisfy(e -> assertThat(e.getAttributes().get(MESSAGE)).isNull());
              assertThat(span.toString()).doesNotContain("hunter2", "prompt text");
            });
  }

  @Test
  void theConfigSwitchTurnsEveryPreviewOffAndSaysNotCaptured() {
    start(TestRuns.config(dir).previews(previews -> previews.withEnabled(false)));
    scoreWith(PREVIEWED, Map.of("state", 1), "x");

    SpanData span = only("Scorer.score");
    assertThat(previews(span)).isEmpty();
    assertThat(span.getAttributes().get(REDACTION)).isEqualTo("not_captured");
  }

  @Test
  void theEnvironmentSwitchesPreviewsOffAndSetsTheLimit() {
    TraceConfig config =
        TraceConfig.fromEnvironment(
            Map.of("SPANWEAVE_PREVIEWS", "false", "SPANWEAVE_PREVIEW_MAX_BYTES", "512"));
    assertThat(config.previews().enabled()).isFalse();
    assertThat(config.previews().maxBytes()).isEqualTo(512);
    assertThat(TraceConfig.builder().build().previews().enabled()).isTrue();
    assertThat(TraceConfig.builder().build().previews().maxBytes()).isEqualTo(4096);
  }

  @Test
  void previewsAreCutAtTheConfiguredLimitOnACharacterBoundary() {
    start(TestRuns.config(dir).previews(previews -> previews.withMaxBytes(100)));
    StageSpan span = PREVIEWED.start();
    span.preview("input.text", "日本語".repeat(500));
    span.end();

    EventData preview = previews(only("Scorer.score")).get(0);
    String text = preview.getAttributes().get(TEXT);
    assertThat(text.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(100);
    assertThat(text).startsWith("\"日本語").endsWith("…");
    assertThat(preview.getAttributes().get(REDACTION)).isEqualTo("truncated");
  }

  @Test
  void aPreviewThatFailsToSerialiseNeverReachesTheCaller() {
    start(TestRuns.config(dir));
    Object bad =
        new Object() {
          @Override
          public String toString() {
            throw new IllegalStateException("boom");
          }
        };
    StageSpan span = PREVIEWED.start();
    span.preview("input.bad", bad);
    span.end();

    assertThat(previews(only("Scorer.score")).get(0).getAttributes().get(TEXT))
        .startsWith("\"<unserializable ");
  }

  @Test
  void withPreviewsAFailureRecordsItsMessageRedacted() {
    start(TestRuns.config(dir));
    StageSpan span = PREVIEWED.start();
    span.fail(new IllegalStateException("upstream refused api_key=abc123secret"));
    span.end();

    EventData exception =
        only("Scorer.score").getEvents().stream()
            .filter(e -> e.getName().equals("exception"))
            .findFirst()
            .get();
    assertThat(exception.getAttributes().get(MESSAGE))
        .isEqualTo("\"upstream refused api_key=[REDACTED]\"");
  }

  @Test
  void theBasicApiCapturesPreviewsOnAScopeAndOnACall() throws Exception {
    start(TestRuns.config(dir));
    try (TraceScope scope =
        Trace.span("policy.forward", Map.of("env", "CartPole-v1"), Capture.PREVIEW)) {
      scope.preview("input.observation", List.of(0.0, 0.1));
      scope.previewOutput(Map.of("action", 1));
    }
    try (TraceScope scope = Trace.span("env.step", Map.of(), Capture.OFF)) {
      scope.preview("input.observation", List.of(0.0, 0.1));
    }
    String answer = Trace.call("judge.answer", Map.of(), Capture.PREVIEW, () -> "yes");

    assertThat(answer).isEqualTo("yes");
    assertThat(previews(only("policy.forward")))
        .extracting(e -> e.getAttributes().get(TEXT))
        .containsExactly("[0.0, 0.1]", "{\"action\": 1}");
    assertThat(previews(only("env.step"))).isEmpty();
    assertThat(previews(only("judge.answer")))
        .extracting(e -> e.getAttributes().get(TEXT))
        .containsExactly("\"yes\"");
  }
}
