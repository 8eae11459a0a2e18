package io.spanweave.testing;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.annotations.Kind;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.testing.fixtures.Judge;
import io.spanweave.testing.fixtures.RuleJudge;
import io.spanweave.testing.fixtures.TracedJudge;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A failed span assertion says what was expected and prints the test's spans as a tree. */
class FailureMessageTest {

  private final Judge judge = TracedJudge.wrap(new RuleJudge(Runnable::run));

  @Test
  void aWrongMetricPrintsTheTree() {
    try (SpanRecorder spans = SpanRecorder.start()) {
      try (TraceScope sample = Trace.span(Kind.ROLLOUT, "sample", Map.of("sample.id", "s-1"))) {
        judge.judge("s-1", "41");
      }
      assertThatThrownBy(() -> spans.assertThat().stage("judge").ranOnce().hasMetric("reward", 1.0))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("to have metric reward = 1.0 but it is 0.0")
          .hasMessageContaining("recorded spans:")
          .hasMessageContaining(
              "    sample [kind=rollout]"
                  + System.lineSeparator()
                  + "      Judge.judge [stage=judge, kind=reward] reward=0.0");
    }
  }

  @Test
  void aStageThatRanTwiceOrNeverSaysSo() {
    try (SpanRecorder spans = SpanRecorder.start()) {
      judge.judge("s-1", "42");
      judge.judge("s-2", "42");
      assertThatThrownBy(() -> spans.assertThat().stage("judge").ranOnce())
          .hasMessageContaining("expected stage 'judge' to have run 1 time but it ran 2");
      assertThatThrownBy(() -> spans.assertThat().stage("generate").ran(1))
          .hasMessageContaining("expected stage 'generate' to have run 1 time but it ran 0")
          .hasMessageContaining("Judge.judge [stage=judge, kind=reward] reward=1.0");
    }
  }

  @Test
  void aFailedSpanShowsItsErrorAndAWrongParentIsNamed() {
    try (SpanRecorder spans = SpanRecorder.start()) {
      try (TraceScope sample = Trace.span("sample")) {
        try {
          judge.judge("s-1", "");
        } catch (IllegalArgumentException expected) {
          // recorded on the span
        }
      }
      assertThatThrownBy(() -> spans.assertThat().stage("judge").ranOnce().isOk())
          .hasMessageContaining("to succeed but it failed with java.lang.IllegalArgumentException")
          .hasMessageContaining(
              "Judge.judge [stage=judge, kind=reward] ERROR java.lang.IllegalArgumentException");
      assertThatThrownBy(() -> spans.assertThat().stage("judge").ranOnce().hasParent("step"))
          .hasMessageContaining("to be a child of 'step' but its parent is 'sample'");
      assertThatThrownBy(() -> spans.assertThat().stage("sample").ranOnce().hasParent("step"))
          .hasMessageContaining("but its parent is none");
    }
  }

  @Test
  void nothingRecordedSaysWhereToLook() {
    try (SpanRecorder spans = SpanRecorder.start()) {
      assertThatThrownBy(() -> spans.assertThat().stage("judge").ranOnce())
          .hasMessageContaining("no spans were recorded");
    }
  }

  @Test
  void twoSamplesInOneTraceFailOneTracePerSample() {
    try (SpanRecorder spans = SpanRecorder.start()) {
      try (TraceScope batch = Trace.span("batch")) {
        judge.judge("s-1", "42");
        judge.judge("s-2", "42");
      }
      assertThatThrownBy(() -> spans.assertThat().hasOneTracePer("sample.id"))
          .hasMessageContaining("expected one trace per sample.id but trace")
          .hasMessageContaining("holds sample.id=s-1 and sample.id=s-2");
    }
  }
}
