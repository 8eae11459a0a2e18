package io.spanweave.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.reactor.fixtures.ReactiveJudge;
import io.spanweave.reactor.fixtures.Score;
import io.spanweave.reactor.fixtures.SyncScorer;
import io.spanweave.reactor.fixtures.TracedReactiveJudge;
import io.spanweave.reactor.fixtures.TracedSyncScorer;
import io.spanweave.testing.RecordedSpan;
import io.spanweave.testing.SpanRecorder;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * What a traced publisher's subscription sees of its span: nested stages, the Reactor context, the
 * current span.
 */
class ContextPropagationTest {

  private final FakeJudge fake = new FakeJudge();
  private final ReactiveJudge judge = TracedReactiveJudge.wrap(fake);
  private final SyncScorer scorer = TracedSyncScorer.wrap(id -> 0.5);
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
  void tracedMonosInsideTheStreamAreChildrenAlsoOnOtherThreads() {
    fake.rollout =
        id ->
            judge
                .judge(id)
                .flatMap(first -> judge.judge(id + "/again").subscribeOn(Schedulers.parallel()))
                .map(Score::score);

    assertThat(judge.rollout("s-1").block()).isEqualTo(0.75);

    RecordedSpan rollout = spans.assertThat().stage("rollout").ranOnce().isRoot().span();
    spans.assertThat().stage("judge").ran(2).each(span -> span.isChildOf(rollout).isOk());
    spans
        .assertThat()
        .stage("judge")
        .withAttribute("sample.id", "s-1/again")
        .ranOnce()
        .isChildOf(rollout);
  }

  @Test
  void theStreamReadsItsSpanFromTheReactorContext() {
    AtomicReference<TraceContext> seen = new AtomicReference<>();
    fake.rollout =
        id ->
            Mono.deferContextual(
                    view -> {
                      seen.set(ReactiveStages.traceContext(view));
                      return Mono.just(1.0);
                    })
                .subscribeOn(Schedulers.parallel());

    judge.rollout("s-1").block();

    RecordedSpan rollout = spans.assertThat().stage("rollout").ranOnce().span();
    assertThat(seen.get().spanId()).isEqualTo(rollout.spanId());
  }

  @Test
  void workDoneWhileSubscribingRunsWithTheSpanCurrent() {
    AtomicReference<String> current = new AtomicReference<>();
    fake.rollout =
        id ->
            Mono.fromCallable(
                () -> {
                  current.set(TraceContext.current().spanId());
                  return scorer.score(id);
                });

    judge.rollout("s-1").block();

    RecordedSpan rollout = spans.assertThat().stage("rollout").ranOnce().span();
    assertThat(current.get()).isEqualTo(rollout.spanId());
    spans.assertThat().stage("score").ranOnce().isChildOf(rollout);
    assertThat(TraceContext.current().isValid()).as("restored after the subscription").isFalse();
  }

  @Test
  void onAnotherSchedulerASynchronousStageJoinsThroughTheReactorContext() {
    fake.rollout =
        id ->
            Mono.deferContextual(
                view ->
                    Mono.fromCallable(
                            () -> {
                              try (TraceScope stage =
                                  Trace.attach(ReactiveStages.traceContext(view))) {
                                return scorer.score(id);
                              }
                            })
                        .subscribeOn(Schedulers.boundedElastic()));

    judge.rollout("s-1").block();

    spans.assertThat().stage("score").ranOnce().hasParent("rollout");
  }

  @Test
  void outsideATracedPublisherTheReactorContextHasNoSpan() {
    TraceContext context =
        Mono.deferContextual(view -> Mono.just(ReactiveStages.traceContext(view))).block();

    assertThat(context.isValid()).isFalse();
  }
}
