package io.spanweave.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.spanweave.annotations.Kind;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.testing.fixtures.Judge;
import io.spanweave.testing.fixtures.RuleJudge;
import io.spanweave.testing.fixtures.TracedJudge;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * Tests that run at the same time, with JUnit's parallel execution on, each see only their own
 * spans, although tracing is process-wide.
 */
class ParallelIsolationTest {

  private static final int TOGETHER = 4;

  @Test
  void concurrentTestsEachSeeOnlyTheirOwnSpans() {
    Events tests =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
            .configurationParameter("junit.jupiter.execution.parallel.mode.default", "concurrent")
            .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
            .configurationParameter(
                "junit.jupiter.execution.parallel.config.fixed.parallelism",
                Integer.toString(TOGETHER))
            .selectors(selectClass(ConcurrentSamples.class))
            .execute()
            .testEvents();
    List<String> failures =
        tests.failed().stream()
            .map(
                event ->
                    event.getTestDescriptor().getDisplayName()
                        + ": "
                        + event
                            .getRequiredPayload(TestExecutionResult.class)
                            .getThrowable()
                            .map(Throwable::toString)
                            .orElse(""))
            .toList();
    assertThat(failures).isEmpty();
    tests.assertStatistics(stats -> stats.started(2 * TOGETHER).succeeded(2 * TOGETHER));
  }

  /** Run by the test above only (surefire skips nested classes). */
  @ExtendWith(SpanweaveExtension.class)
  static class ConcurrentSamples {

    /**
     * The first {@link #TOGETHER} tests wait here until all of them hold a recorder, so they
     * overlap for sure.
     */
    private static final CountDownLatch RECORDING = new CountDownLatch(TOGETHER);

    /** ... and here until all of them have recorded their spans, before they assert. */
    private static final CountDownLatch RECORDED = new CountDownLatch(TOGETHER);

    private static ExecutorService pool;

    @BeforeAll
    static void startPool() {
      pool = TraceContext.wrap(Executors.newFixedThreadPool(2));
    }

    @AfterAll
    static void stopPool() {
      pool.shutdownNow();
    }

    @RepeatedTest(2 * TOGETHER)
    void judgesItsOwnSample(RepetitionInfo repetition, SpanRecorder spans) throws Exception {
      Judge judge = TracedJudge.wrap(new RuleJudge(pool));
      String sample = "s-" + repetition.getCurrentRepetition();
      int calls = 1 + repetition.getCurrentRepetition() % 3;
      RECORDING.countDown();
      assertThat(RECORDING.await(30, TimeUnit.SECONDS))
          .as("%d tests recording at once", TOGETHER)
          .isTrue();
      try (TraceScope root = Trace.span(Kind.ROLLOUT, "sample", Map.of("sample.id", sample))) {
        for (int call = 0; call < calls; call++) {
          judge.judge(sample, "42");
          judge.judgeLater(sample, "7").join();
          pool.submit(() -> Trace.run("worker.run", () -> {})).get();
        }
      }
      RECORDED.countDown();
      assertThat(RECORDED.await(30, TimeUnit.SECONDS)).as("%d tests recorded", TOGETHER).isTrue();

      spans.assertThat().stage("sample").ranOnce().isRoot().hasAttribute("sample.id", sample);
      spans
          .assertThat()
          .stage("judge")
          .ran(2 * calls)
          .each(span -> span.hasAttribute("sample.id", sample).hasParent("sample"));
      spans.assertThat().stage("judge").withAttribute("spanweave.metric.reward", 1.0).ran(calls);
      spans.assertThat().stage("worker.run").ran(calls).each(span -> span.hasParent("sample"));
      spans.assertThat().hasTraceCount(1).hasOneTracePer("sample.id");
    }
  }
}
