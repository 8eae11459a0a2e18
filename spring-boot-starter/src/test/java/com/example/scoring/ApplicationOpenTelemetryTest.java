package com.example.scoring;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import reactor.core.publisher.Mono;

/**
 * A Spring Boot application with its own {@code OpenTelemetry} bean and the starter: traced beans
 * record through that SDK, with no {@code new Traced…} in the application, and spanweave writes no
 * file of its own.
 */
@SuppressWarnings("spanweave:direct-sdk")
@SpringBootTest(classes = {ScoringApplication.class, InMemoryOpenTelemetryConfiguration.class})
@DirtiesContext
class ApplicationOpenTelemetryTest {

  private static final AttributeKey<String> STAGE = AttributeKey.stringKey("spanweave.stage");
  private static final AttributeKey<String> SAMPLE_ID = AttributeKey.stringKey("sample.id");

  @TempDir static Path outputDir;

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) {
    registry.add("spanweave.output-dir", () -> outputDir.toString());
    registry.add("spring.application.name", () -> "scoring-service");
  }

  @Autowired Scorer scorer;

  @Autowired Judge judge;

  @Autowired JudgeGate gate;

  @Autowired Reviewer reviewer;

  @Autowired InMemorySpanExporter spans;

  @Autowired TraceRuntime runtime;

  @BeforeEach
  void clearSpans() {
    spans.reset();
  }

  @Test
  void aBeanWhoseInterfaceIsTracedRecordsItsStagesThroughTheApplicationsOpenTelemetry() {
    Score score = scorer.score("sample-7", "four");

    assertThat(score.value()).isEqualTo(4.0);
    assertThat(scorer.getClass().getSimpleName()).isEqualTo("TracedScorer");
    assertOneStage("Scorer.score", "score", "sample-7", 4.0);
  }

  @Test
  void spanweaveStartsNoRuntimeOfItsOwnBesideTheApplicationsOpenTelemetry() throws IOException {
    scorer.score("sample-8", "x");

    assertThat(Tracing.current()).containsSame(runtime);
    assertThat(runtime.isEnabled()).isTrue();
    assertThat(runtime.serviceName()).isEqualTo("scoring-service");
    assertThat(runtime.collectorEndpoint()).isEmpty();
    assertThat(runtime.flush()).isTrue();
    try (Stream<Path> written = Files.list(outputDir)) {
      assertThat(written).isEmpty();
    }
  }

  @Test
  void asyncAndTracedOnTheSameBeanBothApplyAndTheSpanLastsUntilTheAsyncWorkCompletes()
      throws Exception {
    assertThat(judge.getClass().getSimpleName()).isEqualTo("TracedJudge");
    gate.hold();
    String caller = Thread.currentThread().getName();

    CompletableFuture<String> judged = judge.judge("sample-9");

    // @Async applied: the call returned while the judgement waits on Spring's executor ...
    assertThat(judged).isNotDone();
    // ... and @Traced applied: its span is open until the judgement completes.
    assertThat(spans.getFinishedSpanItems()).isEmpty();
    gate.release();
    assertThat(judged.get(30, TimeUnit.SECONDS)).isNotEqualTo(caller);
    SpanData span = awaitOneSpan();
    assertThat(span.getName()).isEqualTo("Judge.judge");
    assertThat(span.getAttributes().get(STAGE)).isEqualTo("judge");
    assertThat(span.getAttributes().get(SAMPLE_ID)).isEqualTo("sample-9");
  }

  @Test
  void aReactiveBeanIsReplacedByItsDelegateAndItsMonoIsOneSpanPerSubscription() {
    assertThat(reviewer.getClass().getSimpleName()).isEqualTo("TracedReviewer");

    Mono<Score> review = reviewer.review("sample-10", "three");
    assertThat(spans.getFinishedSpanItems()).isEmpty(); // nothing subscribed yet
    assertThat(review.block(Duration.ofSeconds(30)).value()).isEqualTo(5.0);

    assertOneStage("Reviewer.review", "review", "sample-10", 5.0);
  }

  /** The one span recorded: a stage with its sample id and its metric {@code value}. */
  private void assertOneStage(String name, String stage, String sampleId, double value) {
    List<SpanData> finished = spans.getFinishedSpanItems();
    assertThat(finished).hasSize(1);
    SpanData span = finished.get(0);
    assertThat(span.getName()).isEqualTo(name);
    assertThat(span.getAttributes().get(STAGE)).isEqualTo(stage);
    assertThat(span.getAttributes().get(SAMPLE_ID)).isEqualTo(sampleId);
    assertThat(span.getAttributes().get(AttributeKey.doubleKey("spanweave.metric.value")))
        .isEqualTo(value);
  }

  /**
   * The span ends on the executor's thread just after the future completes: wait for it, bounded.
   */
  private SpanData awaitOneSpan() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (spans.getFinishedSpanItems().isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(spans.getFinishedSpanItems()).hasSize(1);
    return spans.getFinishedSpanItems().get(0);
  }
}
