package io.spanweave.rollout;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAdvice;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a step a rollout sample passes through; the method must take one {@link RolloutState} (or
 * an {@code Iterable} of them, for a batch). The processor wraps it in a span named {@link
 * #value()} that {@link RolloutEndpointAdvice} fills in: the sample's call chain as {@code
 * rollout.span_name_path}, its ids and outcome, the parent carried by the state.
 *
 * <pre>{@code
 * public interface RolloutWorker {
 *   @RolloutEndpoint("rollout.worker.generate")
 *   RolloutState generate(RolloutState state);
 * }
 * RolloutWorker traced = TracedRolloutWorker.wrap(new VllmWorker());
 * }</pre>
 *
 * The programmatic equivalent is {@link RolloutTrace#endpoint}.
 */
@Documented
@TraceAdvice(RolloutEndpointAdvice.class)
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface RolloutEndpoint {

  /**
   * The span name, a constant such as {@code rollout.worker.generate}; also the name in the call
   * chain.
   */
  String value();

  /**
   * Recorded as {@code spanweave.kind}. The span name above is also the default stage ({@code
   * spanweave.stage}); a {@code @Traced(stage, kind)} on the same method overrides both.
   */
  Kind kind() default Kind.ROLLOUT;
}
