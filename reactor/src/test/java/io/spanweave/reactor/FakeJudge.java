package io.spanweave.reactor;

import io.spanweave.reactor.fixtures.ReactiveJudge;
import io.spanweave.reactor.fixtures.Score;
import io.spanweave.reactor.fixtures.Token;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A judge whose streams each test sets; counts how often the method was called and subscribed to.
 */
final class FakeJudge implements ReactiveJudge {

  final AtomicInteger judgeCalls = new AtomicInteger();
  final AtomicInteger judgeSubscriptions = new AtomicInteger();
  Function<String, Mono<Score>> judge = id -> Mono.fromCallable(() -> new Score(0.75, true));
  Function<Integer, Flux<Token>> generate = count -> Flux.range(0, count).map(Token::new);
  Function<String, Mono<Double>> rollout = id -> Mono.just(1.0);

  @Override
  public Mono<Score> judge(String sampleId) {
    judgeCalls.incrementAndGet();
    return judge.apply(sampleId).doOnSubscribe(s -> judgeSubscriptions.incrementAndGet());
  }

  @Override
  public Flux<Token> generate(String sampleId, int count) {
    return generate.apply(count);
  }

  @Override
  public Mono<Double> rollout(String sampleId) {
    return rollout.apply(sampleId);
  }

  @Override
  public Flux<String> explain(String question) {
    return Flux.just("because", "of " + question);
  }

  @Override
  public Mono<Void> flush() {
    return Mono.empty();
  }
}
