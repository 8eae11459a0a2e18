package io.spanweave.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.scoring.LengthScorer;
import com.example.scoring.Score;
import com.example.scoring.Scorer;
import com.example.scoring.TracedScorer;
import com.example.scoring.TracedWordCounter;
import com.example.scoring.WordCounter;
import io.opentelemetry.api.OpenTelemetry;
import io.spanweave.annotations.Traced;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import jakarta.annotation.PostConstruct;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The auto-configuration in small real contexts: where each setting comes from, which beans are
 * replaced by their delegate, and the errors a wrong setup gets. An API-only {@code OpenTelemetry}
 * bean keeps these contexts from writing files.
 */
class SpanweaveAutoConfigurationTest {

  private final ApplicationContextRunner contexts =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(SpanweaveAutoConfiguration.class))
          .withBean(OpenTelemetry.class, OpenTelemetry::noop);

  @Test
  void theServiceNameIsSpanweavesPropertyThenTheSpringApplicationName() {
    contexts
        .withPropertyValues("spring.application.name=judge-service")
        .run(
            context ->
                assertThat(context.getBean(TraceRuntime.class).serviceName())
                    .isEqualTo("judge-service"));
    contexts
        .withPropertyValues(
            "spring.application.name=judge-service", "spanweave.service-name=from-spanweave")
        .run(
            context ->
                assertThat(context.getBean(TraceRuntime.class).serviceName())
                    .isEqualTo("from-spanweave"));
  }

  @Test
  void theOpenTelemetryVariablesWinOverThePropertiesAsTheyDoOverTheBuilder() {
    // -Dotel.service.name is OTEL_SERVICE_NAME's system property; the runtime reads both the same
    // way.
    withSystemProperty(
        "otel.service.name",
        "from-otel",
        () ->
            contexts
                .withPropertyValues(
                    "spring.application.name=judge-service",
                    "spanweave.service-name=from-spanweave")
                .run(
                    context ->
                        assertThat(context.getBean(TraceRuntime.class).serviceName())
                            .isEqualTo("from-otel")));
  }

  @Test
  void otelSdkDisabledTurnsTracingOffWhateverTheSpanweavePropertiesSay() {
    withSystemProperty(
        "otel.sdk.disabled",
        "true",
        () ->
            contexts
                .withPropertyValues("spanweave.enabled=true")
                .run(
                    context ->
                        assertThat(context.getBean(TraceRuntime.class).isEnabled()).isFalse()));
    contexts.run(context -> assertThat(context.getBean(TraceRuntime.class).isEnabled()).isTrue());
  }

  @Test
  void everyPropertyReachesTheConfig() {
    contexts
        .withPropertyValues(
            "spanweave.run-id=run-from-property",
            "spanweave.viewer.host=0.0.0.0",
            "spanweave.viewer.port=0",
            "spanweave.max-attribute-length=32",
            "spanweave.extensions=rollout",
            "spanweave.resource-attributes.team=rl",
            "spanweave.export-timeout=5s",
            "spanweave.previews.enabled=false")
        .run(
            context -> {
              TraceConfig config = context.getBean(TraceRuntime.class).config();
              assertThat(config.runId()).isEqualTo("run-from-property");
              assertThat(config.viewer().host()).isEqualTo("0.0.0.0");
              assertThat(config.viewer().port()).isZero();
              assertThat(config.limits().maxStringLength()).isEqualTo(32);
              assertThat(config.extensions()).containsExactly("rollout");
              assertThat(config.resourceAttributes()).containsEntry("team", "rl");
              assertThat(config.batch().timeout()).hasSeconds(5);
              assertThat(config.previews().enabled()).isFalse();
            });
  }

  @Test
  void withTwoOpenTelemetryBeansOrWhenToldSpanweaveRunsItsOwnRuntime(@TempDir Path outputDir) {
    contexts
        .withBean("secondOpenTelemetry", OpenTelemetry.class, OpenTelemetry::noop)
        .withPropertyValues("spanweave.output-dir=" + outputDir.resolve("two"))
        .run(context -> assertThat(context.getBean(TraceRuntime.class).runDir()).isDirectory());
    contexts
        .withPropertyValues(
            "spanweave.output-dir=" + outputDir.resolve("told"),
            "spanweave.use-application-open-telemetry=false")
        .run(context -> assertThat(context.getBean(TraceRuntime.class).runDir()).isDirectory());
    contexts
        .withPropertyValues("spanweave.output-dir=" + outputDir.resolve("one"))
        .run(context -> assertThat(outputDir.resolve("one")).doesNotExist());
  }

  @Test
  void aTraceRuntimeBeanOfTheApplicationReplacesTheStartersOwn() {
    TraceRuntime own = Tracing.configure(TraceConfig.builder().build());
    contexts
        .withBean(TraceRuntime.class, () -> own)
        .run(context -> assertThat(context.getBean(TraceRuntime.class)).isSameAs(own));
  }

  @Test
  void aWrongSettingFailsTheStartupNamingTheSetting() {
    contexts
        .withPropertyValues("spanweave.viewer.port=70000")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .hasStackTraceContaining(
                      "Invalid spanweave configuration (spanweave.* properties")
                  .hasStackTraceContaining("viewer.port 70000 is not a TCP port");
            });
  }

  @Test
  void aBeanIsReplacedByTheDelegateOfItsInterfaceUnlessTurnedOffOrAlreadyADelegate() {
    contexts
        .withBean(Scorer.class, LengthScorer::new)
        .run(context -> assertThat(context.getBean(Scorer.class)).isInstanceOf(TracedScorer.class));
    contexts
        .withBean(Scorer.class, LengthScorer::new)
        .withPropertyValues("spanweave.wrap-beans=false")
        .run(context -> assertThat(context.getBean(Scorer.class)).isInstanceOf(LengthScorer.class));
    contexts
        .withUserConfiguration(WrappedByHand.class)
        .run(
            context -> {
              Scorer scorer = context.getBean(Scorer.class);
              assertThat(scorer).isSameAs(WrappedByHand.SCORER);
              assertThat(scorer.score("s", "abc").value()).isEqualTo(3.0);
            });
  }

  @Test
  void aBeanOfATracedClassIsMadeAsItsDelegateAndInjectedByItsClassUnlessTurnedOff() {
    contexts
        .withBean("counter", WordCounter.class)
        .run(
            context -> {
              WordCounter counter = context.getBean(WordCounter.class);
              assertThat(counter).isExactlyInstanceOf(TracedWordCounter.class);
              assertThat(counter.count("one two three")).isEqualTo(3);
            });
    contexts
        .withBean("counter", WordCounter.class)
        .withPropertyValues("spanweave.wrap-beans=false")
        .run(
            context ->
                assertThat(context.getBean(WordCounter.class))
                    .isExactlyInstanceOf(WordCounter.class));
  }

  @Test
  void aTracedClassSpringMakesAsItsDelegateKeepsItsInjectionAndLifecycle() {
    contexts
        .withBean("counter", WordCounter.class)
        .withBean(Threshold.class)
        .run(
            context -> {
              Threshold threshold = context.getBean(Threshold.class);
              assertThat(threshold.getClass().getSimpleName())
                  .isEqualTo("TracedSpanweaveAutoConfigurationTest_Threshold");
              assertThat(threshold.fieldCounter)
                  .as("@Autowired field of the class")
                  .isSameAs(context.getBean(WordCounter.class));
              assertThat(threshold.initialized).as("@PostConstruct method of the class").isTrue();
              assertThat(threshold.passes("a b c")).isTrue();
              assertThat(threshold.passes("a")).isFalse();
            });
  }

  @Test
  void
      aBeanOfATracedClassSpringCannotMakeAsItsDelegateIsLeftWithOneWarningSayingWhatTheClassNeeds() {
    List<String> warnings =
        warningsWhile(
            () ->
                contexts
                    .withBean("supplied", WordCounter.class, WordCounter::new)
                    .withBean("otherSupplied", WordCounter.class, WordCounter::new)
                    .withBean("handMade", WordCounter.class, TracedWordCounter::new)
                    .withUserConfiguration(CounterByBeanMethod.class)
                    .withBean(ValueThreshold.class)
                    .withBean(ChosenThreshold.class)
                    .run(
                        context -> {
                          assertThat(context).hasNotFailed();
                          assertThat(context.getBean("supplied"))
                              .isExactlyInstanceOf(WordCounter.class);
                          assertThat(context.getBean("handMade"))
                              .as("made as the delegate by hand: left as it is, no warning")
                              .isExactlyInstanceOf(TracedWordCounter.class);
                          assertThat(context.getBean(ValueThreshold.class))
                              .isExactlyInstanceOf(ValueThreshold.class);
                          assertThat(context.getBean(ChosenThreshold.class))
                              .isExactlyInstanceOf(ChosenThreshold.class);
                        }));

    assertThat(warnings)
        .filteredOn(w -> w.contains("WordCounter"))
        .singleElement()
        .asString()
        .contains(
            "bean 'supplied' of com.example.scoring.WordCounter is not traced: the bean is made by a supplier")
        .contains("Supply new TracedWordCounter(...)");
    assertThat(warnings)
        .filteredOn(w -> w.contains("ByBeanMethod"))
        .singleElement()
        .asString()
        .contains("is not traced: the bean is made by the factory method counterByBeanMethod()")
        .contains(
            "Return new TracedSpanweaveAutoConfigurationTest_ByBeanMethod(...) from that method");
    assertThat(warnings)
        .filteredOn(w -> w.contains("$ValueThreshold"))
        .singleElement()
        .asString()
        .contains("a parameter of its constructor carries an injection annotation (@Value")
        .contains(
            "needs non-private constructors whose parameters Spring resolves by type (and name) alone");
    assertThat(warnings)
        .filteredOn(w -> w.contains("$ChosenThreshold"))
        .singleElement()
        .asString()
        .contains("several constructors and marks the one to use with @Autowired")
        .contains("needs a single non-private constructor");
  }

  /**
   * The starter logs through System.Logger, which is java.util.logging here: listen on its logger.
   */
  private static List<String> warningsWhile(Runnable body) {
    Logger logger = Logger.getLogger("io.spanweave");
    List<String> warnings = new CopyOnWriteArrayList<>();
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            if (record.getLevel() == java.util.logging.Level.WARNING) {
              warnings.add(record.getMessage());
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    logger.addHandler(handler);
    try {
      body.run();
    } finally {
      logger.removeHandler(handler);
    }
    return warnings;
  }

  @Test
  void aNestedTracedInterfaceIsFoundByTheDelegatesOuterUnderscoreInnerName() {
    contexts
        .withBean(Ranker.class, () -> position -> position * 2)
        .run(
            context -> {
              Ranker ranker = context.getBean(Ranker.class);
              assertThat(ranker.getClass().getSimpleName())
                  .isEqualTo("TracedSpanweaveAutoConfigurationTest_Ranker");
              assertThat(ranker.rank(4)).isEqualTo(8);
            });
  }

  @Test
  void aBeanWithTwoUnrelatedTracedInterfacesFailsTheStartupSayingWhatToDo() {
    contexts
        .withBean(RankingScorer.class, RankingScorer::new)
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .rootCause()
                  .hasMessageContaining(RankingScorer.class.getName())
                  .hasMessageContaining("several traced interfaces")
                  .hasMessageContaining("Split the bean");
            });
  }

  @Test
  void thePropertiesHaveMetadataForIdeCompletion() throws IOException {
    try (InputStream in =
        getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
      assertThat(in).isNotNull();
      String metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertThat(metadata)
          .contains(
              "\"spanweave.service-name\"",
              "\"spanweave.output-dir\"",
              "\"spanweave.viewer.port\"",
              "\"spanweave.extensions\"",
              "\"spanweave.enabled\"",
              "The service.name resource attribute");
    }
  }

  /** Runs {@code body} with a system property set, as {@code -Dname=value} would set it. */
  private static void withSystemProperty(String name, String value, Runnable body) {
    String before = System.getProperty(name);
    System.setProperty(name, value);
    try {
      body.run();
    } finally {
      if (before == null) {
        System.clearProperty(name);
      } else {
        System.setProperty(name, before);
      }
    }
  }

  public interface Ranker {
    @Traced(stage = "rank")
    int rank(int position);
  }

  static final class RankingScorer implements Ranker, Scorer {
    @Override
    public int rank(int position) {
      return position;
    }

    @Override
    public Score score(String sampleId, String response) {
      return new Score(0);
    }
  }

  /** A traced class with Spring's injection and lifecycle: its delegate repeats the constructor. */
  public static class Threshold {
    private final int words;
    @Autowired WordCounter fieldCounter;
    boolean initialized;

    public Threshold(WordCounter counter) {
      this.words = counter.count("x y");
    }

    @PostConstruct
    void initialize() {
      initialized = true;
    }

    @Traced(stage = "threshold")
    public boolean passes(String text) {
      return text.split(" ").length > words;
    }
  }

  /** Its delegate's constructor would lack the @Value. */
  public static class ValueThreshold {
    private final int words;

    public ValueThreshold(@Value("${threshold.words:2}") int words) {
      this.words = words;
    }

    @Traced(stage = "threshold")
    public boolean passes(String text) {
      return text.split(" ").length > words;
    }
  }

  /** Its delegate's constructors would lack the @Autowired that picks one. */
  public static class ChosenThreshold {
    private final int words;

    public ChosenThreshold() {
      this.words = 2;
    }

    @Autowired
    public ChosenThreshold(ByBeanMethod counter) {
      this.words = counter.count("xy");
    }

    @Traced(stage = "threshold")
    public boolean passes(String text) {
      return text.split(" ").length > words;
    }
  }

  public static class ByBeanMethod {
    @Traced(stage = "count")
    public int count(String text) {
      return text.length();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class CounterByBeanMethod {
    @Bean
    ByBeanMethod counterByBeanMethod() {
      return new ByBeanMethod();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class WrappedByHand {
    static final Scorer SCORER = TracedScorer.wrap(new LengthScorer());

    @Bean
    Scorer scorer() {
      return SCORER;
    }
  }
}
