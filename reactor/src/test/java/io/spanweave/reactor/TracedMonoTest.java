package io.spanweave.reactor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.annotations.Kind;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.reactor.fixtures.ReactiveJudge;
import io.spanweave.reactor.fixtures.Score;
import io.spanweave.reactor.fixtures.TracedReactiveJudge;
import io.spanweave.testing.SpanRecorder;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * A {@code @Traced} method that returns a {@code Mono}: the cases of a {@code CompletionStage}
 * (value and metrics, error, a throw before any stream exists) plus subscription and cancellation.
 */
class TracedMonoTest {

  private final FakeJudge fake = new FakeJudge();
  private final ReactiveJudge judge = TracedReactiveJudge.wrap(fake);
  private SpanRecorder spans;

  @BeforeEach
  void record() {
    spans = SpanRecorder.start();
  }

  @AfterEach
  void stop() {
    spans.close();
  }

  @Test
  void theSpanStartsOnSubscriptionAndEndsWithTheValueWithItsMetrics() {
    Mono<Score> score = judge.judge("s-1");

    assertThat(fake.judgeCalls).as("the method is called at once, as without tracing").hasValue(1);
    assertThat(spans.spans()).as("no span before a subscriber subscribes").isEmpty();
    StepVerifier.create(score).expectNext(new Score(0.75, true)).verifyComplete();

    spans
        .assertThat()
        .stage("judge")
        .ranOnce()
        .hasKind(Kind.REWARD)
        .hasName("ReactiveJudge.judge")
        .hasAttribute("sample.id", "s-1")
        .hasMetric("score", 0.75)
        .hasAttribute("spanweave.metric.accepted", true)
        .hasAttribute("spanweave.status", "ok")
        .isOk();
  }

  @Test
  void anErrorSignalFailsTheSpanWithTheExceptionType() {
    fake.judge = id -> Mono.error(new IllegalStateException("judge down"));

    StepVerifier.create(judge.judge("s-1")).verifyError(IllegalStateException.class);

    spans
        .assertThat()
        .stage("judge")
        .ranOnce()
        .failedWith(IllegalStateException.class)
        .hasAttribute("spanweave.status", "error")
        .doesNotHaveAttribute("spanweave.metric.score");
  }

  @Test
  void aMethodThatThrowsBeforeReturningAMonoThrowsUnchangedAndRecordsAFailedSpan() {
    IllegalArgumentException thrown = new IllegalArgumentException("no such sample");
    fake.judge =
        id -> {
          throw thrown;
        };

    assertThatThrownBy(() -> judge.judge("s-1")).isSameAs(thrown);

    spans
        .assertThat()
        .stage("judge")
        .ranOnce()
        .failedWith(IllegalArgumentException.class)
        .hasAttribute("sample.id", "s-1");
  }

  @Test
  void eachSubscriptionHasASpanOfItsOwn() {
    Mono<Score> score = judge.judge("s-1");

    score.block();
    score.block();

    assertThat(fake.judgeCalls).hasValue(1);
    assertThat(fake.judgeSubscriptions).hasValue(2);
    spans.assertThat().stage("judge").ran(2).each(span -> span.isOk().hasMetric("score", 0.75));
    assertThat(spans.spans().get(0).spanId()).isNotEqualTo(spans.spans().get(1).spanId());
  }

  @Test
  void blockCancelsAfterTheValueWhichIsStillASuccess() {
    // block() and toFuture() cancel their subscription once the value arrived: not a cancellation
    // of the stage
    assertThat(judge.judge("s-1").block()).isEqualTo(new Score(0.75, true));
    assertThat(judge.judge("s-2").toFuture().join()).isEqualTo(new Score(0.75, true));

    spans
        .assertThat()
        .stage("judge")
        .ran(2)
        .each(span -> span.isOk().hasAttribute("spanweave.status", "ok"));
  }

  @Test
  void anEmptyMonoEndsOkWithoutMetrics() {
    fake.judge = id -> Mono.empty();

    StepVerifier.create(judge.judge("s-1")).verifyComplete();
    StepVerifier.create(judge.flush()).verifyComplete();

    spans
        .assertThat()
        .stage("judge")
        .ranOnce()
        .isOk()
        .doesNotHaveAttribute("spanweave.metric.score");
    spans.assertThat().stage("flush").ranOnce().isOk();
  }

  @Test
  void disposingTheSubscriptionRecordsACancelledSpan() {
    fake.judge = id -> Mono.never();

    Disposable subscription = judge.judge("s-1").subscribe();
    assertThat(spans.spans()).as("running: not ended yet").isEmpty();
    subscription.dispose();

    // recorded as a cancelled future is: status cancelled, ERROR, the CancellationException's type
    spans
        .assertThat()
        .stage("judge")
        .ranOnce()
        .hasAttribute("spanweave.status", "cancelled")
        .failedWith(CancellationException.class)
        .doesNotHaveAttribute("spanweave.metric.score");
  }

  @Test
  void aTimeoutDownstreamCancelsTheStage() {
    fake.judge = id -> Mono.never();

    StepVerifier.withVirtualTime(() -> judge.judge("s-1").timeout(Duration.ofSeconds(30)))
        .expectSubscription()
        .thenAwait(Duration.ofSeconds(30))
        .verifyError(TimeoutException.class);

    spans.assertThat().stage("judge").ranOnce().hasAttribute("spanweave.status", "cancelled");
  }

  @Test
  void cancellingFromStepVerifierBeforeTheValueRecordsCancelled() {
    fake.judge = id -> Mono.delay(Duration.ofHours(1)).map(t -> new Score(1, true));

    StepVerifier.withVirtualTime(() -> judge.judge("s-1"))
        .expectSubscription()
        .thenCancel()
        .verify();

    spans.assertThat().stage("judge").ranOnce().hasAttribute("spanweave.status", "cancelled");
  }

  @Test
  void theParentIsTheSpanCurrentWhenTheMethodWasCalledWhenTheSubscriberHasNone() {
    Mono<Score> score;
    try (TraceScope step = Trace.span("step")) {
      score = judge.judge("s-1");
    }
    // subscribed on another thread, where no span is current
    score.subscribeOn(Schedulers.single()).block();

    spans.assertThat().stage("judge").ranOnce().hasParent("step");
  }

  @Test
  void theParentIsTheSpanCurrentOnTheSubscribingThreadWhenThereIsOne() {
    Mono<Score> assembledEarly = judge.judge("s-1");
    try (TraceScope request = Trace.span("request")) {
      assembledEarly.block();
    }

    spans.assertThat().stage("judge").ranOnce().hasParent("request");
  }
}
