package io.spanweave.testing;

import io.spanweave.runtime.TraceConfig;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Turns tracing on in memory for each test and hands the test its own {@link SpanRecorder}:
 *
 * <pre>{@code
 * @ExtendWith(SpanweaveExtension.class)
 * class JudgeTest {
 *   @Test
 *   void recordsTheReward(SpanRecorder spans) {
 *     judge.judge("s-1");
 *     spans.assertThat().stage("judge").ranOnce().hasMetric("reward", 1.0);
 *   }
 * }
 * }</pre>
 *
 * <p>The recorder starts before the test's {@code @BeforeEach} methods and closes after its
 * {@code @AfterEach} methods, on the test's thread, so spans of both are the test's too. Tests that
 * run in parallel each see only their own spans (see {@link SpanRecorder} for what a test's spans
 * are). For settings of your own, register it in a static field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final SpanweaveExtension TRACING = SpanweaveExtension.withSettings(c -> c.enableExtension("rollout"));
 * }</pre>
 *
 * Works with JUnit Jupiter 5.14 and 6.
 */
public final class SpanweaveExtension
    implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(SpanweaveExtension.class);
  private static final String RECORDER = "recorder";
  private static final String STARTED_BY = "started by";

  private final UnaryOperator<TraceConfig.Builder> settings;

  /**
   * Default settings, as {@link SpanRecorder#start()}; what
   * {@code @ExtendWith(SpanweaveExtension.class)} uses.
   */
  public SpanweaveExtension() {
    this(UnaryOperator.identity());
  }

  private SpanweaveExtension(UnaryOperator<TraceConfig.Builder> settings) {
    this.settings = settings;
  }

  /**
   * An extension whose recorders start with {@code settings}, as {@link
   * SpanRecorder#start(UnaryOperator)}.
   */
  public static SpanweaveExtension withSettings(UnaryOperator<TraceConfig.Builder> settings) {
    return new SpanweaveExtension(Objects.requireNonNull(settings, "settings"));
  }

  /**
   * Starts the test's recorder. When another {@code SpanweaveExtension} already started one for
   * this test (one on the enclosing class, one in a field of a {@code @Nested} class), the one
   * registered last, the more specific, replaces it.
   */
  @Override
  public void beforeEach(ExtensionContext context) {
    ExtensionContext.Store store = context.getStore(NAMESPACE);
    SpanRecorder earlier = store.remove(RECORDER, SpanRecorder.class);
    if (earlier != null) {
      earlier.close();
    }
    store.put(RECORDER, SpanRecorder.start(settings));
    store.put(STARTED_BY, this);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    context.getStore(NAMESPACE).remove(STARTED_BY);
    SpanRecorder recorder = context.getStore(NAMESPACE).remove(RECORDER, SpanRecorder.class);
    if (recorder != null) {
      recorder.close();
    }
  }

  /**
   * Only the extension that started the test's recorder resolves it, so two registered ones do not
   * compete.
   */
  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Object startedBy = context.getStore(NAMESPACE).get(STARTED_BY);
    return parameter.getParameter().getType() == SpanRecorder.class
        && (startedBy == null || startedBy == this);
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    SpanRecorder recorder = context.getStore(NAMESPACE).get(RECORDER, SpanRecorder.class);
    if (recorder == null) {
      throw new ParameterResolutionException(
          "A SpanRecorder records one test: ask for it in a @Test, @BeforeEach "
              + "or @AfterEach method, not in "
              + parameter.getDeclaringExecutable());
    }
    return recorder;
  }
}
