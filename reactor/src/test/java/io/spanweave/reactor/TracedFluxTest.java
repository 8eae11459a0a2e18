package io.spanweave.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.annotations.Kind;
import io.spanweave.reactor.fixtures.ReactiveJudge;
import io.spanweave.reactor.fixtures.Token;
import io.spanweave.reactor.fixtures.TracedReactiveJudge;
import io.spanweave.testing.RecordedSpan;
import io.spanweave.testing.SpanRecorder;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/**
 * A {@code @Traced} method that returns a {@code Flux}: one span from subscription to the last
 * signal.
 */
class TracedFluxTest {

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
  void oneSpanCoversTheWholeStreamAndItsMetricIsTheLastElements() {
    Flux<Token> tokens = judge.generate("s-1", 3);

    assertThat(spans.spans()).isEmpty();
    StepVerifier.create(tokens, 0)
        .thenRequest(2)
        .expectNext(new Token(0), new Token(1))
        .then(() -> assertThat(spans.spans()).as("still streaming").isEmpty())
        .thenRequest(1)
        .expectNext(new Token(2))
        .verifyComplete();

    spans
        .assertThat()
        .stage("generate")
        .ranOnce()
        .hasKind(Kind.MODEL)
        .hasAttribute("sample.id", "s-1")
        .hasAttribute("count", 3L)
        .hasMetric("index", 2)
        .hasAttribute("spanweave.status", "ok");
  }

  @Test
  void anErrorAfterSomeElementsFailsTheSpan() {
    fake.generate =
        count ->
            Flux.range(0, count)
                .map(Token::new)
                .concatWith(Flux.error(new IllegalStateException("model down")));

    StepVerifier.create(judge.generate("s-1", 2))
        .expectNextCount(2)
        .verifyError(IllegalStateException.class);

    spans
        .assertThat()
        .stage("generate")
        .ranOnce()
        .failedWith(IllegalStateException.class)
        .hasMetric("index", 1);
  }

  @Test
  void takingFewerElementsThanTheStreamHasCancelsIt() {
    StepVerifier.create(judge.generate("s-1", 100).take(2)).expectNextCount(2).verifyComplete();

    spans
        .assertThat()
        .stage("generate")
        .ranOnce()
        .hasAttribute("spanweave.status", "cancelled")
        .hasMetric("index", 1);
  }

  @Test
  void nextCancelsAfterTheFirstElement() {
    StepVerifier.create(judge.generate("s-1", 100).next())
        .expectNext(new Token(0))
        .verifyComplete();

    spans
        .assertThat()
        .stage("generate")
        .ranOnce()
        .hasAttribute("spanweave.status", "cancelled")
        .hasMetric("index", 0);
  }

  @Test
  void takeZeroNeverSubscribesSoNoSpanStarts() {
    StepVerifier.create(judge.generate("s-1", 100).take(0)).verifyComplete();

    spans.assertThat().stage("generate").didNotRun();
  }

  @Test
  void anEmptyFluxEndsOk() {
    StepVerifier.create(judge.generate("s-1", 0)).verifyComplete();

    spans
        .assertThat()
        .stage("generate")
        .ranOnce()
        .isOk()
        .doesNotHaveAttribute("spanweave.metric.index");
  }

  @Test
  void twoSubscriptionsAreTwoSpans() {
    Flux<Token> tokens = judge.generate("s-1", 2);

    StepVerifier.create(tokens).expectNextCount(2).verifyComplete();
    StepVerifier.create(tokens).expectNextCount(2).verifyComplete();

    spans.assertThat().stage("generate").ran(2);
  }

  @Test
  void anIntervalStreamIsCancelledByItsTimeout() {
    fake.generate = count -> Flux.interval(Duration.ofSeconds(1)).map(i -> new Token(i.intValue()));

    StepVerifier.withVirtualTime(() -> judge.generate("s-1", 0).take(Duration.ofMillis(2500)))
        .expectSubscription()
        .thenAwait(Duration.ofMillis(2500))
        .expectNextCount(2)
        .verifyComplete();

    spans.assertThat().stage("generate").ranOnce().hasAttribute("spanweave.status", "cancelled");
  }

  @Test
  void previewsRecordTheInputsOnceAndEachElement() {
    StepVerifier.create(judge.explain("why")).expectNext("because", "of why").verifyComplete();

    RecordedSpan span =
        spans
            .assertThat()
            .stage("explain")
            .ranOnce()
            .hasPreview("input.question")
            .hasPreview("output")
            .span();
    assertThat(span.events().stream().filter(e -> e.name().equals("spanweave.preview")).count())
        .isEqualTo(3);
    assertThat(span.previews().get("input.question")).contains("why");
  }
}
