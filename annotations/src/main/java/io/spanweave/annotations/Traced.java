package io.spanweave.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a stage of a pipeline. At compile time the spanweave processor writes a delegate, {@code
 * Traced<Type>}, that wraps each marked method in a span; nothing happens at run time through
 * reflection, proxies or an agent.
 *
 * <pre>{@code
 * public interface RolloutWorker {
 *   @Traced(stage = "generate", kind = Kind.MODEL,
 *           metrics = {"numTokens", "gen_ai.usage.input_tokens=usage.inputTokens"})
 *   GenerateResult generate(@TraceAttribute("sample.id") String sampleId, Prompt prompt);
 * }
 *
 * RolloutWorker worker = TracedRolloutWorker.wrap(new VllmWorker());
 * }</pre>
 *
 * <p>On a type, every public instance method of the type is traced with these settings; an
 * annotation on a method overrides the type's.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Traced {

  /**
   * The span name. Default: {@code SimpleTypeName.methodName}. Must be a constant, never built from
   * data.
   */
  String name() default "";

  /**
   * The stage this method belongs to, recorded as {@code spanweave.stage}. Default: the method
   * name.
   */
  String stage() default "";

  /** What the stage does, recorded as {@code spanweave.kind}. */
  Kind kind() default Kind.CUSTOM;

  /**
   * Numbers or booleans to record as {@code spanweave.metric.<key>}: each entry is {@code path} or
   * {@code key=path}. A path is resolved at compile time against the return value first (record
   * components, {@code x()}, {@code getX()}, {@code isX()}, chained with dots), then against the
   * parameters by name. For a {@code CompletionStage} result the metric is read when it completes.
   */
  String[] metrics() default {};

  /** Constant attributes, each {@code "key=value"}, recorded on every span of this stage. */
  String[] attributes() default {};

  /** Whether to record previews of arguments and result. {@link Capture#OFF} by default. */
  Capture capture() default Capture.OFF;
}
