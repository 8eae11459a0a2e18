package com.acme.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spanweave.testing.SpanRecorder;
import io.spanweave.testing.SpanweaveExtension;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SpanweaveExtension.class)
class JudgeTest {

  /** Opens once two tests are judging at the same time: proof that they run in parallel. */
  private static final CountDownLatch TWO_AT_ONCE = new CountDownLatch(2);

  private final SampleLoop loop = new SampleLoop(TracedJudge.wrap(new ExactAnswerJudge("42")));

  @Test
  void callingJudgeRecordsOneJudgeStageWithItsRewardUnderTheSamplesTrace(SpanRecorder spans) {
    loop.run("s-1", "42");

    spans.assertThat().stage("judge").ranOnce().hasMetric("reward", 1.0).isInTraceOf("sample");
  }

  @RepeatedTest(6)
  void everyParallelTestSeesOnlyItsOwnSample(RepetitionInfo repetition, SpanRecorder spans) throws Exception {
    String sample = "s-" + repetition.getCurrentRepetition();
    TWO_AT_ONCE.countDown();
    assertTrue(TWO_AT_ONCE.await(60, TimeUnit.SECONDS), "two tests at once");
    assertEquals(0.0, loop.run(sample, "41"));

    spans.assertThat().stage("judge").ranOnce().hasMetric("reward", 0.0).hasAttribute("sample.id", sample)
        .hasParent("sample");
    spans.assertThat().stage("sample").ranOnce().isRoot().hasAttribute("sample.id", sample);
  }
}
