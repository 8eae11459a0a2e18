package io.spanweave.rollout;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAdvice;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a call that sends a rollout sample (or a collection of them) to another process. The
 * processor wraps it in a span named {@link #value()}; {@link RolloutRemoteAdvice} makes the state
 * carry that span's context for the duration of the call, so the endpoint on the other side joins
 * the sample's trace, and puts back what the state carried before once the call returns.
 *
 * <pre>{@code
 * public interface WorkerClient {
 *   @RolloutRemote("rollout.worker.remote")
 *   RolloutState generate(RolloutState state);              // serializes the state to a worker process
 *
 *   @RolloutRemote("rollout.worker.remote_batch")
 *   List<RolloutState> generateAll(List<RolloutState> states);   // one span, linked to every sample's trace
 * }
 * }</pre>
 *
 * The programmatic equivalents are {@link RolloutTrace#remote} and {@link
 * RolloutTrace#remoteBatch}.
 */
@Documented
@TraceAdvice(RolloutRemoteAdvice.class)
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface RolloutRemote {

  /** The span name, a constant such as {@code rollout.worker.remote}. */
  String value();

  /**
   * Recorded as {@code spanweave.kind}. The span name above is also the default stage ({@code
   * spanweave.stage}); a {@code @Traced(stage, kind)} on the same method overrides both.
   */
  Kind kind() default Kind.ROLLOUT;
}
