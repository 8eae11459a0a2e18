package io.spanweave.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.api.Stage;
import io.spanweave.reactor.fixtures.ReactiveJudge;
import io.spanweave.reactor.fixtures.Token;
import io.spanweave.reactor.fixtures.TracedReactiveJudge;
import io.spanweave.testing.SpanRecorder;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * With tracing off a traced method hands back its own publisher: no operator, no span, nothing to
 * subscribe.
 */
class TracingOffTest {

  @Test
  void theMethodsOwnPublisherIsReturnedUnchanged() {
    assertThat(Stage.tracingOn()).isFalse();
    Flux<Token> tokens = Flux.just(new Token(0));
    Mono<Double> rollout = Mono.just(1.0);
    FakeJudge fake = new FakeJudge();
    fake.generate = count -> tokens;
    fake.rollout = id -> rollout;
    ReactiveJudge judge = TracedReactiveJudge.wrap(fake);

    assertThat(judge.generate("s-1", 1)).isSameAs(tokens);
    assertThat(judge.rollout("s-1")).isSameAs(rollout);
  }

  @Test
  void aPublisherMadeWhileTracingWasOnRecordsNothingOnceItIsOff() {
    ReactiveJudge judge = TracedReactiveJudge.wrap(new FakeJudge());
    Flux<Token> tokens;
    SpanRecorder spans = SpanRecorder.start();
    try (spans) {
      tokens = judge.generate("s-1", 2);
    }

    assertThat(tokens.collectList().block()).hasSize(2);
    assertThat(spans.spans()).isEmpty();
  }
}
