package io.spanweave.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.annotations.Kind;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.Tracing;
import io.spanweave.testing.fixtures.Grader;
import io.spanweave.testing.fixtures.Judge;
import io.spanweave.testing.fixtures.RuleJudge;
import io.spanweave.testing.fixtures.TracedGrader;
import io.spanweave.testing.fixtures.TracedJudge;
import io.spanweave.testing.fixtures.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recorder without the JUnit extension, as a TestNG test or a main method uses it. */
class SpanRecorderTest {

  private static ExecutorService pool;

  @BeforeAll
  static void startPool() {
    pool = Executors.newFixedThreadPool(2);
  }

  @AfterAll
  static void stopPool() {
    pool.shutdownNow();
  }

  @Test
  void aTracedCallIsVisibleAsSoonAsItReturnsAndStaysAfterClose() {
    Judge judge = TracedJudge.wrap(new RuleJudge(pool));
    SpanRecorder spans = SpanRecorder.start();
    try (spans) {
      assertThat(Tracing.isEnabled()).isTrue();
      try (TraceScope sample = Trace.span(Kind.ROLLOUT, "sample", Map.of("sample.id", "s-1"))) {
        judge.judge("s-1", "42");
        // visible at once, while the sample span (held open by this thread) is still running
        spans
            .assertThat()
            .stage("judge")
            .ranOnce()
            .hasMetric("reward", 1.0)
            .hasKind(Kind.REWARD)
            .hasAttribute("sample.id", "s-1")
            .isOk();
      }
    }
    assertThat(Tracing.isEnabled()).as("tracing is off once the last recorder closed").isFalse();
    spans.assertThat().ran(2).stage("judge").ranOnce().hasParent("sample").isInTraceOf("sample");
    spans.assertThat().stage("sample").ranOnce().isRoot().hasAttribute("sample.id", "s-1");
  }

  @Test
  void aCompletionStageIsRecordedOnceItCompletesWithoutWaitingByHand() {
    Judge judge = TracedJudge.wrap(new RuleJudge(pool));
    // The span ends in a callback on the pool's thread; join() may return just before it ran.
    for (int round = 0; round < 200; round++) {
      try (SpanRecorder spans = SpanRecorder.start()) {
        Verdict verdict = judge.judgeLater("s-" + round, "42").join();
        assertThat(verdict.reward()).isEqualTo(1.0);
        spans
            .assertThat()
            .stage("judge")
            .ranOnce()
            .hasMetric("reward", 1.0)
            .hasAttribute("sample.id", "s-" + round);
      }
    }
  }

  @Test
  void aFailedStageRecordsItsStatusAndExceptionType() {
    Judge judge = TracedJudge.wrap(new RuleJudge(pool));
    try (SpanRecorder spans = SpanRecorder.start()) {
      assertThatThrownBy(() -> judge.judge("s-1", " "))
          .isInstanceOf(IllegalArgumentException.class);
      spans
          .assertThat()
          .stage("judge")
          .ranOnce()
          .isError()
          .failedWith(IllegalArgumentException.class)
          .hasEvent("exception", "exception.type", IllegalArgumentException.class.getName())
          .doesNotHaveAttribute("spanweave.metric.reward");
    }
  }

  @Test
  void eventsAndRedactedPreviews() {
    Grader grader = TracedGrader.wrap((answer, authorization) -> "graded " + answer);
    try (SpanRecorder spans = SpanRecorder.start()) {
      try (TraceScope step = Trace.span("step")) {
        Trace.event("infer.finished", Map.of("num_tokens", 12));
        grader.grade("42", "Bearer sk-live-0123456789abcdef0123456789");
      }
      spans.assertThat().stage("step").ranOnce().hasEvent("infer.finished", "num_tokens", 12);
      spans
          .assertThat()
          .stage("grade")
          .ranOnce()
          .hasPreview("input.answer")
          .hasPreview("output")
          .hasRedactedPreview("input.authorization", "sk-live-0123456789abcdef0123456789");
    }
  }

  @Test
  void spansOfTheTestsContextOnOtherThreadsAndThroughCarriersAreTheTests() throws Exception {
    ExecutorService wrapped = TraceContext.wrap(Executors.newSingleThreadExecutor());
    try (SpanRecorder spans = SpanRecorder.start()) {
      Map<String, String> carrier = new HashMap<>();
      try (TraceScope sample = Trace.span("sample")) {
        wrapped.submit(() -> Trace.run("worker.run", () -> {})).get();
        Trace.inject(carrier);
      }
      // a carrier read back in this process: the span joins its parent's test even on a bare thread
      Thread bare =
          new Thread(
              () -> {
                try (TraceScope remote = Trace.span("worker.remote", Map.of(), carrier)) {
                  Trace.setAttribute("worker.id", 3);
                }
              });
      bare.start();
      bare.join();
      spans.assertThat().stage("worker.run").ranOnce().hasParent("sample");
      spans
          .assertThat()
          .stage("worker.remote")
          .ranOnce()
          .hasParent("sample")
          .hasAttribute("worker.id", 3);
    } finally {
      wrapped.shutdownNow();
    }
  }

  @Test
  void aSpanOnAThreadThatNeverGotTheTestsContextIsNotTheTests() throws Exception {
    try (SpanRecorder spans = SpanRecorder.start()) {
      Thread stranger = new Thread(() -> Trace.run("stranger.run", () -> {}));
      stranger.start();
      stranger.join();
      Trace.run("own.run", () -> {});
      spans.assertThat().stage("stranger.run").didNotRun();
      spans.assertThat().stage("own.run").ranOnce().isRoot();
    }
  }

  @Test
  void noFileNoPortNoThreadIsLeftBehind(@TempDir Path outputDir) throws Exception {
    Set<Thread> before = Thread.getAllStackTraces().keySet();
    Judge judge = TracedJudge.wrap(new RuleJudge(pool));
    try (SpanRecorder spans = SpanRecorder.start(config -> config.outputDir(outputDir))) {
      judge.judge("s-1", "42");
      judge.judgeLater("s-2", "7").join();
      assertThat(spans.runtime().collectorEndpoint())
          .as("no local collector, so no port")
          .isEmpty();
      spans.assertThat().stage("judge").ran(2);
    }
    try (Stream<Path> files = Files.list(outputDir)) {
      assertThat(files).as("nothing written under the output dir").isEmpty();
    }
    List<String> started =
        Thread.getAllStackTraces().keySet().stream()
            .filter(t -> !before.contains(t))
            .map(Thread::getName)
            .collect(Collectors.toList());
    assertThat(started)
        .as("threads started while recording")
        .noneMatch(
            name ->
                name.toLowerCase().contains("spanweave")
                    || name.toLowerCase().contains("otel")
                    || name.toLowerCase().contains("opentelemetry")
                    || name.contains("BatchSpanProcessor"));
  }

  @Test
  void recordersWithTheSameSettingsNestAndOtherSettingsOnTheSameThreadAreRefused() {
    try (SpanRecorder outer = SpanRecorder.start()) {
      try (SpanRecorder inner = SpanRecorder.start()) {
        Trace.run("inner.run", () -> {});
        inner.assertThat().stage("inner.run").ranOnce();
      }
      Trace.run("outer.run", () -> {});
      outer.assertThat().stage("outer.run").ranOnce();
      outer.assertThat().stage("inner.run").didNotRun();
      assertThatThrownBy(() -> SpanRecorder.start(config -> config.enableExtension("other")))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("other settings");
    }
    try (SpanRecorder other = SpanRecorder.start(config -> config.enableExtension("other"))) {
      assertThat(other.runtime().config().extensions()).containsExactly("other");
    }
  }

  @Test
  void settingsOfTheTestApplyAndAStepIsRecordedOnTheSpansUnderIt() {
    try (SpanRecorder spans =
        SpanRecorder.start(
            config ->
                config
                    .enableExtension("rollout")
                    .limits(limits -> limits.withMaxStringLength(8)))) {
      try (TraceScope step = Trace.step(3)) {
        Trace.run(Kind.REWARD, "reward.score", () -> Trace.metric("reward", 1.0));
        Trace.run("tagged", () -> Trace.setAttribute("note", "0123456789"));
      }
      assertThat(spans.runtime().config().extensions()).containsExactly("rollout");
      spans
          .assertThat()
          .stage("reward.score")
          .ranOnce()
          .hasAttribute("spanweave.step", 3)
          .hasMetric("reward", 1.0)
          .hasKind(Kind.REWARD);
      spans.assertThat().stage("tagged").ranOnce().hasAttribute("note", "01234567");
    }
  }

  @Test
  void aRecorderWithOtherSettingsOnAnotherThreadWaitsUntilTheOpenOnesClose() throws Exception {
    AtomicReference<List<RecordedSpan>> otherSpans = new AtomicReference<>();
    Thread other =
        new Thread(
            () -> {
              try (SpanRecorder spans =
                  SpanRecorder.start(config -> config.serviceName("other-settings"))) {
                Trace.run("other.run", () -> {});
                otherSpans.set(spans.spans());
              }
            });
    try (SpanRecorder spans = SpanRecorder.start()) {
      other.start();
      while (other.getState() != Thread.State.WAITING && other.isAlive()) {
        Thread.onSpinWait(); // until it waits for this recorder to close
      }
      Trace.run("own.run", () -> {});
      assertThat(spans.assertThat().stage("own.run").ranOnce().span().resource())
          .containsEntry("service.name", "spanweave-test");
    }
    other.join();
    assertThat(otherSpans.get())
        .singleElement()
        .satisfies(
            span -> {
              assertThat(span.name()).isEqualTo("other.run");
              assertThat(span.resource()).containsEntry("service.name", "other-settings");
            });
  }

  @Test
  void oneTracePerSample() {
    Judge judge = TracedJudge.wrap(new RuleJudge(pool));
    try (SpanRecorder spans = SpanRecorder.start()) {
      for (String sample : List.of("s-1", "s-2", "s-3")) {
        try (TraceScope root = Trace.span("sample", Map.of("sample.id", sample))) {
          judge.judge(sample, "42");
        }
      }
      spans.assertThat().hasOneTracePer("sample.id").hasTraceCount(3);
      spans
          .assertThat()
          .stage("judge")
          .ran(3)
          .each(judge1 -> judge1.hasParent("sample").hasMetric("reward", 1.0));
      AtomicReference<String> tree = new AtomicReference<>(spans.tree());
      assertThat(tree.get())
          .contains(
              "  trace ", "    sample", "      Judge.judge [stage=judge, kind=reward] reward=1.0");
    }
  }
}
